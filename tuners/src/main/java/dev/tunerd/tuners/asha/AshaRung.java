package dev.tunerd.tuners.asha;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The configurations that completed one rung (trained to its budget and reported), and which of them were already
 * promoted to the next. Keeps them twice: in the order they completed (what the sampler and the snapshot read) and
 * ranked by loss, so that a promotion decision reads the top of the ranking instead of sorting the whole rung on
 * every request. Not thread-safe.
 */
final class AshaRung {

    /** A configuration that completed this rung. */
    record Done(int counter, JsonObject params, double loss) {
    }

    /** Best first; the counter breaks ties, so every configuration has one place. */
    private static final Comparator<Done> BEST_FIRST =
        Comparator.comparingDouble(Done::loss).thenComparingInt(Done::counter);

    private final List<Done> done = new ArrayList<>();
    private final List<Done> ranked = new ArrayList<>();
    final Set<Integer> promoted = new HashSet<>();

    /** The configurations in the order they completed this rung (read-only). */
    List<Done> done() {
        return Collections.unmodifiableList(done);
    }

    void add(Done d) {
        done.add(d);
        ranked.add(insertionPoint(d), d);
    }

    /** A later FINAL replaces what configuration {@code counter} recorded here; nothing happens if it has no entry. */
    void replace(int counter, double loss) {
        for (int i = 0; i < done.size(); i++) {
            Done old = done.get(i);
            if (old.counter() == counter) {
                Done now = new Done(counter, old.params(), loss);
                done.set(i, now);
                ranked.remove(Collections.binarySearch(ranked, old, BEST_FIRST));
                ranked.add(insertionPoint(now), now);
            }
        }
    }

    void clear() {
        done.clear();
        ranked.clear();
        promoted.clear();
    }

    private int insertionPoint(Done d) {
        int i = Collections.binarySearch(ranked, d, BEST_FIRST);
        return i >= 0 ? i : -i - 1;
    }

    /**
     * Li et al.'s {@code get_job}: the best configuration of the top {@code floor(n / eta)} that was not promoted yet,
     * or null.
     */
    Done promotable(int eta) {
        int keep = done.size() / eta;
        for (int i = 0; i < keep; i++) {
            Done d = ranked.get(i);
            if (!promoted.contains(d.counter())) {
                return d;
            }
        }
        return null;
    }
}
