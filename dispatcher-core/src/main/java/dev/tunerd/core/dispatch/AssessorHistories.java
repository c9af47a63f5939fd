package dev.tunerd.core.dispatch;

import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Intermediate results per trial (spec 4.6): values stored at their {@code sequence}, the gap-free prefix handed to
 * the assessor, and the set of ended trials whose later intermediates are ignored (never cleared, as in NNI).
 *
 * <p>Thread-safe (synchronized); in the daemon only the assessor worker changes it.
 */
public final class AssessorHistories {

    private final Map<String, History> histories = new HashMap<>();
    private final TrialIdSet endedTrials = new TrialIdSet();

    /**
     * Stores one intermediate result.
     *
     * @return the gap-free history 0..k to assess, or empty when the trial ended or {@code sequence} is past a gap
     */
    public synchronized Optional<List<JsonValue>> add(String trialJobId, int sequence, JsonValue value) {
        if (endedTrials.contains(trialJobId)) {
            return Optional.empty();
        }
        History h = histories.computeIfAbsent(trialJobId, k -> new History());
        h.put(sequence, value);
        return h.prefix.size() < sequence ? Optional.empty() : Optional.of(h.prefix.snapshot());
    }

    /**
     * Marks the trial as ended and forgets its history.
     *
     * @return true when it had a history (then the assessor is told about the end)
     */
    public synchronized boolean end(String trialJobId) {
        endedTrials.add(trialJobId);
        return histories.remove(trialJobId) != null;
    }

    public synchronized boolean hasEnded(String trialJobId) {
        return endedTrials.contains(trialJobId);
    }

    /** One trial's values: the contiguous prefix, and values waiting beyond a gap. */
    private static final class History {
        private final PrefixSnapshots prefix = new PrefixSnapshots();
        private final TreeMap<Integer, JsonValue> beyondGap = new TreeMap<>();

        void put(int sequence, JsonValue value) {
            if (sequence < prefix.size()) {
                prefix.set(sequence, value);
                return;
            }
            beyondGap.put(sequence, value);
            for (JsonValue next = beyondGap.remove(prefix.size()); next != null; next = beyondGap.remove(prefix.size())) {
                prefix.append(next);
            }
        }
    }
}
