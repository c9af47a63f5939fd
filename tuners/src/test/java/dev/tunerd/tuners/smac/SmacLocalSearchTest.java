package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SMAC's adaptive local search (session 16): first improvement, plateau steps, a step that adapts; starts by mean. */
class SmacLocalSearchTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "space"),
        SearchSpace.ALL_TYPES);

    /** One neighbour: the first coordinate moved up by the step (unbounded). */
    private static List<double[]> upByStep(double[] v, double step) {
        List<double[]> out = new ArrayList<>();
        out.add(new double[] {v[0] + step});
        return out;
    }

    @Test
    void threeImprovementsInARowDoubleTheStepUpToTheCap() {
        AdaptiveWalk walk = new AdaptiveWalk(new Rng(1), 0.05, SmacLocalSearchTest::upByStep);
        double[] end = walk.climb(new double[] {0}, v -> v[0], v -> true);
        // 3 moves at 0.05, 3 at 0.1, 3 at 0.2, 3 at 0.4, then 18 at the cap 0.5: 30 moves in all
        assertEquals(AdaptiveWalk.MAX_MOVES, walk.lastMoves());
        assertEquals(AdaptiveWalk.MAX_STEP, walk.lastStep());
        assertEquals(3 * 0.05 + 3 * 0.1 + 3 * 0.2 + 3 * 0.4 + 18 * 0.5, end[0], 1e-12);
        assertEquals(0, walk.lastPlateau());
    }

    @Test
    void plateauStepsHalveTheStepEveryThirdAndStopAtTheLimit() {
        AdaptiveWalk walk = new AdaptiveWalk(new Rng(1), 0.05, SmacLocalSearchTest::upByStep);
        double[] end = walk.climb(new double[] {0}, v -> 1, v -> true);
        assertEquals(AdaptiveWalk.PLATEAU_STEPS, walk.lastPlateau());
        assertEquals(0, walk.lastMoves());
        // halved after the 3rd, 6th and 9th plateau step
        assertEquals(0.05 / 8, walk.lastStep(), 1e-15);
        assertEquals(0.05 + 0.05 + 0.05 + 3 * 0.025 + 3 * 0.0125 + 0.05 / 8, end[0], 1e-12);
    }

    @Test
    void theStepNeverFallsBelowItsFloor() {
        AdaptiveWalk walk = new AdaptiveWalk(new Rng(1), 0.008, SmacLocalSearchTest::upByStep);
        walk.climb(new double[] {0}, v -> 1, v -> true);
        assertEquals(AdaptiveWalk.MIN_STEP, walk.lastStep());
    }

    @Test
    void theWalkTakesTheFirstBetterNeighbourNotTheBest() {
        // from 0, five neighbours all better (values 1 to 5); from anywhere else none is: first improvement takes
        // whichever of them comes first in the shuffled order, so over several seeds it is not always the best one
        AdaptiveWalk.Neighbourhood fan = (v, step) -> {
            List<double[]> out = new ArrayList<>();
            for (int k = 1; k <= 5; k++) {
                out.add(new double[] {v[0] == 0 ? k : -k});
            }
            return out;
        };
        int[] evaluations = new int[1];
        boolean notBest = false;
        for (long seed = 1; seed <= 10; seed++) {
            AdaptiveWalk walk = new AdaptiveWalk(new Rng(seed), 0.05, fan);
            evaluations[0] = 0;
            double[] end = walk.climb(new double[] {0}, v -> {
                evaluations[0]++;
                return v[0];
            }, v -> true);
            assertEquals(1, walk.lastMoves());
            // the start, the first neighbour (better: the scan stops), then all five from there (none better)
            assertEquals(1 + 1 + 5, evaluations[0]);
            notBest |= end[0] != 5;
        }
        assertTrue(notBest, "first improvement sometimes stops below the best neighbour");
    }

    @Test
    void neighboursThatAreNotAllowedAreNeverTaken() {
        AdaptiveWalk walk = new AdaptiveWalk(new Rng(1), 0.05, SmacLocalSearchTest::upByStep);
        double[] end = walk.climb(new double[] {0}, v -> v[0], v -> v[0] < 0.32);
        assertTrue(end[0] < 0.32, "stopped before the forbidden region: " + end[0]);
        assertEquals(0.25, end[0], 1e-12);
    }

    @Test
    void anInitialStepOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveWalk(new Rng(1), 0.001,
            SmacLocalSearchTest::upByStep));
        assertThrows(IllegalArgumentException.class, () -> SmacSettings.DEFAULT.withLocalSearch(0.001, false));
        assertThrows(IllegalArgumentException.class, () -> SmacSettings.DEFAULT.withLocalSearch(0.6, false));
    }

    @Test
    void startsByPredictedMeanAreTheLowestPredictionsInOrder() {
        Rng data = new Rng(3);
        double[][] x = new double[40][];
        double[] y = new double[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[] {data.nextDouble(), data.nextDouble()};
            // a smooth bowl plus noise: the observed order and the forest's differ
            y[i] = (x[i][0] - 0.3) * (x[i][0] - 0.3) + (x[i][1] - 0.6) * (x[i][1] - 0.6) + 0.05 * data.nextGaussian();
        }
        RandomForest forest = new RandomForest(x, y, new Rng(4), 1, true, 10, 3);
        List<double[]> chosen = SmacSampler.lowestPredicted(forest, Arrays.asList(x), 5);
        assertEquals(5, chosen.size());
        double[] out = new double[2];
        double[] mean = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            forest.predict(x[i], out);
            mean[i] = out[0];
        }
        double[] sorted = mean.clone();
        Arrays.sort(sorted);
        for (int k = 0; k < 5; k++) {
            forest.predict(chosen.get(k), out);
            assertEquals(sorted[k], out[0], 0, "start " + k + " is the k-th lowest prediction");
        }
    }

    /** A sampler after 30 observations of a narrow valley (loss 10 |y - x| + x) in the unit square. */
    private static SmacSampler valley(SmacSettings settings, long seed) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(seed), settings);
        Rng data = new Rng(21);
        for (int t = 0; t < 30; t++) {
            double[] v = {data.nextDouble(), data.nextDouble()};
            s.observe(v, 10 * Math.abs(v[1] - v[0]) + v[0]);
        }
        return s;
    }

    private static SmacSettings modelOnly(double adaptive, boolean byMean) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(0, 0, d.featureShare(), d.localStarts(), d.randomStarts(), d.withinLeaf(), d.logEi(),
            d.randomCandidates(), d.step(), d.warpSkewness(), d.trees(), d.minSplit(), 0, d.warpSample())
            .withLocalSearch(adaptive, byMean);
    }

    /** Ten suggestions of a valley sampler, each observed before the next. */
    private static List<double[]> run(SmacSettings settings) {
        SmacSampler s = valley(settings, 9);
        List<double[]> out = new ArrayList<>();
        for (int t = 0; t < 10; t++) {
            double[] v = s.suggest(List.of());
            out.add(v);
            s.observe(v, 10 * Math.abs(v[1] - v[0]) + v[0]);
        }
        return out;
    }

    private static boolean same(List<double[]> a, List<double[]> b) {
        for (int t = 0; t < a.size(); t++) {
            if (!Arrays.equals(a.get(t), b.get(t))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theAdaptiveSearchDrawsOtherwiseAndRepeatsForTheSameHistoryAndSeed() {
        List<double[]> adaptive = run(modelOnly(0.05, false));
        assertTrue(same(adaptive, run(modelOnly(0.05, false))), "a function of the history and the generator");
        assertFalse(same(run(modelOnly(0, false)), adaptive), "the adaptive walk is not main's steepest ascent");
        assertFalse(same(adaptive, run(modelOnly(0.05, true))), "starts by predicted mean change the draws");
    }

    @Test
    void theSettingsOffAreMainsDrawsExactly() {
        SmacSampler a = valley(modelOnly(0, false), 9);
        SmacSampler b = valley(modelOnly(0.2, false).withLocalSearch(0, false), 9);
        for (int t = 0; t < 5; t++) {
            double[] u = a.suggest(List.of());
            double[] w = b.suggest(List.of());
            assertArrayEquals(u, w, "suggestion " + t);
            a.observe(u, u[0]);
            b.observe(w, w[0]);
        }
    }
}
