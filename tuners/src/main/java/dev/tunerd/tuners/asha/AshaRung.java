package dev.tunerd.tuners.asha;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The configurations that completed one rung (trained to its budget and reported), and which of them were already
 * promoted to the next. Not thread-safe.
 */
final class AshaRung {

    /** A configuration that completed this rung. */
    record Done(int counter, JsonObject params, double loss) {
    }

    final List<Done> done = new ArrayList<>();
    final java.util.Set<Integer> promoted = new java.util.HashSet<>();

    /**
     * Li et al.'s {@code get_job}: the best configuration of the top {@code floor(n / eta)} that was not promoted yet,
     * or null.
     */
    Done promotable(int eta) {
        int keep = done.size() / eta;
        if (keep == 0) {
            return null;
        }
        List<Done> ranked = new ArrayList<>(done);
        ranked.sort(Comparator.comparingDouble(Done::loss).thenComparingInt(Done::counter));
        for (int i = 0; i < keep; i++) {
            if (!promoted.contains(ranked.get(i).counter())) {
                return ranked.get(i);
            }
        }
        return null;
    }
}
