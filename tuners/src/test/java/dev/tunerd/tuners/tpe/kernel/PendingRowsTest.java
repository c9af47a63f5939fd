package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PendingRowsTest {

    @Test
    void distanceIsCountedInBandwidthsAndADifferentOptionIsFar() {
        PendingRows p = new PendingRows(new boolean[] {false, false, true});
        double[] bw = {0.1, 0.2, 0};
        assertFalse(p.near(new double[] {0.5, 0.5, 1}, bw, 0.5), "nothing in flight");
        p.add(new double[] {0.5, 0.5, 1});
        assertEquals(1, p.count());
        // (0.03 / 0.1)^2 + (0.08 / 0.2)^2 = 0.09 + 0.16 = 0.25: exactly 0.5 bandwidths, not closer
        assertFalse(p.near(new double[] {0.53, 0.58, 1}, bw, 0.5));
        assertTrue(p.near(new double[] {0.53, 0.57, 1}, bw, 0.5));
        assertFalse(p.near(new double[] {0.5, 0.5, 2}, bw, 0.5), "another option");
        p.add(new double[] {0.9, 0.1, 2});
        assertTrue(p.near(new double[] {0.9, 0.1, 2}, bw, 0.5), "the second row");
        p.clear();
        assertFalse(p.near(new double[] {0.9, 0.1, 2}, bw, 0.5));
    }

    @Test
    void appendsTheRowsInFlightAsComponentsOfOneWeight() {
        PendingRows p = new PendingRows(new boolean[] {false, true});
        p.add(new double[] {0.25, 1});
        p.add(new double[] {0.75, 0});
        double[] centres = {0.1, 2, -1, -1, -1, -1, -1, -1};
        double[] weights = {1, -1, -1, -1};
        assertEquals(3, p.appendTo(centres, weights, 1, 0.25));
        assertEquals(List.of(0.1, 2.0, 0.25, 1.0, 0.75, 0.0, -1.0, -1.0),
            java.util.Arrays.stream(centres).boxed().toList());
        assertEquals(List.of(1.0, 0.25, 0.25, -1.0), java.util.Arrays.stream(weights).boxed().toList());
        p.clear();
        assertEquals(1, p.appendTo(centres, weights, 1, 0.25), "nothing in flight: nothing appended");
    }
}
