package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.model.UnitSpace;

/**
 * Distances between configurations as {@link SmacSampler} encodes them: numeric coordinates in the unit cube,
 * choices as their option index, an inactive (conditional) parameter as {@link #INACTIVE}. Another option or another
 * activity of a parameter puts two configurations infinitely far apart: they lie in different sub-spaces.
 */
final class EncodedDistance {
    /** The encoded value of a parameter that is inactive in its configuration. */
    static final double INACTIVE = -1;
    private final UnitSpace unit;

    EncodedDistance(UnitSpace unit) {
        this.unit = unit;
    }

    /** Squared Euclidean distance over the numeric coordinates; infinite across options or activities. */
    double squared(double[] a, double[] b) {
        double d2 = 0;
        for (int i = 0; i < a.length; i++) {
            if (unit.isCategorical(i) || a[i] == INACTIVE || b[i] == INACTIVE) {
                if (a[i] != b[i]) {
                    return Double.POSITIVE_INFINITY;
                }
            } else {
                d2 += (a[i] - b[i]) * (a[i] - b[i]);
            }
        }
        return d2;
    }

    /** Whether {@code a} lies strictly within {@code radius} of {@code b}. */
    boolean near(double[] a, double[] b, double radius) {
        return squared(a, b) < radius * radius;
    }
}
