package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The encoded distance SMAC's far search uses, and the nearest-better basin built on it. */
class NearestBetterBasinTest {
    private static final EncodedDistance PLANE = new EncodedDistance(new UnitSpace(List.of(Specs.uniform("x", 0, 1),
        Specs.uniform("y", 0, 1))));

    @Test
    void distanceIsEuclideanOverNumericCoordinatesAndInfiniteAcrossOptionsOrActivity() {
        EncodedDistance mixed = new EncodedDistance(new UnitSpace(List.of(Specs.choice("c", 2, -1, -1),
            Specs.nestedUniform("x", 0, 1, 0, 1))));
        assertEquals(0.25 + 0.04, PLANE.squared(new double[] {0.1, 0.3}, new double[] {0.6, 0.1}), 1e-12);
        assertEquals(0.01, mixed.squared(new double[] {1, 0.2}, new double[] {1, 0.3}), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, mixed.squared(new double[] {0, 0.2}, new double[] {1, 0.2}));
        assertEquals(Double.POSITIVE_INFINITY,
            mixed.squared(new double[] {1, EncodedDistance.INACTIVE}, new double[] {1, 0.2}));
        assertEquals(0, mixed.squared(new double[] {0, EncodedDistance.INACTIVE},
            new double[] {0, EncodedDistance.INACTIVE}));
        assertTrue(PLANE.near(new double[] {0.1, 0.1}, new double[] {0.1, 0.2}, 0.11));
        assertFalse(PLANE.near(new double[] {0.1, 0.1}, new double[] {0.1, 0.2}, 0.1), "strictly within");
    }

    @Test
    void aSlopeLeadingBackToTheBestIsInAndASeparateWellCloseByIsOut() {
        // best first: a chain of small steps away from the best (a slope), then a second well across a gap whose
        // own points link to it, not to the slope
        List<double[]> byRank = List.of(new double[] {0.10, 0.10}, new double[] {0.15, 0.10},
            new double[] {0.20, 0.10}, new double[] {0.25, 0.10}, new double[] {0.30, 0.10},
            new double[] {0.80, 0.80}, new double[] {0.82, 0.80}, new double[] {0.80, 0.83});
        boolean[] in = NearestBetterBasin.byRank(byRank, 2, PLANE);
        assertArrayEquals(new boolean[] {true, true, true, true, true, false, false, false}, in);
        // with no cut every chain reaches the best
        boolean[] all = NearestBetterBasin.byRank(byRank, Double.POSITIVE_INFINITY, PLANE);
        for (boolean b : all) {
            assertTrue(b);
        }
    }

    @Test
    void anObservationInAnotherSubSpaceIsNeverInTheBasin() {
        EncodedDistance mixed = new EncodedDistance(new UnitSpace(List.of(Specs.choice("c", 2, -1, -1),
            Specs.nestedUniform("x", 0, 1, 0, 1))));
        List<double[]> byRank = List.of(new double[] {1, 0.5}, new double[] {1, 0.52},
            new double[] {0, EncodedDistance.INACTIVE}, new double[] {1, 0.55});
        assertArrayEquals(new boolean[] {true, true, false, true}, NearestBetterBasin.byRank(byRank, 3, mixed));
        assertArrayEquals(new boolean[0], NearestBetterBasin.byRank(List.of(), 3, mixed));
    }
}
