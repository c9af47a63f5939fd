package dev.tunerd.tuners.smac;

import java.util.Arrays;

/**
 * SMAC3's log-scaled costs (the runhistory encoder of its HPO facade), written anew: every loss is shifted so that
 * the smallest sits at a small positive offset, the distance from the minimum to a low percentile of the losses, and
 * the forest is fitted on the logarithm. Losses may be negative; only their differences from the minimum matter.
 */
final class LogScaledCosts {
    /** Share of the losses' range added to the offset, so that the minimum's logarithm stays finite. */
    static final double FLOOR = 1e-10;

    private LogScaledCosts() {
    }

    /**
     * Replaces the finite {@code y} in place by {@code log(y - min + (p - min) + FLOOR * (max - min))}, {@code p} the
     * {@code percentile} (0 to 100, linear between order statistics) of {@code y}; all equal values become 0.
     */
    static void apply(double[] y, double percentile) {
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double lo = sorted[0];
        double range = sorted[sorted.length - 1] - lo;
        double offset = percentile(sorted, percentile) - lo + FLOOR * range;
        if (!(offset > 0)) {
            offset = 1;
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.log(y[i] - lo + offset);
        }
    }

    /** The {@code q}-th percentile of ascending {@code sorted}, interpolated linearly between neighbours. */
    static double percentile(double[] sorted, double q) {
        double pos = q / 100 * (sorted.length - 1);
        int below = (int) Math.floor(pos);
        if (below >= sorted.length - 1) {
            return sorted[sorted.length - 1];
        }
        return sorted[below] + (pos - below) * (sorted[below + 1] - sorted[below]);
    }
}
