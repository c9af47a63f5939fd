package dev.tunerd.tuners.hyperband;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link RankedHalving}'s Kendall's taus, kept per evidence (issue 13 session 34): for each bracket {@code s}, the
 * full trainings with a value at every rung it halves at, their best half by final value, and the tau of each rung
 * with the final value among that half, computed once and given again while the evidence is the same, on columns of
 * doubles (the pairs' loop about 50 times faster than over list views). Every round's promotion and every bracket
 * check asks the rule; before this each ask computed the best half's taus again (about 1,200 pairs per rung on a
 * window of 100 trainings, 0.1-0.3 ms a rung), which put Hyperband's 99th percentile decision time at 1.3-1.6 ms on
 * {@code plateau} (docs/benchmarks/s33-lead.md section 5).
 *
 * <p>"The same evidence" is decided by content, not by identity: the curves handed in are compared value by value
 * (NaN equal to NaN) with a copy of those the cache was filled from, and any difference (a training in or out, a
 * rung value changed) empties it. The comparison costs one pass over the window; the answers are those a fresh
 * computation gives, to the bit. Not thread-safe.
 */
final class BestHalfTaus {
    private final int sMax;
    /** A copy of the curves the cached halves were computed from; empty before the first call. */
    private List<double[]> seen = List.of();
    /**
     * The best halves on {@link #seen} by the number of usable trainings: a bracket that halves at more rungs has a
     * subset of the usable trainings of one that halves at fewer, so two brackets with as many have the same ones (in
     * the same order), and share their half and its taus (all of them, where no rung value is missing).
     */
    private final Map<Integer, Half> halves = new HashMap<>();

    BestHalfTaus(int sMax) {
        this.sMax = sMax;
    }

    /**
     * Bracket {@code s}'s best half on {@code curves} (values at the largest bracket's rungs, then final), from the
     * cache while {@code curves} holds the same values as the last time.
     */
    Half of(List<double[]> curves, int s) {
        if (!sameAsSeen(curves)) {
            List<double[]> copy = new ArrayList<>(curves.size());
            curves.forEach(c -> copy.add(c.clone()));
            seen = copy;
            halves.clear();
        }
        List<double[]> usable = BracketPayoff.usable(seen, sMax, s);
        return halves.computeIfAbsent(usable.size(), n -> new Half(usable, sMax));
    }

    private boolean sameAsSeen(List<double[]> curves) {
        if (curves.size() != seen.size()) {
            return false;
        }
        for (int i = 0; i < curves.size(); i++) {
            if (!Arrays.equals(curves.get(i), seen.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Kendall's tau (tau-a: a tie in either column counts 0) of {@code x} and {@code f}: the sum of the pairs'
     * concordances (+1, -1, 0) over the pairs, the sum an exact integer, so the tau is the one a sum of {@code
     * Math.signum} products in doubles gives, to the bit (as {@link RankedHalving#tau} did until session 34, over
     * list views at about 70 ns a pair, 0.1-0.3 ms a rung on a best half of 50); NaN when a value is NaN, as there.
     */
    static double tau(double[] x, double[] f) {
        int n = x.length;
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(x[i]) || Double.isNaN(f[i])) {
                return Double.NaN;
            }
        }
        long sum = 0;
        for (int a = 0; a < n; a++) {
            double xa = x[a];
            double fa = f[a];
            for (int b = a + 1; b < n; b++) {
                sum += sign(xa, x[b]) * sign(fa, f[b]);
            }
        }
        long pairs = (long) n * (n - 1) / 2;
        return pairs == 0 ? Double.NaN : (double) sum / pairs;
    }

    /**
     * {@code Math.signum(a - b)} for values that are not NaN, without the subtraction (which may overflow, to the same
     * sign) and without a branch (the pairs' orders are as good as random, so a branch is mispredicted half the time).
     */
    private static int sign(double a, double b) {
        return (a > b ? 1 : 0) - (a < b ? 1 : 0);
    }

    /** Column {@code k} of {@code rows}. */
    static double[] column(List<double[]> rows, int k) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.get(i)[k];
        }
        return out;
    }

    /** One bracket's usable trainings and the taus of their best half, each computed when first asked. */
    static final class Half {
        private final int usable;
        private final List<double[]> best;
        private final double[] finals;
        private final double[] taus;
        private final boolean[] known;

        private Half(List<double[]> usable, int sMax) {
            this.usable = usable.size();
            usable.sort(Comparator.comparingDouble(c -> c[sMax])); // stable: ties keep the order of ends
            this.best = usable.subList(0, (usable.size() + 1) / 2);
            this.finals = column(best, sMax);
            this.taus = new double[sMax];
            this.known = new boolean[sMax];
        }

        /** Trainings with a value at every rung of the bracket, and a final one. */
        int usable() {
            return usable;
        }

        /** Kendall's tau of rung {@code k}'s values with the final values among the best half. */
        double tau(int k) {
            if (!known[k]) {
                taus[k] = BestHalfTaus.tau(column(best, k), finals);
                known[k] = true;
            }
            return taus[k];
        }
    }
}
