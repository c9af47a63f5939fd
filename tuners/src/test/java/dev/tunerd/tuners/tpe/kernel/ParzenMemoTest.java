package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An estimator refitted again and again ({@link FitMemo}, {@link MarginalMemo}: issue 13 session 27) answers as one
 * fitted once on the same inputs, to the bit: refits with the same inputs, with one weight, centre or bandwidth
 * changed, with more components, and queries that repeat a choice's options and a grid's steps.
 */
class ParzenMemoTest {
    private static final boolean[] CATEGORICAL = {false, true, false, false};
    private static final int[] CATEGORIES = {0, 4, 0, 0};

    @Test
    void aRefittedEstimatorAnswersAsAFreshOneToTheBit() {
        SplittableRandom random = new SplittableRandom(24500);
        ParzenEstimator reused = new ParzenEstimator(CATEGORICAL, CATEGORIES);
        int count = 40;
        double[] centres = new double[400 * 4];
        double[] weights = new double[400];
        double[] bandwidths = {0.03, 0, 0.05, 0.02};
        for (int k = 0; k < 400; k++) {
            fill(random, centres, k);
            weights[k] = k % 3 == 0 ? 1.0 : 0.2 + random.nextDouble();
        }
        for (int round = 0; round < 60; round++) {
            switch (round % 6) {
                case 1 -> weights[random.nextInt(count)] = 0.2 + random.nextDouble();
                case 2 -> fill(random, centres, random.nextInt(count));
                case 3 -> bandwidths[2] = 0.01 + 0.05 * random.nextDouble();
                case 4 -> count = Math.min(400, count + 1 + random.nextInt(80));
                default -> { } // the same inputs again
            }
            reused.fit(centres, weights, count, 1.0, bandwidths, 1.0 / (count + 1));
            ParzenEstimator fresh = new ParzenEstimator(CATEGORICAL, CATEGORIES);
            fresh.fit(centres, weights, count, 1.0, bandwidths, 1.0 / (count + 1));
            for (int q = 0; q < 20; q++) {
                double[] x = {random.nextDouble(), random.nextInt(4), random.nextInt(8) / 7.0, random.nextDouble()};
                for (int limit : new int[] {Integer.MAX_VALUE, 64}) {
                    double[] got = new double[4];
                    double[] want = new double[4];
                    reused.logMarginals(x, got, limit);
                    fresh.logMarginals(x, want, limit);
                    assertArrayEquals(want, got, 0.0, "round " + round + ", limit " + limit);
                    double[] again = new double[4];
                    reused.logMarginals(x, again, limit); // from the memo where a coordinate was seen
                    assertArrayEquals(want, again, 0.0);
                }
                assertEquals(fresh.logDensity(x), reused.logDensity(x), 0.0, "round " + round);
            }
        }
    }

    @Test
    void aChangedInputIsNotAnsweredFromTheMemo() {
        ParzenEstimator e = new ParzenEstimator(CATEGORICAL, CATEGORIES);
        double[] centres = {0.5, 1, 0.5, 0.5, 0.2, 2, 0.1, 0.9};
        double[] x = {0.45, 1, 0.5, 0.5};
        e.fit(centres, new double[] {1.0, 1.0}, 2, 1.0, new double[] {0.1, 0, 0.1, 0.1}, 0.3);
        double[] before = new double[4];
        e.logMarginals(x, before, Integer.MAX_VALUE);
        e.fit(centres, new double[] {1.0, 0.5}, 2, 1.0, new double[] {0.1, 0, 0.1, 0.1}, 0.3);
        double[] after = new double[4];
        e.logMarginals(x, after, Integer.MAX_VALUE);
        for (int j = 0; j < 4; j++) {
            assertTrue(before[j] != after[j], "dimension " + j + ": the second component weighs less now");
        }
    }

    /** Component k: a unit coordinate, an option, a step of an 8-point grid, and a coordinate near an edge or not. */
    private static void fill(SplittableRandom random, double[] centres, int k) {
        centres[k * 4] = random.nextDouble();
        centres[k * 4 + 1] = random.nextInt(4);
        centres[k * 4 + 2] = random.nextInt(8) / 7.0;
        centres[k * 4 + 3] = random.nextBoolean() ? random.nextDouble() * 0.05 : random.nextDouble();
    }
}
