package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;

/**
 * One regression tree of SMAC's random forest: CART splits chosen by the largest reduction of squared error among a
 * random subset of the features, on a bootstrap sample; leaves keep the mean and variance of their targets.
 * Inactive parameters carry the imputed value -1, so a split can separate the trials where a parameter is active.
 * Immutable after construction.
 */
final class RegressionTree {
    private static final int MIN_LEAF = 1;
    /** Per node: feature (-1 for a leaf), threshold, left, right, mean, variance. */
    private int[] feature = new int[64];
    private double[] threshold = new double[64];
    private int[] left = new int[64];
    private int[] right = new int[64];
    private double[] mean = new double[64];
    private double[] variance = new double[64];
    private int nodes;
    private final double featureShare;
    private final int minSplit;
    private final boolean logMeanLeaves;
    private final boolean randomSplits;

    /**
     * A tree on a bootstrap sample of {@code x}; {@code byFeature[f]} lists the rows of {@code x} in increasing order
     * of feature {@code f} (shared by the trees of a forest, see {@link #orderByFeature}); a node with fewer than
     * {@code minSplit} rows of the sample is a leaf. The sums of squares below assume targets of moderate offset
     * and scale ({@link RandomForest} standardises the others).
     */
    RegressionTree(double[][] x, double[] y, int[][] byFeature, Rng rng, double featureShare, int minSplit) {
        this(x, y, byFeature, rng, featureShare, minSplit, false, false);
    }

    /**
     * As above; with {@code logMeanLeaves} a leaf predicts {@code log(mean(exp(y)))} over its rows (the targets are
     * logs of shifted losses: the log of their arithmetic mean) and keeps the variance of {@code y}; with
     * {@code randomSplits} each feature tried gets one threshold drawn uniformly between the node's extremes of it,
     * and the feature whose threshold reduces the squared error most is split there.
     */
    RegressionTree(double[][] x, double[] y, int[][] byFeature, Rng rng, double featureShare, int minSplit,
        boolean logMeanLeaves, boolean randomSplits) {
        this.featureShare = featureShare;
        this.minSplit = minSplit;
        this.logMeanLeaves = logMeanLeaves;
        this.randomSplits = randomSplits;
        int n = y.length;
        int[] sample = new int[n];
        int[] drawn = new int[n];
        for (int i = 0; i < n; i++) {
            sample[i] = rng.nextInt(n);
            drawn[sample[i]]++;
        }
        int dims = byFeature.length;
        // the sample in increasing order of each feature (a row drawn k times appears k times): split search is a
        // linear scan of a node's segment, and children keep the order by a stable partition, so nothing is sorted
        int[][] sorted = new int[dims][n];
        for (int f = 0; f < dims; f++) {
            int k = 0;
            for (int row : byFeature[f]) {
                for (int c = 0; c < drawn[row]; c++) {
                    sorted[f][k++] = row;
                }
            }
        }
        build(x, y, sample, sorted, new int[n], 0, n, rng);
    }

