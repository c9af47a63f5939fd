package dev.tunerd.core.checkpoint;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * When the dispatcher saw each trial's events, as the journal recorded them (record version 2 and later; a checkpoint
 * written by an older tunerd has none): parameters issued, final result received, trial ended. For reports
 * (durations, progress against time); recovery does not use them. Immutable and thread-safe.
 *
 * @param issued  parameter id to when its parameters were issued
 * @param results parameter id to when its (last) final result arrived
 * @param ended   trial job id to when its end ({@code EN}) arrived
 */
public record TrialTimes(Map<Long, Instant> issued, Map<Long, Instant> results, Map<String, Instant> ended) {

    public static final TrialTimes NONE = new TrialTimes(Map.of(), Map.of(), Map.of());

    /** Copies the maps, except those a {@link StateAccumulator} handed over (held as they are: they never change). */
    public TrialTimes {
        issued = kept(issued);
        results = kept(results);
        ended = kept(ended);
    }

    private static <K> Map<K, Instant> kept(Map<K, Instant> times) {
        return HandedOver.isView(times) ? times : Collections.unmodifiableMap(new LinkedHashMap<>(times));
    }

    public Optional<Instant> issuedAt(long parameterId) {
        return Optional.ofNullable(issued.get(parameterId));
    }

    public Optional<Instant> resultAt(long parameterId) {
        return Optional.ofNullable(results.get(parameterId));
    }

    public Optional<Instant> endedAt(String trialJobId) {
        return Optional.ofNullable(ended.get(trialJobId));
    }

    /** Whether any time is known. */
    public boolean isEmpty() {
        return issued.isEmpty() && results.isEmpty() && ended.isEmpty();
    }
}
