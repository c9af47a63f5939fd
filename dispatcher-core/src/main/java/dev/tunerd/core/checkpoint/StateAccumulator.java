package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a {@link RecoveredState} by applying journal records in order. The recorder applies the very payload it
 * writes, and recovery applies the payloads it reads, so both sides share one interpretation. Not thread-safe.
 */
final class StateAccumulator {
    private Optional<Instant> createdAt;
    private ExperimentInfo info;
    private long nextId;
    private Optional<JsonObject> space;
    private final Map<Long, JsonValue> issued = new LinkedHashMap<>();
    private final List<RecordedResult> results = new ArrayList<>();
    private final List<EndedTrial> ended = new ArrayList<>();
    private final List<ImportedTrial> imported = new ArrayList<>();
    private final Map<AlgorithmRole, AlgorithmSnapshot> algorithms = new EnumMap<>(AlgorithmRole.class);
    private final Map<Long, Instant> issuedAt = new LinkedHashMap<>();
    private final Map<Long, Instant> resultAt = new LinkedHashMap<>();
    private final Map<String, Instant> endedAt = new LinkedHashMap<>();
    private final Map<Long, String> wireIds = new LinkedHashMap<>();
    /**
     * The tuner's inputs after its saved state, in order (kept apart so that appending one is O(1)); cleared when a new
     * state is recorded, so intermediate results are held only until the next tuner state.
     */
    private final List<TunerEvent> tunerEvents = new ArrayList<>();

    StateAccumulator(RecoveredState start) {
        createdAt = start.createdAt();
        info = start.info();
        nextId = start.nextParameterId();
        space = start.searchSpace();
        issued.putAll(start.issuedParameters());
        results.addAll(start.results());
        ended.addAll(start.endedTrials());
        imported.addAll(start.importedData());
        issuedAt.putAll(start.trialTimes().issued());
        resultAt.putAll(start.trialTimes().results());
        endedAt.putAll(start.trialTimes().ended());
        wireIds.putAll(start.wireIds());
        start.algorithmSnapshots().values().forEach(this::putAlgorithm);
    }

    void setCreation(Optional<Instant> created, ExperimentInfo experiment) {
        createdAt = created;
        info = experiment;
    }

    /** Applies one record; a malformed payload is a {@link CheckpointException}. */
    void apply(RecordType type, JsonObject p) {
        switch (type) {
            case SEARCH_SPACE -> space = Optional.of(JsonFields.objectOf(p, "space"));
            case IDS_RESERVED -> nextId = Math.max(nextId, JsonFields.longOf(p, "next"));
            case PARAMETERS_ISSUED -> {
                long id = JsonFields.longOf(p, "id");
                issued.put(id, JsonFields.require(p, "parameters"));
                nextId = Math.max(nextId, id + 1);
                StateCodec.time(p).ifPresent(t -> issuedAt.put(id, t));
            }
            case FINAL_RESULT -> {
                RecordedResult r = new RecordedResult(JsonFields.longOf(p, "id"), JsonFields.optionalString(p, "trial"),
                    JsonFields.require(p, "value"));
                results.add(r);
                StateCodec.time(p).ifPresent(t -> resultAt.put(r.parameterId(), t));
                afterTunerState(TunerEvent.Mark.RESULT);
            }
            case TRIAL_ENDED -> {
                EndedTrial e = new EndedTrial(JsonFields.stringOf(p, "trial"), JsonFields.optionalLong(p, "id"),
                    JsonFields.stringOf(p, "event"));
                ended.add(e);
                StateCodec.time(p).ifPresent(t -> endedAt.put(e.trialJobId(), t));
                afterTunerState(TunerEvent.Mark.TRIAL_END);
            }
            case DATA_IMPORTED -> {
                List<JsonValue> trials = JsonFields.arrayOf(p, "trials").values();
                for (JsonValue t : trials) {
                    imported.add(StateCodec.importedTrial(JsonFields.asObject(t, "imported trial")));
                }
                if (!trials.isEmpty()) {
                    afterTunerState(new TunerEvent.Imported(trials.size()));
                }
            }
            case ALGORITHM_STATE -> {
                AlgorithmRole role = AlgorithmRole.ofKey(JsonFields.stringOf(p, "role"));
                putAlgorithm(new AlgorithmSnapshot(role, JsonFields.require(p, "state"), watermark()));
            }
            case TUNER_STEP -> afterTunerState(new GenerationStep(JsonFields.longOf(p, "first"),
                Math.toIntExact(JsonFields.longOf(p, "count")), watermark()));
            case INTERMEDIATE_RESULT -> afterTunerState(StateCodec.intermediate(p));
            case WIRE_ID_NAMED -> wireIds.put(JsonFields.longOf(p, "id"), JsonFields.stringOf(p, "wire"));
            case SNAPSHOT -> throw new CheckpointException("a snapshot record cannot appear inside a journal");
            case SNAPSHOT_PART -> throw new CheckpointException("a snapshot part cannot appear inside a journal");
        }
    }

    /** Keeps a tuner input for replay; without a tuner state there is nothing to replay onto. */
    private void afterTunerState(TunerEvent event) {
        if (algorithms.containsKey(AlgorithmRole.TUNER)) {
            tunerEvents.add(event);
        }
    }

    Watermark watermark() {
        return new Watermark(issued.size(), results.size(), ended.size(), imported.size());
    }

    RecoveredState toState(List<String> warnings) {
        Map<AlgorithmRole, AlgorithmSnapshot> all = new EnumMap<>(AlgorithmRole.class);
        all.putAll(algorithms);
        all.computeIfPresent(AlgorithmRole.TUNER, (role, a) -> a.withEvents(tunerEvents));
        return new RecoveredState(createdAt, info, nextId, space, issued, results, ended, imported, all,
            new TrialTimes(issuedAt, resultAt, endedAt), warnings, wireIds);
    }

    /** Sets an algorithm's latest state with the inputs recorded after it. */
    void putAlgorithm(AlgorithmSnapshot snapshot) {
        algorithms.put(snapshot.role(), snapshot.withEvents(List.of()));
        if (snapshot.role() == AlgorithmRole.TUNER) {
            tunerEvents.clear();
            tunerEvents.addAll(snapshot.events());
        }
    }

    /** The tuner's saved state with the inputs after it, if there is one. */
    java.util.Optional<AlgorithmSnapshot> tuner() {
        return java.util.Optional.ofNullable(algorithms.get(AlgorithmRole.TUNER)).map(a -> a.withEvents(tunerEvents));
    }
}
