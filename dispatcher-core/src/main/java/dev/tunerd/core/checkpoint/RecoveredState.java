package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a checkpoint holds, read back: the id counter, every issued parameter set, the results, the trial
 * ends, the search space, the imported data and the latest algorithm snapshots. Immutable and thread-safe.
 *
 * <p>Lists are in the order the dispatcher observed the events. {@link #issuedParameters()} iterates in issue order.
 */
public final class RecoveredState {
    private static final RecoveredState EMPTY = new RecoveredState(Optional.empty(), ExperimentInfo.UNKNOWN, 0,
        Optional.empty(), Map.of(), List.of(), List.of(), List.of(), Map.of(), TrialTimes.NONE, List.of(), Map.of());

    private final Optional<Instant> createdAt;
    private final ExperimentInfo info;
    private final long nextParameterId;
    private final Optional<JsonObject> searchSpace;
    private final Map<Long, JsonValue> issuedParameters;
    private final List<RecordedResult> results;
    private final List<EndedTrial> ended;
    private final List<ImportedTrial> imported;
    private final Map<AlgorithmRole, AlgorithmSnapshot> algorithms;
    private final TrialTimes times;
    private final List<String> warnings;
    private final Map<Long, String> wireIds;

    /** A state holding copies of the given collections. */
    RecoveredState(Optional<Instant> createdAt, ExperimentInfo info, long nextParameterId,
                   Optional<JsonObject> searchSpace, Map<Long, JsonValue> issuedParameters,
                   List<RecordedResult> results, List<EndedTrial> ended, List<ImportedTrial> imported,
                   Map<AlgorithmRole, AlgorithmSnapshot> algorithms, TrialTimes times, List<String> warnings,
                   Map<Long, String> wireIds) {
        this(createdAt, info, nextParameterId, searchSpace,
            Collections.unmodifiableMap(new LinkedHashMap<>(issuedParameters)), List.copyOf(results),
            List.copyOf(ended), List.copyOf(imported), algorithms, times, warnings,
            Collections.unmodifiableMap(new LinkedHashMap<>(wireIds)), true);
    }

    private RecoveredState(Optional<Instant> createdAt, ExperimentInfo info, long nextParameterId,
                           Optional<JsonObject> searchSpace, Map<Long, JsonValue> issuedParameters,
                           List<RecordedResult> results, List<EndedTrial> ended, List<ImportedTrial> imported,
                           Map<AlgorithmRole, AlgorithmSnapshot> algorithms, TrialTimes times, List<String> warnings,
                           Map<Long, String> wireIds, boolean unused) {
        this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
        this.info = Objects.requireNonNull(info, "info");
        this.nextParameterId = nextParameterId;
        this.searchSpace = Objects.requireNonNull(searchSpace, "searchSpace");
        this.issuedParameters = issuedParameters;
        this.results = results;
        this.ended = ended;
        this.imported = imported;
        this.algorithms = algorithms.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(algorithms));
        this.times = Objects.requireNonNull(times, "times");
        this.warnings = List.copyOf(warnings);
        this.wireIds = wireIds;
    }

    /**
     * A state over the given history collections without copying them: their owner hands them over and never
     * changes them again (a {@link StateAccumulator} done reading, see {@link StateAccumulator#handOver}), so a
     * recovered history is held once however many hands it passes through.
     */
    static RecoveredState handedOver(Optional<Instant> createdAt, ExperimentInfo info, long nextParameterId,
                                     Optional<JsonObject> searchSpace, Map<Long, JsonValue> issuedParameters,
                                     List<RecordedResult> results, List<EndedTrial> ended,
                                     List<ImportedTrial> imported, Map<AlgorithmRole, AlgorithmSnapshot> algorithms,
                                     TrialTimes times, List<String> warnings, Map<Long, String> wireIds) {
        return new RecoveredState(createdAt, info, nextParameterId, searchSpace, HandedOver.map(issuedParameters),
            HandedOver.list(results), HandedOver.list(ended), HandedOver.list(imported), algorithms, times, warnings,
            HandedOver.map(wireIds), true);
    }

    /** The wire ids a tuner named for issued ids ({@code dev.tunerd.spi.NamesParameterIds}), in issue order. */
    public Map<Long, String> wireIds() {
        return wireIds;
    }

    /** The state of a checkpoint that holds nothing yet. */
    public static RecoveredState empty() {
        return EMPTY;
    }

    /** True when nothing was ever recorded (no ids, no results, no imports, no search space). */
    public boolean isEmpty() {
        return nextParameterId == 0 && issuedParameters.isEmpty() && results.isEmpty() && ended.isEmpty()
            && imported.isEmpty() && searchSpace.isEmpty() && algorithms.isEmpty();
    }

    /** When the checkpoint was first created, when known. */
    public Optional<Instant> createdAt() {
        return createdAt;
    }

    public ExperimentInfo info() {
        return info;
    }

    /** The first id that was never issued nor reserved: the dispatcher's id counter continues here. */
    public long nextParameterId() {
        return nextParameterId;
    }

    public Optional<JsonObject> searchSpace() {
        return searchSpace;
    }

    /** Every issued parameter id with its parameters, in issue order. */
    public Map<Long, JsonValue> issuedParameters() {
        return issuedParameters;
    }

    public List<RecordedResult> results() {
        return results;
    }

    public List<EndedTrial> endedTrials() {
        return ended;
    }

    public List<ImportedTrial> importedData() {
        return imported;
    }

    public Map<AlgorithmRole, AlgorithmSnapshot> algorithmSnapshots() {
        return algorithms;
    }

    public Optional<AlgorithmSnapshot> algorithmSnapshot(AlgorithmRole role) {
        return Optional.ofNullable(algorithms.get(role));
    }

    /** When each trial's events were recorded (empty for a checkpoint written before record version 2). */
    public TrialTimes trialTimes() {
        return times;
    }

    /** Warnings from reading (a torn last record that was ignored, leftovers); empty when the read was clean. */
    public List<String> warnings() {
        return warnings;
    }

    /** The sizes of the issued, results, ended and imported lists: what a snapshot taken now would cover. */
    public Watermark watermark() {
        return new Watermark(issuedParameters.size(), results.size(), ended.size(), imported.size());
    }

    /** The history an algorithm restored from {@code snapshot} has not seen (all of it for {@code null}). */
    public Replay replayAfter(AlgorithmSnapshot snapshot) {
        Watermark w = snapshot == null ? new Watermark(0, 0, 0, 0) : snapshot.covered();
        List<Long> ids = new ArrayList<>(issuedParameters.keySet());
        return new Replay(tail(ids, w.issued()), tail(results, w.results()), tail(ended, w.ended()),
            tail(imported, w.imported()));
    }

    /**
     * The whole history as import entries, for an algorithm that cannot restore a snapshot: the imported data,
     * then every result whose parameters are known, with its trial id. This is what NNI gives a tuner on resume.
     */
    public List<ImportedTrial> historyForImport() {
        List<ImportedTrial> out = new ArrayList<>(imported);
        for (RecordedResult r : results) {
            JsonValue params = issuedParameters.get(r.parameterId());
            if (params != null) {
                out.add(new ImportedTrial(params, r.value(), r.trialJobId()));
            }
        }
        return out;
    }

    private static <T> List<T> tail(List<T> list, int from) {
        return list.subList(Math.min(from, list.size()), list.size());
    }

    RecoveredState withWarnings(List<String> more) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(more);
        return new RecoveredState(createdAt, info, nextParameterId, searchSpace, issuedParameters, results, ended,
            imported, algorithms, times, all, wireIds);
    }
}
