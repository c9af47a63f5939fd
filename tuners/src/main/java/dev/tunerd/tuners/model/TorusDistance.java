package dev.tunerd.tuners.model;

/**
 * Squared distance between points of the unit cube measured on the torus: each numeric coordinate wraps around, so
 * the farthest of several random points from a set is not pushed to the cube's faces (a plain maximin rule is, which
 * issue 16's third pass measured at -3.8 points for TPE). A categorical coordinate (an option index) adds
 * {@code categoryDistance} when the options differ; an inactive coordinate (NaN, another nested branch) adds it when
 * only one of the two points has the parameter. Used by TPE's and Anneal's spread of the draws made while trials are
 * in flight. Stateless and thread-safe.
 */
public final class TorusDistance {
    private TorusDistance() {
    }

    /**
     * Squared torus distance between {@code a} and the row of {@code rows} starting at {@code offset}
     * ({@code categorical.length} values each).
     */
    public static double squared(double[] a, double[] rows, int offset, boolean[] categorical,
                                 double categoryDistance) {
        double sum = 0;
        for (int j = 0; j < categorical.length; j++) {
            double x = a[j];
            double y = rows[offset + j];
            boolean missing = Double.isNaN(x);
            if (missing || Double.isNaN(y)) {
                sum += missing == Double.isNaN(y) ? 0 : categoryDistance;
                continue;
            }
            double diff = Math.abs(x - y);
            if (categorical[j]) {
                sum += diff == 0 ? 0 : categoryDistance;
            } else {
                double wrapped = Math.min(diff, 1 - diff);
                sum += wrapped * wrapped;
            }
        }
        return sum;
    }
}
