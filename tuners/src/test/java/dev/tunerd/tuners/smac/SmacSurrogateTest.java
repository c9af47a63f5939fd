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

/** SMAC's surrogate options (session 17): SMAC3's log-scaled costs with log-mean leaves, random split thresholds. */
class SmacSurrogateTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "space"),
        SearchSpace.ALL_TYPES);

    @Test
    void thePercentileInterpolatesBetweenOrderStatistics() {
        double[] sorted = {0, 10, 20, 30, 40};
        assertEquals(0, LogScaledCosts.percentile(sorted, 0), 0);
        assertEquals(2, LogScaledCosts.percentile(sorted, 5), 1e-12, "position 0.2 between 0 and 10");
        assertEquals(20, LogScaledCosts.percentile(sorted, 50), 1e-12);
        assertEquals(40, LogScaledCosts.percentile(sorted, 100), 0);
    }

    @Test
    void negativeLossesAreShiftedByTheDistanceToTheFifthPercentileAndLogged() {
        // -10, -9, ..., 10 shuffled: the 5th percentile sits at position 1 of 20, -9, one above the minimum
        double[] y = new double[21];
        for (int i = 0; i < 21; i++) {
            y[i] = ((i * 8) % 21) - 10;
        }
        double[] raw = y.clone();
        LogScaledCosts.apply(y, 5);
        double offset = 1 + LogScaledCosts.FLOOR * 20;
        for (int i = 0; i < 21; i++) {
            assertEquals(Math.log(raw[i] + 10 + offset), y[i], 1e-12, "loss " + raw[i]);
        }
        double[] equal = {-3, -3, -3};
        LogScaledCosts.apply(equal, 5);
        assertArrayEquals(new double[] {0, 0, 0}, equal, 0);
    }

    @Test
    void theSamplerModelsEveryLossSetLogScaledWhenOnAndBySkewnessWhenOff() {
        // left-skewed losses: main's skewness rule leaves them raw, the log-scaled costs always take logs
        double[] losses = {-1, -1.1, -0.9, -1.05, -3, -1.2, -1.15, -0.95, -1.0, -1.12};
        SmacSampler main = new SmacSampler(SPACE, new Rng(1), SmacSettings.SESSION_16);
        SmacSampler logged = new SmacSampler(SPACE, new Rng(1), SmacSettings.SESSION_16.withSurrogate(5, false));
        for (int i = 0; i < losses.length; i++) {
            main.observe(new double[] {0.1 * i, 0.5}, losses[i]);
            logged.observe(new double[] {0.1 * i, 0.5}, losses[i]);
        }
        assertArrayEquals(losses, main.targets(), 0);
        double[] expected = losses.clone();
        LogScaledCosts.apply(expected, 5);
        assertArrayEquals(expected, logged.targets(), 0);
    }

    @Test
    void logMeanLeavesPredictTheLogOfTheMeanOfTheShiftedLosses() {
        // no splits (minSplit above n): each tree is one leaf of its bootstrap sample, drawn from a twin generator
        double[][] x = {{0}, {1}, {2}, {3}};
        double[] y = {Math.log(1), Math.log(2), Math.log(4), Math.log(8)};
        int trees = 7;
        RandomForest f = new RandomForest(x, y, new Rng(11), 1.0, true, trees, 99, true, false);
        RandomForest plain = new RandomForest(x, y, new Rng(11), 1.0, true, trees, 99, false, false);
        Rng twin = new Rng(11);
        double sumLeaves = 0;
        double sumSq = 0;
        double sumWithin = 0;
        for (int t = 0; t < trees; t++) {
            double[] drawn = new double[4];
            double meanExp = 0;
            double meanLog = 0;
            for (int i = 0; i < 4; i++) {
                drawn[i] = y[twin.nextInt(4)];
                meanExp += Math.exp(drawn[i]) / 4;
                meanLog += drawn[i] / 4;
            }
            double leaf = Math.log(meanExp);
            double within = 0;
            for (double d : drawn) {
                within += (d - meanLog) * (d - meanLog) / 4;
            }
            sumLeaves += leaf;
            sumSq += leaf * leaf;
            sumWithin += within;
        }
        double mean = sumLeaves / trees;
        double[] out = new double[2];
        f.predict(new double[] {1.5}, out);
        assertEquals(mean, out[0], 1e-12);
        assertEquals(sumSq / trees - mean * mean + sumWithin / trees, out[1], 1e-12);
        double[] base = new double[2];
        plain.predict(new double[] {1.5}, base);
        assertTrue(out[0] > base[0] + 0.1, "the log of a mean exceeds the mean of the logs: " + out[0] + " " + base[0]);
    }

    /** 40 rows: half at x = 0 with loss 0, half at x = 1 with loss 10. */
    private static RandomForest twoClusters(boolean randomSplits) {
        double[][] x = new double[40][1];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            x[i][0] = i % 2;
            y[i] = 10 * (i % 2);
        }
        return new RandomForest(x, y, new Rng(3), 1.0, true, 10, 2, false, randomSplits);
    }

    @Test
    void randomThresholdsFallAnywhereBetweenTheExtremesNotAtTheMidpoint() {
        double[] out = new double[2];
        RandomForest best = twoClusters(false);
        best.predict(new double[] {0.5}, out);
        assertEquals(0, out[0], 0, "the best split is at the midpoint 0.5, which goes left");
        best.predict(new double[] {0.51}, out);
        assertEquals(10, out[0], 0);
        RandomForest random = twoClusters(true);
        random.predict(new double[] {0.5}, out);
        assertTrue(out[0] > 0 && out[0] < 10, "some trees cut below 0.5, some above: " + out[0]);
        random.predict(new double[] {0}, out);
        assertEquals(0, out[0], 0, "every random threshold separates the clusters");
        random.predict(new double[] {1}, out);
        assertEquals(10, out[0], 0);
    }

    /** A sampler after 30 observations of a narrow valley (loss 10 |y - x| + x - 3, partly negative). */
    private static List<double[]> run(SmacSettings settings) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(9), settings);
        Rng data = new Rng(21);
        List<double[]> out = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            double[] v = t < 30 ? new double[] {data.nextDouble(), data.nextDouble()} : s.suggest(List.of());
            s.observe(v, 10 * Math.abs(v[1] - v[0]) + v[0] - 3);
            if (t >= 30) {
                out.add(v);
            }
        }
        return out;
    }

    private static boolean same(List<double[]> a, List<double[]> b) {
        return Arrays.deepEquals(a.toArray(), b.toArray());
    }

    @Test
    void eachOptionChangesTheDrawsAndRepeatsForTheSameHistoryAndSeed() {
        SmacSettings d = SmacSettings.SESSION_16;
        List<double[]> main = run(d);
        for (SmacSettings s : List.of(d.withSurrogate(5, false), d.withSurrogate(0, true), d.withSurrogate(5, true))) {
            List<double[]> a = run(s);
            assertTrue(same(a, run(s)), "a function of the history and the generator: " + s);
            assertFalse(same(main, a), "draws differ from main's: " + s);
        }
        assertTrue(same(main, run(d.withSurrogate(5, true).withSurrogate(0, false))), "off: main's draws exactly");
    }

    @Test
    void aPercentileOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SmacSettings.DEFAULT.withSurrogate(100, false));
        assertThrows(IllegalArgumentException.class, () -> SmacSettings.DEFAULT.withSurrogate(-1, false));
    }
}
