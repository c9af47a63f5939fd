package dev.tunerd.tuners.hyperband;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@link RankedHalving}'s Kendall's taus, kept per evidence (issue 13 session 34): for each bracket {@code s}, the
 * full trainings with a value at every rung it halves at, their best half by final value, and the tau of each rung
 * with the final value among that half, computed once and given again while the evidence is the same. Every round's
 * promotion and every bracket check asks the rule; before this each asked computed the best half's taus again (about
 * 1,200 pairs per rung on a window of 100 trainings), which put Hyperband's 99th percentile decision time at 1.3-1.6
 * ms on {@code plateau} (docs/benchmarks/s33-lead.md section 5).
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
    /** Per bracket {@code s} (index), its best half on {@link #seen}; null until asked. */
    private final Half[] halves;

    BestHalfTaus(int sMax) {
        this.sMax = sMax;
        this.halves = new Half[sMax + 1];
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
            Arrays.fill(halves, null);
        }
        if (halves[s] == null) {
            halves[s] = new Half(BracketPayoff.usable(seen, sMax, s), sMax);
        }
        return halves[s];
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

    /** One bracket's usable trainings and the taus of their best half, each computed when first asked. */
    static final class Half {
        private final int usable;
        private final List<double[]> best;
        private final int finalColumn;
        private final double[] taus;
        private final boolean[] known;

        private Half(List<double[]> usable, int sMax) {
            this.usable = usable.size();
            this.finalColumn = sMax;
            usable.sort(Comparator.comparingDouble(c -> c[sMax])); // stable: ties keep the order of ends
            this.best = usable.subList(0, (usable.size() + 1) / 2);
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
                taus[k] = RankedHalving.tau(best, k, finalColumn);
                known[k] = true;
            }
            return taus[k];
        }
    }
}
