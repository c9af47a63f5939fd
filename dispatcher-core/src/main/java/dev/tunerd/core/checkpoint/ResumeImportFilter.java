package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;


/**
 * Tells which entries of the {@code FD} the manager re-sends on resume the journal already holds, so that the tuner
 * does not count them twice.
 *
 * <p>The rule (docs/CHECKPOINT.md, "FD deduplication"), applied entry by entry in order:
 * <ol>
 *   <li>An entry with a {@code trialJobId} is held when the journal has a final result or an imported entry with that
 *       trial id. Each journal entry matches at most one FD entry.</li>
 *   <li>Any other entry is held when the journal has a not yet matched imported entry, or a final result of a
 *       known parameter set, with equivalent parameters and value ({@link JsonEquivalence}: numbers by value, key
 *       order ignored), provided that one of the two has no trial id (two different trial ids never match).</li>
 * </ol>
 * Apply it only to the first {@code FD} after a resume; a later {@code FD} is the user importing on purpose.
 *
 * <p>Cost: entries with a trial id (all of NNI's) are matched through an index by trial id, O(1) each; only entries
 * without one are compared with the journal's entries one by one. Scanning the journal for every entry made a
 * resume after 70,000 trials take longer than the manager waits (found by {@code SoakIT}).
 * Immutable after construction; {@link #split} is not thread-safe (it consumes matches).
 */
public final class ResumeImportFilter {

    /** The two halves of an {@code FD} list. */
    public record Split(List<ImportedTrial> alreadyHeld, List<ImportedTrial> fresh) {
        public Split {
            alreadyHeld = List.copyOf(alreadyHeld);
            fresh = List.copyOf(fresh);
        }
    }

    private final List<ImportedTrial> known;
    private final boolean[] used;
    private final Map<String, ArrayDeque<Integer>> byTrialId = new HashMap<>();

    /** A filter over everything {@code state} holds: its results (with their parameters) and its imported data. */
    public ResumeImportFilter(RecoveredState state) {
        List<ImportedTrial> all = new ArrayList<>(state.importedData());
        for (RecordedResult r : state.results()) {
            JsonValue params = state.issuedParameters().get(r.parameterId());
            if (params != null) {
                all.add(new ImportedTrial(params, r.value(), r.trialJobId()));
            }
        }
        this.known = List.copyOf(all);
        this.used = new boolean[known.size()];
        for (int i = 0; i < known.size(); i++) {
            int index = i;
            known.get(i).trialJobId().ifPresent(t -> byTrialId.computeIfAbsent(t, k -> new ArrayDeque<>()).add(index));
        }
    }

    /** Splits {@code fd} into entries the journal already holds and fresh ones, keeping the order of each. */
    public Split split(List<ImportedTrial> fd) {
        List<ImportedTrial> held = new ArrayList<>();
        List<ImportedTrial> fresh = new ArrayList<>();
        for (ImportedTrial t : fd) {
            Objects.requireNonNull(t, "FD entry");
            boolean knownTrial = t.trialJobId().isPresent() && byTrialId.containsKey(t.trialJobId().get());
            int match = knownTrial ? firstUnusedOf(byTrialId.get(t.trialJobId().get())) : firstUnused(t);
            if (match >= 0) {
                used[match] = true;
                held.add(t);
            } else {
                fresh.add(t);
            }
        }
        return new Split(held, fresh);
    }

    /** The first journal entry of one trial id not matched yet (the queue drops the matched ones as it goes). */
    private int firstUnusedOf(ArrayDeque<Integer> sameTrial) {
        while (!sameTrial.isEmpty() && used[sameTrial.peekFirst()]) {
            sameTrial.pollFirst();
        }
        return sameTrial.isEmpty() ? -1 : sameTrial.peekFirst();
    }

    /** The first journal entry not matched yet with equivalent parameters and value, one of the two without trial id. */
    private int firstUnused(ImportedTrial t) {
        for (int i = 0; i < known.size(); i++) {
            ImportedTrial k = known.get(i);
            if (!used[i] && (t.trialJobId().isEmpty() || k.trialJobId().isEmpty())
                && JsonEquivalence.same(k.parameter(), t.parameter()) && JsonEquivalence.same(k.value(), t.value())) {
                return i;
            }
        }
        return -1;
    }
}