    /** The rows {@code 0..n-1} of {@code x} sorted by each feature: {@code [feature][rank]}. */
    static int[][] orderByFeature(double[][] x) {
        int n = x.length;
        int dims = n == 0 ? 0 : x[0].length;
        int[][] out = new int[dims][];
        for (int f = 0; f < dims; f++) {
            int ff = f;
            out[f] = java.util.stream.IntStream.range(0, n).boxed()
                .sorted((a, b) -> Double.compare(x[a][ff], x[b][ff])).mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    private int build(double[][] x, double[] y, int[] idx, int[][] sorted, int[] buffer, int from, int to,
        Rng rng) {
        int node = newNode();
        double sum = 0;
        double sq = 0;
        for (int i = from; i < to; i++) {
            sum += y[idx[i]];
            sq += y[idx[i]] * y[idx[i]];
        }
        int count = to - from;
        mean[node] = sum / count;
        variance[node] = Math.max(0, sq / count - mean[node] * mean[node]);
        feature[node] = -1;
        if (count < minSplit || variance[node] <= 1e-14) {
            return leaf(node, y, idx, from, to);
        }
        int dims = x[0].length;
        int tries = Math.max(1, (int) Math.ceil(dims * featureShare));
        int[] order = new int[dims];
        for (int i = 0; i < dims; i++) {
            order[i] = i;
        }
        double bestGain = 1e-12;
        int bestFeature = -1;
        double bestThreshold = 0;
        for (int t = 0; t < tries; t++) {
            int pick = t + rng.nextInt(dims - t);
            int f = order[pick];
            order[pick] = order[t];
            order[t] = f;
            int[] byF = sorted[f];
            if (randomSplits) {
                double lo = x[byF[from]][f];
                double hi = x[byF[to - 1]][f];
                if (hi <= lo) {
                    continue;
                }
                double cut = lo + rng.nextDouble() * (hi - lo);
                if (cut >= hi) {
                    cut = lo;
                }
                double leftSum = 0;
                int nl = 0;
                while (x[byF[from + nl]][f] <= cut) {
                    leftSum += y[byF[from + nl]];
                    nl++;
                }
                double gain = gain(leftSum, nl, sum, count);
                if (gain > bestGain) {
                    bestGain = gain;
                    bestFeature = f;
                    bestThreshold = cut;
                }
                continue;
            }
            double leftSum = 0;
            for (int i = 0; i < count - 1; i++) {
                int row = byF[from + i];
                leftSum += y[row];
                double here = x[row][f];
                double next = x[byF[from + i + 1]][f];
                if (next <= here || i + 1 < MIN_LEAF || count - i - 1 < MIN_LEAF) {
                    continue;
                }
                double gain = gain(leftSum, i + 1, sum, count);
                if (gain > bestGain) {
                    bestGain = gain;
                    bestFeature = f;
                    bestThreshold = 0.5 * (here + next);
                }
            }
        }
        if (bestFeature < 0) {
            return leaf(node, y, idx, from, to);
        }
        int mid = from;
        for (int i = from; i < to; i++) {
            if (x[idx[i]][bestFeature] <= bestThreshold) {
                int tmp = idx[mid];
                idx[mid] = idx[i];
                idx[i] = tmp;
                mid++;
            }
        }
        for (int[] byF : sorted) {
            stablePartition(byF, x, bestFeature, bestThreshold, buffer, from, to);
        }
        feature[node] = bestFeature;
        threshold[node] = bestThreshold;
        int l = build(x, y, idx, sorted, buffer, from, mid, rng);
        int r = build(x, y, idx, sorted, buffer, mid, to, rng);
        left[node] = l;
        right[node] = r;
        return node;
    }

    /** The reduction of the squared error (times the count) when the first {@code nl} of {@code count} rows go left. */
    private static double gain(double leftSum, int nl, double sum, int count) {
        double rightSum = sum - leftSum;
        return leftSum * leftSum / nl + rightSum * rightSum / (count - nl) - sum * sum / count;
    }

    /** Ends {@code node} as a leaf of the rows {@code idx[from..to)}: with {@code logMeanLeaves}, its log mean exp. */
    private int leaf(int node, double[] y, int[] idx, int from, int to) {
        if (logMeanLeaves) {
            double top = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                top = Math.max(top, y[idx[i]]);
            }
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += Math.exp(y[idx[i]] - top);
            }
            mean[node] = top + Math.log(sum / (to - from));
        }
        return node;
    }

    /** Rows at or below the threshold first, each side in its previous order. */
    private static void stablePartition(int[] rows, double[][] x, int f, double threshold, int[] buffer, int from,
        int to) {
        int k = from;
        int spill = 0;
        for (int i = from; i < to; i++) {
            int row = rows[i];
            if (x[row][f] <= threshold) {
                rows[k++] = row;
            } else {
                buffer[spill++] = row;
            }
        }
        System.arraycopy(buffer, 0, rows, k, spill);
    }

    private int newNode() {
        if (nodes == feature.length) {
            int size = nodes * 2;
            feature = Arrays.copyOf(feature, size);
            threshold = Arrays.copyOf(threshold, size);
            left = Arrays.copyOf(left, size);
            right = Arrays.copyOf(right, size);
            mean = Arrays.copyOf(mean, size);
            variance = Arrays.copyOf(variance, size);
        }
        return nodes++;
    }

    /** The leaf of {@code v}: {@code out[0]} its mean, {@code out[1]} its variance. */
    void predict(double[] v, double[] out) {
        int node = 0;
        while (feature[node] >= 0) {
            node = v[feature[node]] <= threshold[node] ? left[node] : right[node];
        }
        out[0] = mean[node];
        out[1] = variance[node];
    }

    /**
     * As {@link #predict}, and calls {@code onPath} with each feature the path of {@code v} splits on: a point that
     * differs from {@code v} in other features only ends in the same leaf ({@link RandomForest.Leaves}).
     */
    void predict(double[] v, double[] out, java.util.function.IntConsumer onPath) {
        int node = 0;
        while (feature[node] >= 0) {
            onPath.accept(feature[node]);
            node = v[feature[node]] <= threshold[node] ? left[node] : right[node];
        }
        out[0] = mean[node];
        out[1] = variance[node];
    }
}
