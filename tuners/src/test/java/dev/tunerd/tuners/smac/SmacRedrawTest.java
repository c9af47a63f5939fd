package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SMAC's redrawn suggestions: the incumbent with some parameters drawn anew, uniformly, past the forest. */
class SmacRedrawTest {
    private static final int DIMS = 6;
    private static final SearchSpace SPACE;

    static {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < DIMS; i++) {
            sb.append(i == 0 ? "" : ", ").append("\"x").append(i).append("\": {\"_type\": \"uniform\", \"_value\": [0, 1]}");
        }
        SPACE = SearchSpace.parse(Json.parseObject(sb.append('}').toString(), "space"), SearchSpace.ALL_TYPES);
    }

    private static SmacSettings redrawing(double share) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(0, 0, d.featureShare(), d.localStarts(), d.randomStarts(), d.withinLeaf(), d.logEi(),
            d.randomCandidates(), d.step(), d.warpSkewness(), d.trees(), d.minSplit(), share,
            d.warpSample());
    }

    private static final double[] BEST = {0.3, 0.7, 0.2, 0.9, 0.5, 0.1};

    /** Ten observations, the first of them the best, the others random and worse by at least 1. */
    private static SmacSampler observed(SmacSettings settings) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(5), settings);
        s.observe(BEST.clone(), 0);
        Rng data = new Rng(11);
        for (int t = 0; t < 9; t++) {
            double[] v = new double[DIMS];
            Arrays.setAll(v, i -> data.nextDouble());
            s.observe(v, 1 + data.nextDouble());
        }
        return s;
    }

    @Test
    void aRedrawnSuggestionKeepsAboutHalfOfTheIncumbentAndDrawsTheRestUniformly() {
        SmacSampler s = observed(redrawing(1));
        int[] redrawnPer = new int[DIMS];
        double lo = 1;
        double hi = 0;
        int kept = 0;
        int n = 60;
        for (int t = 0; t < n; t++) {
            double[] v = s.suggest(List.of());
            int same = 0;
            for (int i = 0; i < DIMS; i++) {
                if (v[i] == BEST[i]) {
                    same++;
                } else {
                    redrawnPer[i]++;
                    lo = Math.min(lo, v[i]);
                    hi = Math.max(hi, v[i]);
                }
            }
            assertTrue(same < DIMS, "a redrawn suggestion differs from the incumbent");
            kept += same;
            s.observe(v, 5);
        }
        double meanKept = (double) kept / n;
        // each parameter is kept with probability 1/2 (all six drawn anew only when the coin keeps none): about 3
        assertTrue(meanKept > 2 && meanKept < 4, "mean kept " + meanKept);
        for (int i = 0; i < DIMS; i++) {
            assertTrue(redrawnPer[i] > 10, "parameter " + i + " redrawn " + redrawnPer[i] + " times of " + n);
        }
        assertTrue(lo < 0.1 && hi > 0.9, "redrawn values cover the range: " + lo + ".." + hi);
    }

    @Test
    void withoutRedrawsTheModelsSuggestionsRarelyKeepHalfOfTheIncumbent() {
        // the control for the test above: the forest's local search moves one parameter per step, from several
        // starts, so its suggestions are not the incumbent with a random half of the parameters kept
        SmacSampler s = observed(redrawing(0));
        int halfKept = 0;
        for (int t = 0; t < 30; t++) {
            double[] v = s.suggest(List.of());
            int same = 0;
            for (int i = 0; i < DIMS; i++) {
                same += v[i] == BEST[i] ? 1 : 0;
            }
            halfKept += same >= 2 && same <= 4 ? 1 : 0;
            s.observe(v, 5);
        }
        assertTrue(halfKept < 15, "suggestions keeping 2 to 4 of the incumbent's values: " + halfKept);
    }

    @Test
    void aRedrawInANestedSpaceGivesAValidConfiguration() {
        SearchSpace nested = SearchSpace.parse(Json.parseObject("""
            {"opt": {"_type": "choice", "_value": [
                {"_name": "sgd", "lr": {"_type": "loguniform", "_value": [1e-4, 1]}},
                {"_name": "adam", "lr": {"_type": "loguniform", "_value": [1e-5, 1e-1]},
                 "beta": {"_type": "uniform", "_value": [0.8, 0.999]}}]},
             "layers": {"_type": "randint", "_value": [1, 8]}}""", "space"), SearchSpace.ALL_TYPES);
        SmacSampler s = new SmacSampler(nested, new Rng(3), redrawing(1));
        Rng data = new Rng(4);
        boolean sawSgd = false;
        boolean sawAdam = false;
        for (int t = 0; t < 60; t++) {
            double[] v = s.suggest(List.of());
            assertEquals(5, v.length);
            // parameters in order: opt, then its branches' parameters, then layers; exactly the taken branch's
            // parameters are set
            boolean adam = v[0] == 1;
            long set = Arrays.stream(v).filter(d -> !Double.isNaN(d)).count();
            assertEquals(adam ? 4 : 3, set, Arrays.toString(v));
            sawSgd |= !adam;
            sawAdam |= adam;
            s.observe(v, data.nextDouble());
        }
        assertTrue(sawSgd && sawAdam, "both branches reached");
    }

    @Test
    void aShareOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> redrawing(1.5));
        assertThrows(IllegalArgumentException.class, () -> redrawing(-0.1));
    }
}
