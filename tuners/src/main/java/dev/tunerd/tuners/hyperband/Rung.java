package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One round of a bracket: configurations trained at one budget. Each entry remembers the dispatcher id it was issued
 * under, the last value its trial reported (the highest sequence wins; a final result counts as the last), and
 * whether its trial ended. Not thread-safe.
 */
final class Rung {

    /**
     * One configuration in this round. {@code counter} is NNI's trailing id number, shared across rounds. {@code params}
     * is null while a lazily drawn first-round configuration waits for the request that issues it ({@link
     * BracketEngine#drawOnIssue}); it is set once, then never changes.
     */
    static final class Entry {
        final int counter;
        JsonObject params;
        long parameterId = -1;
        long sequence = -1;
        double loss = Double.NaN;
        boolean ended;

        Entry(int counter, JsonObject params) {
            this.counter = counter;
            this.params = params;
        }

        boolean hasResult() {
            return sequence >= 0 && !Double.isNaN(loss);
        }
    }

    final int budget;
    final List<Entry> entries = new ArrayList<>();

    Rung(int budget) {
        this.budget = budget;
    }

    /** True once every entry was issued and its trial ended. */
    boolean complete() {
        for (Entry e : entries) {
            if (!e.ended) {
                return false;
            }
        }
        return true;
    }

    /**
     * The best {@code count} entries that have a result, smallest loss first (ties: earlier counter). Entries whose
     * trial ended without any result are never promoted (NNI fails with an IndexError there).
     */
    List<Entry> best(int count) {
        return entries.stream().filter(Entry::hasResult)
            .sorted(Comparator.comparingDouble((Entry e) -> e.loss).thenComparingInt(e -> e.counter))
            .limit(count).toList();
    }
}
