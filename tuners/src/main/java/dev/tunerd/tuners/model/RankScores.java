package dev.tunerd.tuners.model;

import dev.tunerd.tuners.common.Normal;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Normal scores of ranks, {@code Phi^-1((rank + 0.5) / n)} with ties sharing their mean rank, for Hyperband's payoff
 * copula and the final-rank predictors (Hyperband's {@code promote_by}, SuccessiveHalving's {@code rank_by}), with the
 * empirical quantile and Kendall's tau they read. {@link #of} gives {@link #normalScores}' values bit for bit from a
 * primitive sort and a table of the untied ranks' quantiles kept for the last length asked (issue 13 session 24: the
 * evidence's length rarely changes, and the quantile function was a fifth of a look at a bracket). Not thread-safe.
 */
public final class RankScores {
    /** The quantiles of untied ranks for {@link #quantiles}' length. */
    private double[] quantiles = new double[0];

    /** The reference: a boxed stable sort, a quantile per tied group. */
    public static double[] normalScores(double[] v) {
        int n = v.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> v[i]));
        double[] out = new double[n];
        for (int a = 0; a < n; ) {
            int b = a;
            while (b + 1 < n && v[order[b + 1]] == v[order[a]]) {
                b++;
            }
            double q = Normal.inverseCdf(((a + b) / 2.0 + 0.5) / n);
            for (int k = a; k <= b; k++) {
                out[order[k]] = q;
            }
            a = b + 1;
        }
        return out;
    }

    /** {@link #normalScores} of {@code v}, the same values. */
    public double[] of(double[] v) {
        int n = v.length;
        if (quantiles.length != n) {
            quantiles = new double[n];
            for (int a = 0; a < n; a++) {
                quantiles[a] = Normal.inverseCdf(((a + a) / 2.0 + 0.5) / n); // the reference's expression, untied
            }
        }
        double[] sorted = v.clone();
        Arrays.sort(sorted); // the order Double.compare gives, as the reference's sort
        if (n > 0 && Double.isNaN(sorted[n - 1])) {
            return normalScores(v); // NaNs (last) are untied each in their own order: not met in usable trainings
        }
        double[] groupScore = new double[n]; // per place: the score of the tied group it falls in
        for (int a = 0; a < n; ) {
            int b = a;
            while (b + 1 < n && sorted[b + 1] == sorted[a]) {
                b++;
            }
            double q = a == b ? quantiles[a] : Normal.inverseCdf(((a + b) / 2.0 + 0.5) / n);
            Arrays.fill(groupScore, a, b + 1, q);
            a = b + 1;
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) { // a value's place (any of its equals') lies in its tied group
            out[i] = groupScore[Arrays.binarySearch(sorted, v[i])];
        }
        return out;
    }

    /** The empirical quantile of {@code v} among {@code sorted} (ties count half), in (0, 1). */
    public static double quantile(double[] sorted, double v) {
        int below = lowerBound(sorted, v);
        int notAbove = upperBound(sorted, v);
        return (below + 0.5 * (notAbove - below) + 0.5) / (sorted.length + 1);
    }

    private static int lowerBound(double[] a, double v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int upperBound(double[] a, double v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Kendall's tau-a of {@code a} with {@code b} (0 with fewer than two). */
    public static double kendall(double[] a, double[] b) {
        int n = a.length;
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += (long) (Math.signum(a[i] - a[j]) * Math.signum(b[i] - b[j]));
            }
        }
        return n < 2 ? 0 : 2.0 * s / ((long) n * (n - 1));
    }
}
