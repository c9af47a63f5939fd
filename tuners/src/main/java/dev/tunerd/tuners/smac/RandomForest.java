package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.common.Rng;

/**
 * SMAC's surrogate: a forest of {@link RegressionTree}s; the prediction's mean is the mean of the trees' leaf means
 * and its variance the total variance over trees (the spread of the leaf means plus the mean leaf variance), as in
 * Hutter et al. (2011). Immutable after construction.
 */
final class RandomForest {
    static final int TREES = 10;
    private final RegressionTree[] trees;

    RandomForest(double[][] x, double[] y, Rng rng) {
        trees = new RegressionTree[TREES];
        for (int t = 0; t < TREES; t++) {
            trees[t] = new RegressionTree(x, y, rng);
        }
    }

    /** {@code out[0]} mean, {@code out[1]} variance (never below 1e-12). */
    void predict(double[] v, double[] out) {
        double sum = 0;
        double sq = 0;
        double within = 0;
        double[] leaf = new double[2];
        for (RegressionTree t : trees) {
            t.predict(v, leaf);
            sum += leaf[0];
            sq += leaf[0] * leaf[0];
            within += leaf[1];
        }
        double m = sum / trees.length;
        out[0] = m;
        out[1] = Math.max(1e-12, sq / trees.length - m * m + within / trees.length);
    }
}
