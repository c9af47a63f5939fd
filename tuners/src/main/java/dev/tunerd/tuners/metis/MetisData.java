package dev.tunerd.tuners.metis;

import dev.tunerd.tuners.model.SurrogateLosses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The observations Metis models: one row per distinct configuration with the median of its losses (a re-sampled
 * configuration has several, as in NNI), losses that are not finite counted as the worst finite one, strongly
 * right-skewed losses log-warped, standardised to mean 0 and deviation 1; at most {@link #CAP} rows (the best half and
 * the most recent others), so a long run stays cheap. Immutable.
 */
final class MetisData {
    static final int CAP = 200;
    private static final double WARP_SKEWNESS = 1.5;
    /**
     * The GP's zero prior mean sits this many deviations above the mean loss (as in the GP tuner): unexplored corners
     * are expected to be worse than average, so exploration does not chase them.
     */
    static final double PRIOR_SHIFT = 0.75;
    final double[][] x;
    final double[] y;
    /** Number of losses behind each row. */
    final int[] count;
    final boolean spread;

    private MetisData(double[][] x, double[] y, int[] count, boolean spread) {
        this.x = x;
        this.y = y;
        this.count = count;
        this.spread = spread;
    }

    /** @return null when no loss is finite */
    static MetisData of(List<double[]> points, List<Double> losses) {
        return of(points, losses, PRIOR_SHIFT);
    }

    /** As {@link #of(List, List)} with the prior mean {@code priorShift} deviations above the mean loss. */
    static MetisData of(List<double[]> points, List<Double> losses, double priorShift) {
        List<double[]> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        Map<Point, Integer> rowOf = new HashMap<>();
        for (int i = 0; i < points.size(); i++) {
            int at = rowOf.computeIfAbsent(new Point(points.get(i)), k -> {
                xs.add(k.u());
                ys.add(new ArrayList<>());
                return xs.size() - 1;
            });
            ys.get(at).add(losses.get(i));
        }
        double[] range = SurrogateLosses.finiteRange(losses);
        if (range == null) {
            return null;
        }
        int n = xs.size();
        double[] y = new double[n];
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            double[] v = new double[ys.get(i).size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = SurrogateLosses.finiteOrBound(ys.get(i).get(k), range[0], range[1]);
            }
            Arrays.sort(v);
            y[i] = v.length % 2 == 1 ? v[v.length / 2] : 0.5 * (v[v.length / 2 - 1] + v[v.length / 2]);
            count[i] = v.length;
        }
        SurrogateLosses.warpIfSkewed(y, range[0], WARP_SKEWNESS);
        int[] keep = SurrogateLosses.bestHalfAndRecent(y, CAP);
        double[][] kx = new double[keep.length][];
        double[] ky = new double[keep.length];
        int[] kc = new int[keep.length];
        for (int i = 0; i < keep.length; i++) {
            kx[i] = xs.get(keep[i]);
            ky[i] = y[keep[i]];
            kc[i] = count[keep[i]];
        }
        boolean spread = SurrogateLosses.standardise(ky, priorShift) > 0;
        return new MetisData(kx, ky, kc, spread);
    }

    int size() {
        return y.length;
    }

    /** The smallest (standardised) loss. */
    double lowest() {
        return Arrays.stream(y).min().orElse(Double.NaN);
    }

    /** Rows of the {@code k} smallest losses, best first. */
    List<double[]> best(int k) {
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < Math.min(k, order.length); i++) {
            out.add(x[order[i]]);
        }
        return out;
    }

    /** A configuration as a map key (canonical coordinates compared exactly). */
    record Point(double[] u) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && Arrays.equals(u, p.u);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(u);
        }
    }
}
