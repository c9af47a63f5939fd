package dev.tunerd.tuners.model;

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
        double offset = Math.max(kthSmallest(y, y.length / 2) - lo, 1e-12 * Math.max(1.0, Math.abs(lo)));
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
            double threshold = kthSmallest(y, half - 1);
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

    /**
     * The value at index {@code k} of {@code values} sorted ascending ({@code Arrays.sort}'s order: that of
     * {@link Double#compare}), found by selection on a copy in expected linear time instead of sorting (a probe on
     * 5,000 observations sorted them twice per suggestion). Three-way partitions, so many equal values (failures
     * counted as the worst loss) cost no more than distinct ones.
     */
    public static double kthSmallest(double[] values, int k) {
        if (k < 0 || k >= values.length) {
            throw new IllegalArgumentException("k out of range: " + k + " of " + values.length);
        }
        double[] a = values.clone();
        int lo = 0;
        int hi = a.length - 1;
        while (lo < hi) {
            double pivot = medianOfThree(a[lo], a[(lo + hi) >>> 1], a[hi]);
            int lt = lo;
            int i = lo;
            int gt = hi;
            while (i <= gt) {
                int c = Double.compare(a[i], pivot);
                if (c < 0) {
                    swap(a, lt++, i++);
                } else if (c > 0) {
                    swap(a, i, gt--);
                } else {
                    i++;
                }
            }
            if (k < lt) {
                hi = lt - 1;
            } else if (k > gt) {
                lo = gt + 1;
            } else {
                return a[k];
            }
        }
        return a[lo];
    }

    private static double medianOfThree(double a, double b, double c) {
        if (Double.compare(a, b) > 0) {
            double t = a;
            a = b;
            b = t;
        }
        if (Double.compare(b, c) > 0) {
            b = c;
        }
        return Double.compare(a, b) > 0 ? a : b;
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
