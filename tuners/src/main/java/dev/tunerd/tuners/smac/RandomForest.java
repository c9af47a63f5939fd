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
    private final boolean withinLeaf;

    /**
     * @param featureShare share of the parameters tried at each split
     * @param withinLeaf   add the mean within-leaf variance to the spread of the trees' means
     */
    RandomForest(double[][] x, double[] y, Rng rng, double featureShare, boolean withinLeaf) {
        this.withinLeaf = withinLeaf;
        trees = new RegressionTree[TREES];
        int[][] byFeature = RegressionTree.orderByFeature(x);
        for (int t = 0; t < TREES; t++) {
            trees[t] = new RegressionTree(x, y, byFeature, rng, featureShare);
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
        out[1] = Math.max(1e-12, sq / trees.length - m * m + (withinLeaf ? within / trees.length : 0));
    }
}
