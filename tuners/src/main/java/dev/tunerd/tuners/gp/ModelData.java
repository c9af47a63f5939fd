package dev.tunerd.tuners.gp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The observations the GP is built on: at most {@link #CAP} of them (all while there are fewer; then the best half
 * and the most recent other half, so a 10,000-trial run costs what a 250-trial run costs), losses that are not
 * finite (failed or NaN metrics) counted as the worst finite loss, strongly right-skewed losses log-warped, and
 * standardised to mean 0 and deviation 1, then shifted by {@link #PRIOR_SHIFT} (a pessimistic prior mean).
 * Immutable.
 */
final class ModelData {
    /** Observations in the model at most. */
    static final int CAP = 250;
    /**
     * The GP's constant prior mean, in standardised units above the mean loss: where there are no observations the
     * model expects a loss 0.75 deviations worse than average, so EI does not chase the corners of the cube, whose
     * variance is largest, and searches near the good points first (tuned: 6 to 8 in-process seeds at 100 trials,
     * seed bases 3000 and 7000: 84.8 / 89.2 and 83.6 / 92.1 at 50 / 100 trials with 0, 91.7 / 93.1 and 90.3 / 93.7
     * with 0.75; 0.5 and 1.0 in between or lower at 50).
     */
    static final double PRIOR_SHIFT = 0.75;
    /**
     * Losses this right-skewed are modelled as {@code log(loss - min + (median - min))}: heavy tails (Rosenbrock,
     * Goldstein-Price) would otherwise make a stationary GP too rough near the optimum. Tuned on the in-process bench.
     */
    static final double WARP_SKEWNESS = 1.5;
    private final double[][] x;
    private final double[] y;
    private final double scale;
    private final boolean spread;

    private ModelData(double[][] x, double[] y, double scale, boolean spread) {
        this.x = x;
        this.y = y;
        this.scale = scale;
        this.spread = spread;
    }

    /** @return null when no loss is finite */
    static ModelData select(List<double[]> features, List<Double> losses) {
        return select(features, losses, CAP);
    }

    static ModelData select(List<double[]> features, List<Double> losses, int cap) {
        int n = losses.size();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double l : losses) {
            if (Double.isFinite(l)) {
                lo = Math.min(lo, l);
                hi = Math.max(hi, l);
            }
        }
        if (lo > hi) {
            return null;
        }
        double[] clean = new double[n];
        for (int i = 0; i < n; i++) {
            double l = losses.get(i);
            clean[i] = Double.isFinite(l) ? l : (l == Double.NEGATIVE_INFINITY ? lo : hi);
        }
        if (skewness(clean) > WARP_SKEWNESS) {
            double[] sorted = clean.clone();
            Arrays.sort(sorted);
            double offset = Math.max(sorted[n / 2] - lo, 1e-12 * Math.max(1.0, Math.abs(lo)));
            for (int i = 0; i < n; i++) {
                clean[i] = Math.log(clean[i] - lo + offset);
            }
        }
        int[] chosen = choose(clean, cap);
        double[][] x = new double[chosen.length][];
        double[] y = new double[chosen.length];
        double mean = 0;
        for (int i = 0; i < chosen.length; i++) {
            x[i] = features.get(chosen[i]);
            y[i] = clean[chosen[i]];
            mean += y[i];
        }
        mean /= y.length;
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(var / y.length);
        boolean spread = sd > 1e-12 * Math.max(1.0, Math.abs(mean)) && Double.isFinite(sd);
        for (int i = 0; i < y.length; i++) {
            y[i] = spread ? (y[i] - mean) / sd - PRIOR_SHIFT : 0.0;
        }
        return new ModelData(x, y, spread ? sd : 1.0, spread);
    }

    static double skewness(double[] v) {
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

    /** All indices, or the best cap/2 and the most recent of the others, in index order. */
    private static int[] choose(double[] loss, int cap) {
        int n = loss.length;
        if (n <= cap) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> loss[i]));
        boolean[] take = new boolean[n];
        for (int i = 0; i < cap / 2; i++) {
            take[order[i]] = true;
        }
        int taken = cap / 2;
        for (int i = n - 1; i >= 0 && taken < cap; i--) {
            if (!take[i]) {
                take[i] = true;
                taken++;
            }
        }
        int[] out = new int[cap];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (take[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    int size() {
        return y.length;
    }

    double[][] x() {
        return x;
    }

    double[] y() {
        return y;
    }

    /** The losses' standard deviation (1 when they have none). */
    double scale() {
        return scale;
    }

    boolean hasSpread() {
        return spread;
    }

    /** The smallest standardised loss. */
    double best() {
        double b = Double.POSITIVE_INFINITY;
        for (double v : y) {
            b = Math.min(b, v);
        }
        return b;
    }

    /** Features of the {@code k} best observations, best first. */
    List<double[]> incumbents(int k) {
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < Math.min(k, order.length); i++) {
            out.add(x[order[i]]);
        }
        return out;
    }

    /** At most {@code cap} of these rows for the likelihood fit: the best half and the most recent others. */
    ModelData subset(int cap) {
        if (y.length <= cap) {
            return this;
        }
        int[] chosen = choose(y, cap);
        double[][] sx = new double[chosen.length][];
        double[] sy = new double[chosen.length];
        for (int i = 0; i < chosen.length; i++) {
            sx[i] = x[chosen[i]];
            sy[i] = y[chosen[i]];
        }
        return new ModelData(sx, sy, scale, spread);
    }
}
