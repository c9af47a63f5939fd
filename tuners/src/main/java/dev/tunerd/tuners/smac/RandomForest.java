package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.common.Rng;

/**
 * SMAC's surrogate: a forest of {@link RegressionTree}s; the prediction's mean is the mean of the trees' leaf means
 * and its variance the total variance over trees (the spread of the leaf means plus the mean leaf variance), as in
 * Hutter et al. (2011). Not thread-safe (predictions share a buffer).
 */
final class RandomForest {
    private final RegressionTree[] trees;
    private final double[] leafMeans;
    private final boolean withinLeaf;
    private final double shift;
    private final double scale;

    /**
     * @param featureShare share of the parameters tried at each split
     * @param withinLeaf   add the mean within-leaf variance to the spread of the trees' means
     * @param size         number of trees
     * @param minSplit     a node with fewer rows is a leaf
     */
    RandomForest(double[][] x, double[] y, Rng rng, double featureShare, boolean withinLeaf, int size, int minSplit) {
        this.withinLeaf = withinLeaf;
        // the trees see standardised targets, so the floors below (and the trees' purity test) do not depend on the
        // losses' offset or scale
        double m = 0;
        for (double v : y) {
            m += v / y.length;
        }
        double ss = 0;
        for (double v : y) {
            ss += (v - m) * (v - m);
        }
        double sd = Math.sqrt(ss / Math.max(1, y.length));
        shift = m;
        scale = sd > 0 ? sd : 1;
        double[] z = new double[y.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = (y[i] - shift) / scale;
        }
        trees = new RegressionTree[size];
        leafMeans = new double[size];
        int[][] byFeature = RegressionTree.orderByFeature(x);
        for (int t = 0; t < size; t++) {
            trees[t] = new RegressionTree(x, z, byFeature, rng, featureShare, minSplit);
        }
    }

    /** {@code out[0]} mean, {@code out[1]} variance (never below 1e-12 of the targets' variance). */
    void predict(double[] v, double[] out) {
        double sum = 0;
        double within = 0;
        double[] leaf = new double[2];
        for (int t = 0; t < trees.length; t++) {
            trees[t].predict(v, leaf);
            leafMeans[t] = leaf[0];
            sum += leaf[0];
            within += leaf[1];
        }
        double m = sum / trees.length;
        // the spread from deviations (a mean of squares less the squared mean cancels when the losses share a large
        // offset)
        double spread = 0;
        for (double l : leafMeans) {
            spread += (l - m) * (l - m);
        }
        out[0] = shift + scale * m;
        out[1] = scale * scale * Math.max(1e-12, spread / trees.length + (withinLeaf ? within / trees.length : 0));
    }
}
