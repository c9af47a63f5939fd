package dev.tunerd.tuners.successivehalving;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The losses (smaller is better) of every trial that reached one rung, kept sorted so that a rank costs a binary
 * search. Not thread-safe.
 */
final class RungRecord {
    private final List<Double> sorted = new ArrayList<>();

    void add(double loss) {
        int at = Collections.binarySearch(sorted, loss);
        sorted.add(at < 0 ? -at - 1 : at, loss);
    }

    int size() {
        return sorted.size();
    }

    List<Double> values() {
        return sorted;
    }

    /**
     * Optuna's rule for asynchronous successive halving: with {@code n} values at the rung (this one included), the
     * value survives when it is no worse than the {@code max(1, n / eta)}-th best. So the first trials at a rung
     * survive only when they are the best so far (there is no later promotion to wait for).
     */
    boolean inTopFraction(double loss, int eta) {
        int keep = Math.max(1, sorted.size() / eta);
        int strictlyBetter = lowerBound(loss);
        return strictlyBetter < keep;
    }

    private int lowerBound(double loss) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid) < loss) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
