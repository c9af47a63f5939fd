package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
    }

    /** Splits {@code fd} into entries the journal already holds and fresh ones, keeping the order of each. */
    public Split split(List<ImportedTrial> fd) {
        List<ImportedTrial> held = new ArrayList<>();
        List<ImportedTrial> fresh = new ArrayList<>();
        Set<String> trialIds = new HashSet<>();
        for (ImportedTrial k : known) {
            k.trialJobId().ifPresent(trialIds::add);
        }
        for (ImportedTrial t : fd) {
            Objects.requireNonNull(t, "FD entry");
            boolean knownTrial = t.trialJobId().isPresent() && trialIds.contains(t.trialJobId().get());
            int match = firstUnused(t, knownTrial);
            if (match >= 0) {
                used[match] = true;
                held.add(t);
            } else {
                fresh.add(t);
            }
        }
        return new Split(held, fresh);
    }

    private int firstUnused(ImportedTrial t, boolean byTrialId) {
        for (int i = 0; i < known.size(); i++) {
            ImportedTrial k = known.get(i);
            boolean matches = byTrialId ? k.trialJobId().equals(t.trialJobId())
                : (t.trialJobId().isEmpty() || k.trialJobId().isEmpty())
                    && JsonEquivalence.same(k.parameter(), t.parameter()) && JsonEquivalence.same(k.value(), t.value());
            if (!used[i] && matches) {
                return i;
            }
        }
        return -1;
    }
}
