package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SMAC's log warp of the losses: the offset quantile and the share of suggestions that use the exploiting one. */
class SmacWarpTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "space"),
        SearchSpace.ALL_TYPES);

    private static SmacSettings with(double exploitShare, double exploitQuantile) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(d.randomShare(), d.choiceRandomShare(), d.featureShare(), d.localStarts(),
            d.randomStarts(), d.withinLeaf(), d.logEi(), d.randomCandidates(), d.step(), d.warpSkewness(),
            d.warpQuantile(), exploitShare, exploitQuantile, d.trees(), d.minSplit(), d.lognormalEi(),
            d.stallTrials(), d.escapeShare(), d.escapeRadius(), d.initial(), 0);
    }

    /** A loss with a narrow deep minimum at (0.3, 0.7) and a long right tail. */
    private static double loss(double[] v) {
        double d2 = Math.pow(v[0] - 0.3, 2) + Math.pow(v[1] - 0.7, 2);
        return Math.exp(8 * Math.sqrt(d2));
    }

    @Test
    void theWarpOffsetIsTheGivenQuantileOfTheLosses() {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), SmacSettings.DEFAULT);
        double[] losses = new double[20];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = 1 + i * i;
            s.observe(new double[] {i / 20.0, 0.5}, losses[i]);
        }
        double[] median = s.targets(0.5);
        double[] tenth = s.targets(0.1);
        for (int i = 0; i < losses.length; i++) {
            assertEquals(Math.log(losses[i] - 1 + (losses[10] - 1)), median[i], 1e-12);
            assertEquals(Math.log(losses[i] - 1 + (losses[2] - 1)), tenth[i], 1e-12);
        }
        // the smaller offset stretches the gaps between the best losses, relative to the whole range
        double medianGap = (median[1] - median[0]) / (median[19] - median[0]);
        double tenthGap = (tenth[1] - tenth[0]) / (tenth[19] - tenth[0]);
        assertTrue(tenthGap > 2 * medianGap, tenthGap + " " + medianGap);
    }

    @Test
    void exploitingSuggestionsLandCloserToTheBest() {
        double[] spread = new double[2];
        double[] shares = {0, 1};
        for (int k = 0; k < 2; k++) {
            List<Double> distances = new ArrayList<>();
            for (long seed = 1; seed <= 3; seed++) {
                SmacSampler s = new SmacSampler(SPACE, new Rng(seed), with(shares[k], 0.05));
                for (int t = 0; t < 60; t++) {
                    double[] v = s.suggest(List.of());
                    if (t >= 30) {
                        distances.add(Math.hypot(v[0] - 0.3, v[1] - 0.7));
                    }
                    s.observe(v, loss(v));
                }
            }
            double[] d = distances.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            spread[k] = d[d.length / 2];
        }
        assertTrue(spread[1] < 0.7 * spread[0], Arrays.toString(spread));
    }

    private static SmacSettings escaping(int stallTrials) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(0, 0, d.featureShare(), d.localStarts(), d.randomStarts(), d.withinLeaf(), d.logEi(),
            d.randomCandidates(), d.step(), d.warpSkewness(), d.warpQuantile(), 0, d.exploitQuantile(), d.trees(),
            d.minSplit(), d.lognormalEi(), stallTrials, 1, 0.3, d.initial(), 0);
    }

    @Test
    void aStalledRunLeavesTheIncumbentsNeighbourhood() {
        // the best loss came first and nothing has improved on it for 29 observations
        double[] far = new double[2];
        for (int k = 0; k < 2; k++) {
            SmacSampler s = new SmacSampler(SPACE, new Rng(7), escaping(k == 0 ? 0 : 20));
            s.observe(new double[] {0.3, 0.7}, loss(new double[] {0.3, 0.7}));
            Rng data = new Rng(9);
            for (int t = 0; t < 29; t++) {
                double[] v = {data.nextDouble(), data.nextDouble()};
                s.observe(v, loss(v) + 0.5);
            }
            double[] v = s.suggest(List.of());
            far[k] = Math.sqrt((Math.pow(v[0] - 0.3, 2) + Math.pow(v[1] - 0.7, 2)) / 2);
        }
        assertTrue(far[0] < 0.3, "without a stall rule the model stays near the best: " + far[0]);
        assertTrue(far[1] > 0.3, "stalled: " + far[1]);
    }

    @Test
    void settingsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> with(1.5, 0.1));
        assertThrows(IllegalArgumentException.class, () -> with(0.5, 0));
    }
}
