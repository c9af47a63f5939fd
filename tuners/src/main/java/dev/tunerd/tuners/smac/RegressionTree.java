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
    private static final int MIN_SPLIT = 3;
    private static final int MIN_LEAF = 1;
    private static final double MAX_FEATURE_SHARE = 5.0 / 6;
    /** Per node: feature (-1 for a leaf), threshold, left, right, mean, variance. */
    private int[] feature = new int[64];
    private double[] threshold = new double[64];
    private int[] left = new int[64];
    private int[] right = new int[64];
    private double[] mean = new double[64];
    private double[] variance = new double[64];
    private int nodes;

    RegressionTree(double[][] x, double[] y, Rng rng) {
        int n = y.length;
        int[] sample = new int[n];
        for (int i = 0; i < n; i++) {
            sample[i] = rng.nextInt(n);
        }
        build(x, y, sample, 0, n, rng);
    }

    private int build(double[][] x, double[] y, int[] idx, int from, int to, Rng rng) {
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
        if (count < MIN_SPLIT || variance[node] <= 1e-14) {
            return node;
        }
        int dims = x[0].length;
        int tries = Math.max(1, (int) Math.ceil(dims * MAX_FEATURE_SHARE));
        int[] order = new int[dims];
        for (int i = 0; i < dims; i++) {
            order[i] = i;
        }
        double bestGain = 1e-12;
        int bestFeature = -1;
        double bestThreshold = 0;
        Integer[] sorted = new Integer[count];
        for (int t = 0; t < tries; t++) {
            int pick = t + rng.nextInt(dims - t);
            int f = order[pick];
            order[pick] = order[t];
            order[t] = f;
            for (int i = 0; i < count; i++) {
                sorted[i] = idx[from + i];
            }
            Arrays.sort(sorted, (a, b) -> Double.compare(x[a][f], x[b][f]));
            double leftSum = 0;
            for (int i = 0; i < count - 1; i++) {
                leftSum += y[sorted[i]];
                double here = x[sorted[i]][f];
                double next = x[sorted[i + 1]][f];
                if (next <= here || i + 1 < MIN_LEAF || count - i - 1 < MIN_LEAF) {
                    continue;
                }
                int nl = i + 1;
                int nr = count - nl;
                double rightSum = sum - leftSum;
                double gain = leftSum * leftSum / nl + rightSum * rightSum / nr - sum * sum / count;
                if (gain > bestGain) {
                    bestGain = gain;
                    bestFeature = f;
                    bestThreshold = 0.5 * (here + next);
                }
            }
        }
        if (bestFeature < 0) {
            return node;
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
        feature[node] = bestFeature;
        threshold[node] = bestThreshold;
        int l = build(x, y, idx, from, mid, rng);
        int r = build(x, y, idx, mid, to, rng);
        left[node] = l;
        right[node] = r;
        return node;
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
}
