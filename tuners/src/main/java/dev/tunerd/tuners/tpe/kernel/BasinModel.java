package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;
import java.util.function.IntFunction;

/**
 * The state of {@link SecondBasin} for one parameter group: whether its good set has collapsed (checked at every fit,
 * O(good set)), and, for the suggestions the rule takes, the second model's pair of densities fitted on the
 * observations far from the best one. Not thread-safe.
 */
final class BasinModel {
    private final SecondBasin rule;
    private final boolean[] categorical;
    private final int dims;
    private final ParzenEstimator good;
    private final ParzenEstimator bad;
    private final double[] incumbent;
    private double[] centres = new double[0];
    private double[] weights = new double[0];
    private boolean[] inGood = new boolean[0];
    private boolean collapsed;
    /** Suggestions taken by the second model so far. */
    private int taken;

    BasinModel(SecondBasin rule, boolean[] categorical, int[] categories) {
        this.rule = rule;
        this.categorical = categorical.clone();
        this.dims = categorical.length;
        this.good = new ParzenEstimator(categorical, categories);
        this.bad = new ParzenEstimator(categorical, categories);
        this.incumbent = new double[dims];
    }

    /**
     * Records whether the group's good set (the first {@code count} rows of {@code goodCentres}) has collapsed, with
     * {@code rows} observations in the group.
     */
    void check(double[] goodCentres, int count, double[] bandwidths, int rows) {
        collapsed = rule.share() > 0 && taken < rule.limit() && rows >= rule.after()
            && rule.collapsed(goodCentres, count, categorical, bandwidths);
    }

    /** Suggestions taken by the second model so far. */
    int taken() {
        return taken;
    }

    /** Restores {@link #taken()} (a snapshot's count; a replay of the observations cannot rebuild it). */
    void restoreTaken(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("second basin: suggestions taken must be >= 0, not " + count);
        }
        taken = count;
        collapsed &= taken < rule.limit();
    }

    /** Whether the next suggestion comes from the second model; draws from {@code rng} only while collapsed. */
    boolean take(Rng rng) {
        if (collapsed && rng.nextDouble() < rule.share()) {
            taken++;
            return true;
        }
        return false;
    }

    /**
     * Fits the second model on {@code history}: good = the best {@code settings.goodCount(f)} of the f observations
     * farther than the radius from the best one, bad = every other observation (the most recent {@code badCap}).
     *
     * @param bandwidths the group's bandwidths for a mixture of the given number of components
     * @return false when no observation lies far from the best one (the suggestion is then made as usual)
     */
    boolean fit(GroupHistory history, TpeSettings settings, IntFunction<double[]> bandwidths) {
        int n = history.rows();
        double[] coords = history.coordArray();
        System.arraycopy(coords, history.rowAtRank(0) * dims, incumbent, 0, dims);
        int far = 0;
        for (int r = 1; r < n; r++) {
            far += rule.near(coords, history.rowAtRank(r) * dims, incumbent, 0, categorical) ? 0 : 1;
        }
        if (far == 0) {
            return false;
        }
        ensureCapacity(n);
        java.util.Arrays.fill(inGood, 0, n, false);
        int nGood = settings.goodCount(far);
        int k = 0;
        for (int r = 1; r < n && k < nGood; r++) {
            int row = history.rowAtRank(r);
            if (!rule.near(coords, row * dims, incumbent, 0, categorical)) {
                inGood[row] = true;
                System.arraycopy(coords, row * dims, centres, k * dims, dims);
                weights[k++] = 1.0;
            }
        }
        good.fit(centres, weights, k, settings.priorWeight(), bandwidths.apply(k), settings.priorWeight() / (k + 1));
        int m = Math.min(n - k, settings.badCap());
        int b = 0;
        for (int row = n - 1; row >= 0 && b < m; row--) {
            if (!inGood[row]) {
                System.arraycopy(coords, row * dims, centres, b * dims, dims);
                weights[b++] = 1.0;
            }
        }
        bad.fit(centres, weights, b, settings.priorWeight(), bandwidths.apply(b), settings.priorWeight() / (b + 1));
        return true;
    }

    /** Draws a candidate from the second model's good density into {@code out} (not snapped). */
    void sample(Rng rng, double[] out) {
        good.sample(rng, out);
    }

    /** The second model's log density ratio at {@code x}. */
    double score(double[] x) {
        return good.logDensity(x) - bad.logDensity(x);
    }

    /** Whether {@code x} lies within the radius of the best observation (as of the last {@link #fit}). */
    boolean nearBest(double[] x) {
        return rule.near(x, 0, incumbent, 0, categorical);
    }

    private void ensureCapacity(int n) {
        if (inGood.length < n) {
            int cap = Math.max(n, inGood.length * 2);
            inGood = new boolean[cap];
            centres = new double[cap * dims];
            weights = new double[cap];
        }
    }
}
