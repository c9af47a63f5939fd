package dev.tunerd.tuners.model;

import dev.tunerd.tuners.common.Selection;
import java.util.Arrays;
import java.util.List;

/**
 * What the surrogate models (GP, Metis, SMAC) do to losses before fitting: a loss that is not finite (a failed or NaN
 * metric) counts as the worst finite one ({@code -Infinity} as the best), strongly right-skewed losses are log-warped
 * (heavy tails such as Rosenbrock's would make a stationary model too rough near the optimum), a long history is cut
 * to the best half and the most recent others, and the rest is standardised. One place, so the three models agree.
 */
public final class SurrogateLosses {
    private SurrogateLosses() {
    }

    /** The smallest and largest finite loss as {@code {lo, hi}}, or null when none is finite. */
    public static double[] finiteRange(List<Double> losses) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double l : losses) {
            if (Double.isFinite(l)) {
                lo = Math.min(lo, l);
                hi = Math.max(hi, l);
            }
        }
        return lo > hi ? null : new double[] {lo, hi};
    }

    /** {@code loss} itself when finite; else {@code lo} for {@code -Infinity} and {@code hi} for NaN or {@code +Infinity}. */
    public static double finiteOrBound(double loss, double lo, double hi) {
        return Double.isFinite(loss) ? loss : (loss == Double.NEGATIVE_INFINITY ? lo : hi);
    }

    /** The sample skewness (third standardised moment); 0 when the values do not spread. */
    public static double skewness(double[] v) {
        double mean = 0;
        for (double d : v) {
            mean += d;
        }
        mean /= v.length;
        double m2 = 0;
        double m3 = 0;
        for (double d : v) {
            m2 += (d - mean) * (d - mean);
            m3 += (d - mean) * (d - mean) * (d - mean);
        }
        m2 /= v.length;
        m3 /= v.length;
        return m2 > 0 ? m3 / Math.pow(m2, 1.5) : 0;
    }

    /**
     * Replaces {@code y} in place by {@code log(y - lo + (median - lo))} (the offset at least a relative 1e-12) when
     * its skewness is above {@code threshold}; {@code lo} is the smallest value.
     */
    public static void warpIfSkewed(double[] y, double lo, double threshold) {
        if (skewness(y) <= threshold) {
            return;
        }
        double offset = Math.max(Selection.kthSmallest(y, y.length / 2) - lo, 1e-12 * Math.max(1.0, Math.abs(lo)));
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.log(y[i] - lo + offset);
        }
    }

    /** All indices when there are at most {@code cap}; else the best {@code cap/2} and the most recent others, in index order. */
    public static int[] bestHalfAndRecent(double[] y, int cap) {
        int n = y.length;
        int[] out = new int[Math.min(n, cap)];
        if (n <= cap) {
            Arrays.setAll(out, i -> i);
            return out;
        }
        // the best cap/2 in the order of a stable sort: all below the (cap/2)-th smallest value, then its ties by index
        boolean[] take = new boolean[n];
        int half = cap / 2;
        int taken = 0;
        if (half > 0) {
            double threshold = Selection.kthSmallest(y, half - 1);
            for (int i = 0; i < n; i++) {
                if (Double.compare(y[i], threshold) < 0) {
                    take[i] = true;
                    taken++;
                }
            }
            for (int i = 0; i < n && taken < half; i++) {
                if (Double.compare(y[i], threshold) == 0) {
                    take[i] = true;
                    taken++;
                }
            }
        }
        for (int i = n - 1; i >= 0 && taken < cap; i--) {
            if (!take[i]) {
                take[i] = true;
                taken++;
            }
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (take[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    /**
     * Standardises {@code y} in place to mean 0 and deviation 1, then subtracts {@code shift} (a pessimistic prior
     * mean). Returns the deviation; when the values do not spread (deviation at most a relative 1e-12, or not finite)
     * every value becomes 0 and the result is 0.
     */
    public static double standardise(double[] y, double shift) {
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(var / y.length);
        boolean spread = sd > 1e-12 * Math.max(1.0, Math.abs(mean)) && Double.isFinite(sd);
        for (int i = 0; i < y.length; i++) {
            y[i] = spread ? (y[i] - mean) / sd - shift : 0.0;
        }
        return spread ? sd : 0.0;
    }
}
