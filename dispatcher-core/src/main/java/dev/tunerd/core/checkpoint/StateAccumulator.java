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
    private final Map<Long, JsonValue> issued;
    private final List<RecordedResult> results;
    private final List<EndedTrial> ended;
    private final List<ImportedTrial> imported;
    private final Map<AlgorithmRole, AlgorithmSnapshot> algorithms = new EnumMap<>(AlgorithmRole.class);
    private final Map<Long, Instant> issuedAt;
    private final Map<Long, Instant> resultAt;
    private final Map<String, Instant> endedAt;
    private final Map<Long, String> wireIds;
    /**
     * The tuner's inputs after its saved state, in order (kept apart so that appending one is O(1)); cleared when a new
     * state is recorded, so intermediate results are held only until the next tuner state.
     */
    private final List<TunerEvent> tunerEvents = new ArrayList<>();
    private boolean handedOver;

    /**
     * Continues {@code start}: its history is not copied but layered under what this accumulator adds
     * ({@link LayeredMap}, {@link LayeredList}), so a resumed recorder and the recovered state it continues share one
     * copy of the history. {@code start} is immutable, so sharing it is safe.
     */
    StateAccumulator(RecoveredState start) {
        createdAt = start.createdAt();
        info = start.info();
        nextId = start.nextParameterId();
        space = start.searchSpace();
        boolean fresh = start.isEmpty() && start.trialTimes().isEmpty() && start.wireIds().isEmpty();
        issued = fresh ? new LinkedHashMap<>() : new LayeredMap<>(start.issuedParameters());
        results = fresh ? new ArrayList<>() : new LayeredList<>(start.results());
        ended = fresh ? new ArrayList<>() : new LayeredList<>(start.endedTrials());
        imported = fresh ? new ArrayList<>() : new LayeredList<>(start.importedData());
        issuedAt = fresh ? new LinkedHashMap<>() : new LayeredMap<>(start.trialTimes().issued());
        resultAt = fresh ? new LinkedHashMap<>() : new LayeredMap<>(start.trialTimes().results());
        endedAt = fresh ? new LinkedHashMap<>() : new LayeredMap<>(start.trialTimes().ended());
        wireIds = fresh ? new LinkedHashMap<>() : new LayeredMap<>(start.wireIds());
        start.algorithmSnapshots().values().forEach(this::putAlgorithm);
    }

    /** The issued parameters and the results as this accumulator holds them (for tests of the sharing). */
    Map<Long, JsonValue> issuedMap() {
        return issued;
    }

    List<RecordedResult> resultList() {
        return results;
    }

    void setCreation(Optional<Instant> created, ExperimentInfo experiment) {
        createdAt = created;
        info = experiment;
    }

    /** Applies one record; a malformed payload is a {@link CheckpointException}. */
    void apply(RecordType type, JsonObject p) {
        if (handedOver) {
            throw new IllegalStateException("this history was handed over; it cannot change any more");
        }
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

    /** A copy of the state so far (this accumulator may go on). */
    RecoveredState toState(List<String> warnings) {
        return new RecoveredState(createdAt, info, nextId, space, issued, results, ended, imported, algorithmsNow(),
            new TrialTimes(issuedAt, resultAt, endedAt), warnings, wireIds);
    }

    /**
     * The state, holding this accumulator's collections without copying them; the accumulator is done and refuses any
     * further record. This is how a reader hands what it read on (one copy of the history, one owner at a time).
     */
    RecoveredState handOver(List<String> warnings) {
        handedOver = true;
        return RecoveredState.handedOver(createdAt, info, nextId, space, issued, results, ended, imported,
            algorithmsNow(), new TrialTimes(HandedOver.map(issuedAt), HandedOver.map(resultAt),
                HandedOver.map(endedAt)), warnings, wireIds);
    }

    /**
     * The state as a view of this accumulator's live collections, not copied: valid only until the next
     * {@link #apply}. For writing a snapshot right away (JournalSession's compaction), which must not cost a second
     * copy of the history.
     */
    RecoveredState view() {
        return RecoveredState.handedOver(createdAt, info, nextId, space, issued, results, ended, imported,
            algorithmsNow(), new TrialTimes(HandedOver.map(issuedAt), HandedOver.map(resultAt),
                HandedOver.map(endedAt)), List.of(), wireIds);
    }

    private Map<AlgorithmRole, AlgorithmSnapshot> algorithmsNow() {
        Map<AlgorithmRole, AlgorithmSnapshot> all = new EnumMap<>(AlgorithmRole.class);
        all.putAll(algorithms);
        all.computeIfPresent(AlgorithmRole.TUNER, (role, a) -> a.withEvents(tunerEvents));
        return all;
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
