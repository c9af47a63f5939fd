package dev.tunerd.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Which parameters mattered: Breiman's permutation importance on the out-of-bag rows of a small
 * {@link RegressionForest} (32 trees, depth 8, leaves of 3). The target is each trial's rank by result (0 best, 1
 * worst), so one huge value cannot dominate. For each tree and parameter the parameter's values are shuffled among the
 * tree's out-of-bag rows; the rise of the squared error, averaged over the trees, is that parameter's importance,
 * shown as a share of the sum over all parameters. Categories are ordered by their mean rank before splitting; an
 * absent (inactive nested) value sorts below every present one. At most {@link #MAX_ROWS} trials (a seeded sample)
 * are used. Stateless.
 */
final class PermutationImportance {

    static final int MAX_ROWS = 2000;
    static final int MIN_ROWS = 8;
    private static final long SEED = 20260101L;

    /**
     * The outcome.
     *
     * @param share parameter name to its share of the importance, in percent, largest first
     * @param oobR2 how well the forest predicts the ranks of trials it did not see (1 perfect, 0 no better than the
     *              mean); importance means little when this is low
     * @param rows  trials the forest was fitted on
     */
    record Result(Map<String, Double> share, double oobR2, int rows) {
    }

    private PermutationImportance() {
    }

    /** The importance, or null when fewer than {@link #MIN_ROWS} trials have a result and parameters. */
    static Result of(Experiment e, ParameterColumns columns) {
        List<ParameterColumns.Column> cols = columns.columns();
        List<Integer> usable = new ArrayList<>();
        for (int r = 0; r < e.trials().size(); r++) {
            if (e.trials().get(r).hasValue() && e.trials().get(r).parameters() != null) {
                usable.add(r);
            }
        }
        if (usable.size() < MIN_ROWS || cols.isEmpty()) {
            return null;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        if (usable.size() > MAX_ROWS) {
            for (int i = 0; i < MAX_ROWS; i++) { // partial Fisher-Yates: a uniform sample of MAX_ROWS
                int j = i + random.nextInt(usable.size() - i);
                Integer tmp = usable.get(i);
                usable.set(i, usable.get(j));
                usable.set(j, tmp);
            }
            usable = new ArrayList<>(usable.subList(0, MAX_ROWS));
        }
        int n = usable.size();
        double[] y = ranks(usable.stream().mapToDouble(r -> e.loss(e.trials().get(r).value())).toArray());
        double[][] x = new double[n][cols.size()];
        for (int c = 0; c < cols.size(); c++) {
            double[] encoded = encode(cols.get(c), usable, y);
            for (int i = 0; i < n; i++) {
                x[i][c] = encoded[i];
            }
        }
        RegressionForest forest = RegressionForest.fit(x, y, 32, 8, 3, SEED);
        double[] rise = new double[cols.size()];
        double[] oobSum = new double[n];
        int[] oobCount = new int[n];
        int scored = 0;
        for (int t = 0; t < forest.size(); t++) {
            int tree = t;
            int[] oob = java.util.stream.IntStream.range(0, n).filter(i -> !forest.inBag(tree, i)).toArray();
            if (oob.length < 2) {
                continue;
            }
            scored++;
            double base = 0;
            for (int i : oob) {
                double p = forest.predict(t, x[i]);
                oobSum[i] += p;
                oobCount[i]++;
                base += (p - y[i]) * (p - y[i]);
            }
            for (int c = 0; c < cols.size(); c++) {
                int[] shuffled = oob.clone();
                shuffle(shuffled, random);
                double err = 0;
                double[] row = new double[cols.size()];
                for (int k = 0; k < oob.length; k++) {
                    System.arraycopy(x[oob[k]], 0, row, 0, row.length);
                    row[c] = x[shuffled[k]][c];
                    double p = forest.predict(t, row);
                    err += (p - y[oob[k]]) * (p - y[oob[k]]);
                }
                rise[c] += (err - base) / oob.length;
            }
        }
        double total = 0;
        for (int c = 0; c < rise.length; c++) {
            rise[c] = scored == 0 ? 0 : Math.max(0, rise[c] / scored);
            total += rise[c];
        }
        Integer[] order = new Integer[cols.size()];
        for (int c = 0; c < order.length; c++) {
            order[c] = c;
        }
        Arrays.sort(order, (a, b) -> Double.compare(rise[b], rise[a]));
        Map<String, Double> share = new LinkedHashMap<>();
        for (int c : order) {
            share.put(cols.get(c).name(), total > 0 ? 100 * rise[c] / total : 0);
        }
        return new Result(share, r2(y, oobSum, oobCount), n);
    }

    /** Ranks scaled to [0, 1], ties sharing their mean rank. */
    static double[] ranks(double[] v) {
        Integer[] order = new Integer[v.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
        double[] out = new double[v.length];
        for (int i = 0; i < order.length;) {
            int j = i;
            while (j + 1 < order.length && v[order[j + 1]] == v[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 / Math.max(1, v.length - 1);
            for (int k = i; k <= j; k++) {
                out[order[k]] = rank;
            }
            i = j + 1;
        }
        return out;
    }

    /** Numbers as they are; categories as the rank of their mean target; absent below everything present. */
    private static double[] encode(ParameterColumns.Column col, List<Integer> rows, double[] y) {
        double[] out = new double[rows.size()];
        if (col.numeric()) {
            double min = Double.POSITIVE_INFINITY;
            for (int r : rows) {
                if (col.present(r)) {
                    min = Math.min(min, col.values()[r]);
                }
            }
            double absent = Double.isInfinite(min) ? 0 : min - 1 - Math.abs(min);
            for (int i = 0; i < out.length; i++) {
                out[i] = col.present(rows.get(i)) ? col.values()[rows.get(i)] : absent;
            }
            return out;
        }
        int k = col.categories().size();
        double[] sum = new double[k];
        int[] count = new int[k];
        for (int i = 0; i < out.length; i++) {
            int c = (int) col.values()[rows.get(i)];
            if (c >= 0) {
                sum[c] += y[i];
                count[c]++;
            }
        }
        double[] mean = new double[k];
        for (int c = 0; c < k; c++) {
            mean[c] = count[c] == 0 ? 0.5 : sum[c] / count[c];
        }
        double[] position = ranks(mean);
        for (int i = 0; i < out.length; i++) {
            int c = (int) col.values()[rows.get(i)];
            out[i] = c >= 0 ? position[c] : -1;
        }
        return out;
    }

    private static void shuffle(int[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
    }

    private static double r2(double[] y, double[] sum, int[] count) {
        double mean = Arrays.stream(y).average().orElse(0);
        double ssRes = 0;
        double ssTot = 0;
        for (int i = 0; i < y.length; i++) {
            if (count[i] > 0) {
                double p = sum[i] / count[i];
                ssRes += (p - y[i]) * (p - y[i]);
                ssTot += (y[i] - mean) * (y[i] - mean);
            }
        }
        return ssTot == 0 ? Double.NaN : 1 - ssRes / ssTot;
    }
}
