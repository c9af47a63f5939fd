package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.common.Rng;

/**
 * SMAC's surrogate: a forest of {@link RegressionTree}s; the prediction's mean is the mean of the trees' leaf
 * predictions and its variance their spread (SMAC3's; {@link SmacSettings#DEFAULT} since session 17), or with
 * {@code withinLeaf} the total variance over trees (the spread plus the mean leaf variance), as in Hutter et al.
 * (2011). Immutable after construction.
 */
final class RandomForest {
    private final RegressionTree[] trees;
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
        this(x, y, rng, featureShare, withinLeaf, size, minSplit, false, false);
    }

    /**
     * As above; {@code logMeanLeaves}: the targets are logs and each leaf predicts the log of the mean of their
     * exponentials (not applied to targets this class standardises, whose exponentials mean nothing);
     * {@code randomSplits}: one random threshold per feature tried (see {@link RegressionTree}).
     */
    RandomForest(double[][] x, double[] y, Rng rng, double featureShare, boolean withinLeaf, int size, int minSplit,
        boolean logMeanLeaves, boolean randomSplits) {
        this.withinLeaf = withinLeaf;
        // targets with a large offset against their spread (1e9 + O(1)), or a tiny spread, are standardised: the
        // trees' and this class's sums of squares would cancel (splits at random, variances 0 or multiples of 128)
        // and the absolute floors would swamp them; others are used as they are, so the usual warped losses are
        // fitted with the same arithmetic as before this rule
        double m = 0;
        for (double v : y) {
            m += v / y.length;
        }
        double ss = 0;
        for (double v : y) {
            ss += (v - m) * (v - m);
        }
        double sd = Math.sqrt(ss / Math.max(1, y.length));
        boolean standardise = sd > 0 && (Math.abs(m) > 1e3 * sd || sd < 1e-6);
        shift = standardise ? m : 0;
        scale = standardise ? sd : 1;
        double[] z = y;
        if (standardise) {
            z = new double[y.length];
            for (int i = 0; i < z.length; i++) {
                z[i] = (y[i] - shift) / scale;
            }
        }
        trees = new RegressionTree[size];
        int[][] byFeature = RegressionTree.orderByFeature(x);
        for (int t = 0; t < size; t++) {
            trees[t] = new RegressionTree(x, z, byFeature, rng, featureShare, minSplit, logMeanLeaves && !standardise,
                randomSplits);
        }
    }

    /** {@code out[0]} mean, {@code out[1]} variance (never below 1e-12, times the squared scale if standardised). */
    void predict(double[] v, double[] out) {
        double sum = 0;
        double sq = 0;
        double within = 0;
        double[] leaf = new double[2];
        for (int t = 0; t < trees.length; t++) {
            trees[t].predict(v, leaf);
            sum += leaf[0];
            sq += leaf[0] * leaf[0];
            within += leaf[1];
        }
        combine(sum, sq, within, out);
    }

    private void combine(double sum, double sq, double within, double[] out) {
        double m = sum / trees.length;
        double spread = sq / trees.length - m * m;
        out[0] = shift + scale * m;
        out[1] = scale * scale * Math.max(1e-12, spread + (withinLeaf ? within / trees.length : 0));
    }

    /**
     * The leaves of {@code base} in every tree and, per feature, the trees whose path to it splits on that feature:
     * for {@link #predictMoved}. Null with more than 64 trees (the trees are a bit mask).
     */
    Leaves leaves(double[] base) {
        if (trees.length > Long.SIZE) {
            return null;
        }
        Leaves l = new Leaves(trees.length, base.length);
        double[] leaf = new double[2];
        for (int t = 0; t < trees.length; t++) {
            long bit = 1L << t;
            trees[t].predict(base, leaf, f -> l.splitBy[f] |= bit);
            l.mean[t] = leaf[0];
            l.variance[t] = leaf[1];
        }
        return l;
    }

    /**
     * {@link #predict} of {@code v}, a point that differs from the base of {@code base} in feature {@code moved}
     * only: a tree whose path to the base does not split on {@code moved} gives the base's leaf, the others are asked.
     * The same leaves, summed in the same order: the same answer to the bit, at a cost of the trees that split on the
     * moved feature instead of all of them (a local search at 1,000 dimensions asks for 4,000 such points a step).
     */
    void predictMoved(Leaves base, double[] v, int moved, double[] out) {
        long asked = base.splitBy[moved];
        double sum = 0;
        double sq = 0;
        double within = 0;
        double[] leaf = base.scratch;
        for (int t = 0; t < trees.length; t++) {
            double mean;
            double variance;
            if ((asked & 1L << t) != 0) {
                trees[t].predict(v, leaf);
                mean = leaf[0];
                variance = leaf[1];
            } else {
                mean = base.mean[t];
                variance = base.variance[t];
            }
            sum += mean;
            sq += mean * mean;
            within += variance;
        }
        combine(sum, sq, within, out);
    }

    /** A base point's leaves ({@link #leaves}). */
    static final class Leaves {
        private final double[] mean;
        private final double[] variance;
        private final long[] splitBy;
        private final double[] scratch = new double[2];

        private Leaves(int trees, int features) {
            mean = new double[trees];
            variance = new double[trees];
            splitBy = new long[features];
        }
    }
}
