package dev.tunerd.tuners.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TorusDistanceTest {
    private static final boolean[] NUMERIC = {false, false};
    private static final boolean[] MIXED = {false, true};

    @Test
    void numericCoordinatesWrapAround() {
        assertEquals(0.01, TorusDistance.squared(new double[] {0.95, 0.5}, new double[] {0.05, 0.5}, 0, NUMERIC, 0.25),
            1e-12);
        assertEquals(0.04 + 0.09, TorusDistance.squared(new double[] {0.1, 0.2}, new double[] {9, 9, 0.3, 0.5}, 2,
            NUMERIC, 0.25), 1e-12);
    }

    @Test
    void aDifferingOptionOrActivityAddsTheCategoryDistance() {
        assertEquals(0.04 + 0.5, TorusDistance.squared(new double[] {0.3, 1}, new double[] {0.1, 2}, 0, MIXED, 0.5),
            1e-12);
        assertEquals(0.04, TorusDistance.squared(new double[] {0.3, 1}, new double[] {0.1, 1}, 0, MIXED, 0.5), 1e-12);
        // an inactive parameter: none when both lack it, the category distance when one does
        assertEquals(0.0, TorusDistance.squared(new double[] {Double.NaN, 1}, new double[] {Double.NaN, 1}, 0, MIXED,
            0.5));
        assertEquals(0.5, TorusDistance.squared(new double[] {0.4, 1}, new double[] {Double.NaN, 1}, 0, MIXED, 0.5),
            1e-12);
        assertEquals(0.5, TorusDistance.squared(new double[] {0.4, Double.NaN}, new double[] {0.4, 0}, 0, MIXED, 0.5),
            1e-12);
    }
}
