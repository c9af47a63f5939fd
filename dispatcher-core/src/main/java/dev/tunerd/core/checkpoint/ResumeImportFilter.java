package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;


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

    private final RecoveredState state;
    private final int importedCount;
    /** The journal's result entries whose parameters are known (indexes into {@code state.results()}). */
    private final int[] resultIndex;
    private final boolean[] used;
    /** The first journal entry of each trial id; {@link #nextSameTrial} chains the others, -1 ends a chain. */
    private final Map<String, Integer> firstOfTrial = new HashMap<>();
    private final int[] nextSameTrial;

    /**
     * A filter over everything {@code state} holds: its imported data, then its results (with their parameters).
     * The entries are not copied: the index holds only their positions (a few bytes an entry, against a few hundred
     * for a copy of each as an {@link ImportedTrial} with a queue per trial id before).
     */
    public ResumeImportFilter(RecoveredState state) {
        this.state = state;
        this.importedCount = state.importedData().size();
        List<RecordedResult> results = state.results();
        int[] known = new int[results.size()];
        int n = 0;
        for (int i = 0; i < results.size(); i++) {
            if (state.issuedParameters().containsKey(results.get(i).parameterId())) {
                known[n++] = i;
            }
        }
        this.resultIndex = java.util.Arrays.copyOf(known, n);
        int size = importedCount + n;
        this.used = new boolean[size];
        this.nextSameTrial = new int[size];
        int[] tailOf = new int[size]; // for a chain's first entry: its last one so far
        for (int i = 0; i < size; i++) {
            nextSameTrial[i] = -1;
            Optional<String> trial = trialOf(i);
            if (trial.isPresent()) {
                Integer head = firstOfTrial.putIfAbsent(trial.get(), i);
                if (head == null) {
                    tailOf[i] = i;
                } else {
                    nextSameTrial[tailOf[head]] = i;
                    tailOf[head] = i;
                }
            }
        }
    }

    private int size() {
        return used.length;
    }

    private Optional<String> trialOf(int i) {
        return i < importedCount ? state.importedData().get(i).trialJobId()
            : state.results().get(resultIndex[i - importedCount]).trialJobId();
    }

    /** Journal entry {@code i} as an import entry (made when compared, not kept). */
    private ImportedTrial entry(int i) {
        if (i < importedCount) {
            return state.importedData().get(i);
        }
        RecordedResult r = state.results().get(resultIndex[i - importedCount]);
        return new ImportedTrial(state.issuedParameters().get(r.parameterId()), r.value(), r.trialJobId());
    }

    /** Splits {@code fd} into entries the journal already holds and fresh ones, keeping the order of each. */
    public Split split(List<ImportedTrial> fd) {
        List<ImportedTrial> held = new ArrayList<>();
        List<ImportedTrial> fresh = new ArrayList<>();
        for (ImportedTrial t : fd) {
            Objects.requireNonNull(t, "FD entry");
            Integer first = t.trialJobId().isPresent() ? firstOfTrial.get(t.trialJobId().get()) : null;
            int match = first != null ? firstUnusedOf(t.trialJobId().get(), first) : firstUnused(t);
            if (match >= 0) {
                used[match] = true;
                held.add(t);
            } else {
                fresh.add(t);
            }
        }
        return new Split(held, fresh);
    }

    /** The first journal entry of one trial id not matched yet (the chain's head moves past the matched ones). */
    private int firstUnusedOf(String trial, int first) {
        int i = first;
        int last = first;
        while (i >= 0 && used[i]) {
            last = i;
            i = nextSameTrial[i];
        }
        int head = i < 0 ? last : i; // all matched: the chain's last entry, so the next look is one step
        if (head != first) {
            firstOfTrial.put(trial, head);
        }
        return i;
    }

    /** The first journal entry not matched yet with equivalent parameters and value, one of the two without trial id. */
    private int firstUnused(ImportedTrial t) {
        for (int i = 0; i < size(); i++) {
            if (!used[i] && (t.trialJobId().isEmpty() || trialOf(i).isEmpty())) {
                ImportedTrial k = entry(i);
                if (JsonEquivalence.same(k.parameter(), t.parameter()) && JsonEquivalence.same(k.value(), t.value())) {
                    return i;
                }
            }
        }
        return -1;
    }
}
