package dev.tunerd.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A small random forest of regression trees (Breiman): each tree is grown on a bootstrap sample, splits on the
 * threshold of one of a random third of the features that most reduces the squared error, down to a maximum depth or
 * a minimum leaf size. It remembers each tree's bootstrap sample so that {@link PermutationImportance} can score on
 * the out-of-bag rows. Features are numbers; the caller encodes categories and absent values. Immutable once fitted;
 * deterministic for a seed.
 */
final class RegressionForest {

    /** One tree in flat arrays; node 0 is the root, a leaf has feature -1. */
    private record Tree(int[] feature, double[] threshold, int[] left, int[] right, double[] value, boolean[] inBag) {
        double predict(double[] row) {
            int n = 0;
            while (feature[n] >= 0) {
                n = row[feature[n]] <= threshold[n] ? left[n] : right[n];
            }
            return value[n];
        }
    }

    private final List<Tree> trees;

    private RegressionForest(List<Tree> trees) {
        this.trees = List.copyOf(trees);
    }

    /**
     * Fits the forest.
     *
     * @param x        rows of features, all rows the same length
     * @param y        the target of each row
     * @param count    trees
     * @param maxDepth deepest split level
     * @param minLeaf  fewest rows in a leaf
     * @param seed     the random seed (bootstrap samples and feature choice)
     */
    static RegressionForest fit(double[][] x, double[] y, int count, int maxDepth, int minLeaf, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int features = x.length == 0 ? 0 : x[0].length;
        int tries = Math.max(1, (int) Math.ceil(features / 3.0));
        List<Tree> out = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            int[] sample = new int[x.length];
            boolean[] inBag = new boolean[x.length];
            for (int i = 0; i < sample.length; i++) {
                sample[i] = random.nextInt(x.length);
                inBag[sample[i]] = true;
            }
            Builder b = new Builder(x, y, tries, maxDepth, minLeaf, random.split());
            b.grow(sample, 0);
            out.add(b.tree(inBag));
        }
        return new RegressionForest(out);
    }

    int size() {
        return trees.size();
    }

    boolean inBag(int tree, int row) {
        return trees.get(tree).inBag()[row];
    }

    double predict(int tree, double[] row) {
        return trees.get(tree).predict(row);
    }

    /** Grows one tree depth-first into growing arrays. */
    private static final class Builder {
        private final double[][] x;
        private final double[] y;
        private final int tries;
        private final int maxDepth;
        private final int minLeaf;
        private final SplittableRandom random;
        private int[] feature = new int[64];
        private double[] threshold = new double[64];
        private int[] left = new int[64];
        private int[] right = new int[64];
        private double[] value = new double[64];
        private int nodes;

        Builder(double[][] x, double[] y, int tries, int maxDepth, int minLeaf, SplittableRandom random) {
            this.x = x;
            this.y = y;
            this.tries = tries;
            this.maxDepth = maxDepth;
            this.minLeaf = minLeaf;
            this.random = random;
        }

        int grow(int[] rows, int depth) {
            int node = newNode();
            double mean = 0;
            for (int r : rows) {
                mean += y[r];
            }
            mean /= rows.length;
            value[node] = mean;
            feature[node] = -1;
            if (depth >= maxDepth || rows.length < 2 * minLeaf) {
                return node;
            }
            Split best = bestSplit(rows);
            if (best == null) {
                return node;
            }
            int[] l = Arrays.stream(rows).filter(r -> x[r][best.feature] <= best.threshold).toArray();
            int[] g = Arrays.stream(rows).filter(r -> x[r][best.feature] > best.threshold).toArray();
            feature[node] = best.feature;
            threshold[node] = best.threshold;
            int ln = grow(l, depth + 1);
            int rn = grow(g, depth + 1);
            left[node] = ln;
            right[node] = rn;
            return node;
        }

        private record Split(int feature, double threshold, double gain) {
        }

        private Split bestSplit(int[] rows) {
            int features = x[0].length;
            int[] order = random.ints(0, features).distinct().limit(Math.min(tries, features)).toArray();
            double total = 0;
            for (int r : rows) {
                total += y[r];
            }
            double base = total * total / rows.length;
            Split best = null;
            Integer[] sorted = new Integer[rows.length];
            for (int f : order) {
                for (int i = 0; i < rows.length; i++) {
                    sorted[i] = rows[i];
                }
                Arrays.sort(sorted, (a, b) -> Double.compare(x[a][f], x[b][f]));
                double sumLeft = 0;
                for (int i = 0; i < sorted.length - 1; i++) {
                    sumLeft += y[sorted[i]];
                    int nl = i + 1;
                    int nr = sorted.length - nl;
                    double here = x[sorted[i]][f];
                    double next = x[sorted[i + 1]][f];
                    if (nl < minLeaf || nr < minLeaf || here == next) {
                        continue;
                    }
                    double sumRight = total - sumLeft;
                    double gain = sumLeft * sumLeft / nl + sumRight * sumRight / nr - base;
                    if (gain > 1e-12 && (best == null || gain > best.gain)) {
                        best = new Split(f, here + (next - here) / 2, gain);
                    }
                }
            }
            return best;
        }

        private int newNode() {
            if (nodes == feature.length) {
                int n = nodes * 2;
                feature = Arrays.copyOf(feature, n);
                threshold = Arrays.copyOf(threshold, n);
                left = Arrays.copyOf(left, n);
                right = Arrays.copyOf(right, n);
                value = Arrays.copyOf(value, n);
            }
            return nodes++;
        }

        Tree tree(boolean[] inBag) {
            return new Tree(Arrays.copyOf(feature, nodes), Arrays.copyOf(threshold, nodes), Arrays.copyOf(left, nodes),
                Arrays.copyOf(right, nodes), Arrays.copyOf(value, nodes), inBag);
        }
    }
}
