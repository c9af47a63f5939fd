package dev.tunerd.tuners.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SurrogateLossesTest {
    @Test
    void lossesThatAreNotFiniteCountAsTheBoundsOfTheFiniteOnes() {
        List<Double> losses = List.of(3.0, Double.NaN, -2.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        double[] range = SurrogateLosses.finiteRange(losses);
        assertArrayEquals(new double[] {-2.0, 3.0}, range);
        assertEquals(3.0, SurrogateLosses.finiteOrBound(Double.NaN, range[0], range[1]));
        assertEquals(3.0, SurrogateLosses.finiteOrBound(Double.POSITIVE_INFINITY, range[0], range[1]));
        assertEquals(-2.0, SurrogateLosses.finiteOrBound(Double.NEGATIVE_INFINITY, range[0], range[1]));
        assertEquals(0.5, SurrogateLosses.finiteOrBound(0.5, range[0], range[1]));
        assertNull(SurrogateLosses.finiteRange(List.of(Double.NaN, Double.POSITIVE_INFINITY)));
    }

    @Test
    void onlyStronglySkewedLossesAreLogWarpedAroundTheirMedian() {
        double[] symmetric = {1, 2, 3, 4, 5};
        SurrogateLosses.warpIfSkewed(symmetric, 1, 1.5);
        assertArrayEquals(new double[] {1, 2, 3, 4, 5}, symmetric);
        double[] skewed = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1000};
        assertEquals(true, SurrogateLosses.skewness(skewed) > 1.5);
        SurrogateLosses.warpIfSkewed(skewed, 0, 1.5);
        assertEquals(Math.log(0 - 0 + 1), skewed[0], 1e-12, "offset = median - min = 1");
        assertEquals(Math.log(1000 + 1), skewed[9], 1e-12);
        assertEquals(0.0, SurrogateLosses.skewness(new double[] {2, 2, 2}));
    }

    @Test
    void aLongHistoryKeepsTheBestHalfAndTheMostRecentOthersInIndexOrder() {
        double[] y = {5, 0, 9, 1, 8, 7, 6, 4};
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, SurrogateLosses.bestHalfAndRecent(y, 8));
        // cap 4: the best two (indices 1 and 3), then the most recent not taken (7, 6)
        assertArrayEquals(new int[] {1, 3, 6, 7}, SurrogateLosses.bestHalfAndRecent(y, 4));
    }

    @Test
    void tiedLossesAtTheCutAreTakenByIndexAsAStableSortWouldTakeThem() {
        // the best three of {2, 1, 1, 3, 1, 0, 1}: 0 (index 5), then the 1s at indices 1 and 2 (not 4 or 6)
        double[] y = {2, 1, 1, 3, 1, 0, 1, 5, 4, 6};
        // cap 6: those three, then the three most recent others (9, 8, 7)
        assertArrayEquals(new int[] {1, 2, 5, 7, 8, 9}, SurrogateLosses.bestHalfAndRecent(y, 6));
        // cap 7: the best three, then 9, 8, 7, 6 (the 1 at index 6 as a recent one)
        assertArrayEquals(new int[] {1, 2, 5, 6, 7, 8, 9}, SurrogateLosses.bestHalfAndRecent(y, 7));
        // -0.0 sorts before 0.0, as Double.compare orders them
        assertArrayEquals(new int[] {1, 3}, SurrogateLosses.bestHalfAndRecent(new double[] {0.0, -0.0, 1, 2}, 2));
    }

    @Test
    void standardisingGivesMeanMinusShiftAndUnitDeviationOrZerosWithoutSpread() {
        double[] y = {1, 2, 3, 4};
        double sd = SurrogateLosses.standardise(y, 0.75);
        assertEquals(Math.sqrt(1.25), sd, 1e-12);
        assertEquals(-0.75, Arrays.stream(y).average().orElseThrow(), 1e-12);
        assertEquals((4 - 2.5) / Math.sqrt(1.25) - 0.75, y[3], 1e-12);
        double[] flat = {7, 7, 7};
        assertEquals(0.0, SurrogateLosses.standardise(flat, 0.75));
        assertArrayEquals(new double[] {0, 0, 0}, flat);
    }
}
