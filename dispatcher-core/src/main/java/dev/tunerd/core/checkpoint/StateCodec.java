package dev.tunerd.core.checkpoint;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON payloads of journal records and of the snapshot, and their bytes (UTF-8, NaN allowed). Stateless;
 * thread-safe.
 */
final class StateCodec {
    private StateCodec() {
    }

    static byte[] bytes(JsonObject payload) {
        return Json.writeAllowingNonFinite(payload).getBytes(StandardCharsets.UTF_8);
    }

    static JsonObject parse(byte[] payload) {
        try {
            return JsonFields.asObject(Json.parse(new String(payload, StandardCharsets.UTF_8)), "record payload");
        } catch (JsonException e) {
            throw new CheckpointException("record payload is not JSON: " + e.getMessage(), e);
        }
    }

    static JsonObject searchSpace(JsonObject space) {
        return JsonObject.builder().put("space", space).build();
    }

    static JsonObject idsReserved(long next) {
        return JsonObject.builder().put("next", next).build();
    }

    static JsonObject parametersIssued(long id, JsonValue parameters, Optional<Instant> at) {
        return withTime(JsonObject.builder().put("id", id).put("parameters", parameters), at);
    }

    static JsonObject finalResult(long id, Optional<String> trial, JsonValue value, Optional<Instant> at) {
        return withTime(JsonObject.builder().put("id", id).put("trial", JsonFields.orNull(trial)).put("value", value),
            at);
    }

    static JsonObject trialEnded(String trial, Optional<Long> id, String event, Optional<Instant> at) {
        return withTime(JsonObject.builder().put("trial", trial).put("id", JsonFields.orNull(id)).put("event", event),
            at);
    }

    /** The payloads without a time (as version 1 wrote them). */
    static JsonObject parametersIssued(long id, JsonValue parameters) {
        return parametersIssued(id, parameters, Optional.empty());
    }

    static JsonObject wireIdNamed(long id, String wire) {
        return JsonObject.builder().put("id", id).put("wire", wire).build();
    }

    static JsonObject finalResult(long id, Optional<String> trial, JsonValue value) {
        return finalResult(id, trial, value, Optional.empty());
    }

    static JsonObject trialEnded(String trial, Optional<Long> id, String event) {
        return trialEnded(trial, id, event, Optional.empty());
    }

    private static JsonObject withTime(JsonObject.Builder b, Optional<Instant> at) {
        at.ifPresent(t -> b.put("at", t.toEpochMilli()));
        return b.build();
    }

    /** The optional {@code at} of a version-2 record. */
    static Optional<Instant> time(JsonObject payload) {
        return JsonFields.optionalLong(payload, "at").map(Instant::ofEpochMilli);
    }

    static JsonObject dataImported(List<ImportedTrial> trials) {
        List<JsonValue> list = new ArrayList<>(trials.size());
        for (ImportedTrial t : trials) {
            list.add(JsonObject.builder().put("parameter", t.parameter()).put("value", t.value())
                .put("trialJobId", JsonFields.orNull(t.trialJobId())).build());
        }
        return JsonObject.builder().put("trials", new JsonArray(list)).build();
    }

    static ImportedTrial importedTrial(JsonObject o) {
        return new ImportedTrial(JsonFields.require(o, "parameter"), JsonFields.require(o, "value"),
            JsonFields.optionalString(o, "trialJobId"));
    }

    static JsonObject tunerStep(long first, int count) {
        return JsonObject.builder().put("first", first).put("count", count).build();
    }

    static JsonObject intermediateResult(long id, String trial, int sequence, JsonValue value) {
        return JsonObject.builder().put("id", id).put("trial", trial).put("seq", sequence).put("value", value).build();
    }

    static TunerEvent.Intermediate intermediate(JsonObject p) {
        long sequence = JsonFields.longOf(p, "seq");
        if (sequence < Integer.MIN_VALUE || sequence > Integer.MAX_VALUE) {
            throw new CheckpointException("intermediate result sequence " + sequence + " is out of range");
        }
        return new TunerEvent.Intermediate(JsonFields.longOf(p, "id"), JsonFields.stringOf(p, "trial"),
            (int) sequence, JsonFields.require(p, "value"));
    }

    static JsonObject algorithmState(AlgorithmRole role, JsonValue state) {
        return JsonObject.builder().put("role", role.key()).put("state", state).build();
    }

    /** Entries per {@link RecordType#SNAPSHOT_PART} record. */
    static final int PART_ENTRIES = 1_000;

    /**
     * The snapshot's first record (version 4): everything but the lists, which follow in
     * {@link RecordType#SNAPSHOT_PART} records ({@link #snapshotParts}).
     */
    static JsonObject snapshotHead(RecoveredState s) {
        List<JsonValue> algorithms = new ArrayList<>();
        s.algorithmSnapshots().values().forEach(a -> algorithms.add(algorithm(a)));
        return JsonObject.builder()
            .put("createdAt", s.createdAt().<JsonValue>map(t -> JsonString.of(t.toString())).orElse(JsonNull.INSTANCE))
            .put("tuner", JsonFields.orNull(s.info().tunerName()))
            .put("optimizeMode", JsonFields.orNull(s.info().optimizeMode()))
            .put("nextParameterId", s.nextParameterId())
            .put("searchSpace", s.searchSpace().<JsonValue>map(x -> x).orElse(JsonNull.INSTANCE))
            .put("algorithms", new JsonArray(algorithms)).build();
    }

    /**
     * The lists of the state as parts of at most {@value #PART_ENTRIES} entries, each {@code {"<list>": [...]}}, in
     * the order a reader applies them: issued, wireIds, results, ended, imported. Handed to {@code sink} one by one,
     * so the whole state is never one JSON tree.
     */
    static void snapshotParts(RecoveredState s, java.util.function.Consumer<JsonObject> sink) {
        TrialTimes times = s.trialTimes();
        Parts parts = new Parts(sink);
        parts.begin("issued");
        s.issuedParameters().forEach((id, p) -> parts.add(parametersIssued(id, p, times.issuedAt(id))));
        parts.begin("wireIds");
        s.wireIds().forEach((id, wire) -> parts.add(wireIdNamed(id, wire)));
        parts.begin("results");
        s.results().forEach(r -> parts.add(finalResult(r.parameterId(), r.trialJobId(), r.value(),
            times.resultAt(r.parameterId()))));
        parts.begin("ended");
        s.endedTrials().forEach(t -> parts.add(trialEnded(t.trialJobId(), t.parameterId(), t.event(),
            times.endedAt(t.trialJobId()))));
        parts.begin("imported");
        JsonFields.arrayOf(dataImported(s.importedData()), "trials").values().forEach(parts::add);
        parts.begin(null);
    }

    /** Collects entries of one list into parts of {@value #PART_ENTRIES}. */
    private static final class Parts {
        private final java.util.function.Consumer<JsonObject> sink;
        private String list;
        private List<JsonValue> entries = new ArrayList<>();

        Parts(java.util.function.Consumer<JsonObject> sink) {
            this.sink = sink;
        }

        void begin(String next) {
            flush();
            list = next;
        }

        void add(JsonValue entry) {
            entries.add(entry);
            if (entries.size() == PART_ENTRIES) {
                flush();
            }
        }

        private void flush() {
            if (!entries.isEmpty()) {
                sink.accept(JsonObject.builder().put(list, new JsonArray(entries)).build());
                entries = new ArrayList<>();
            }
        }
    }

    /** The whole state as one payload (SNAPSHOT version 3 and before; kept for tests and tools). */
    static JsonObject snapshot(RecoveredState s) {
        JsonObject.Builder b = JsonObject.builder();
        JsonObject head = snapshotHead(s);
        head.keys().forEach(k -> b.put(k, head.get(k)));
        java.util.Map<String, List<JsonValue>> lists = new java.util.LinkedHashMap<>();
        for (String k : List.of("issued", "wireIds", "results", "ended", "imported")) {
            lists.put(k, new ArrayList<>());
        }
        snapshotParts(s, part -> part.keys().forEach(k -> lists.get(k).addAll(JsonFields.arrayOf(part, k).values())));
        lists.forEach((k, v) -> b.put(k, new JsonArray(v)));
        return b.build();
    }

    private static JsonObject algorithm(AlgorithmSnapshot a) {
        JsonObject.Builder b = JsonObject.builder().put("role", a.role().key()).put("state", a.state())
            .put("covered", watermark(a.covered()));
        if (!a.events().isEmpty()) {
            List<JsonValue> events = new ArrayList<>(a.events().size());
            for (TunerEvent e : a.events()) {
                events.add(event(e));
            }
            b.put("events", new JsonArray(events));
        }
        return b.build();
    }

    /** {@code "r"}, {@code "e"}, {@code ["i", n]}, {@code ["s", first, count, [watermark]]}, {@code ["m", payload]}. */
    private static JsonValue event(TunerEvent e) {
        if (e instanceof TunerEvent.Mark m) {
            return JsonString.of(m == TunerEvent.Mark.RESULT ? "r" : "e");
        } else if (e instanceof TunerEvent.Imported i) {
            return JsonArray.of(JsonString.of("i"), JsonInt.of(i.entries()));
        } else if (e instanceof GenerationStep s) {
            return JsonArray.of(JsonString.of("s"), JsonInt.of(s.firstId()), JsonInt.of(s.count()), watermark(s.at()));
        }
        TunerEvent.Intermediate m = (TunerEvent.Intermediate) e;
        return JsonArray.of(JsonString.of("m"), intermediateResult(m.parameterId(), m.trialJobId(), m.sequence(),
            m.value()));
    }

    private static TunerEvent event(JsonValue v) {
        if (v instanceof JsonString s && (s.value().equals("r") || s.value().equals("e"))) {
            return s.value().equals("r") ? TunerEvent.Mark.RESULT : TunerEvent.Mark.TRIAL_END;
        }
        List<JsonValue> a = JsonFields.asArray(v, "tuner event").values();
        String kind = !a.isEmpty() && a.get(0) instanceof JsonString k ? k.value() : "";
        if (kind.equals("i") && a.size() == 2 && a.get(1) instanceof JsonInt n) {
            return new TunerEvent.Imported(Math.toIntExact(n.value()));
        } else if (kind.equals("s") && a.size() == 4 && a.get(1) instanceof JsonInt first
            && a.get(2) instanceof JsonInt count) {
            return new GenerationStep(first.value(), Math.toIntExact(count.value()), watermark(a.get(3), "step"));
        } else if (kind.equals("m") && a.size() == 2) {
            return intermediate(JsonFields.asObject(a.get(1), "intermediate result"));
        }
        throw new CheckpointException("tuner event must be \"r\", \"e\", [\"i\", n], [\"s\", first, count, [watermark]]"
            + " or [\"m\", {...}], got " + v);
    }

    private static JsonArray watermark(Watermark w) {
        return JsonArray.of(JsonInt.of(w.issued()), JsonInt.of(w.results()), JsonInt.of(w.ended()),
            JsonInt.of(w.imported()));
    }

    /** Reads a one-record snapshot payload back (versions 1 to 3); a malformed one is a {@link CheckpointException}. */
    static RecoveredState fromSnapshot(JsonObject o) {
        return wholeSnapshot(o).handOver(List.of());
    }

    /** A one-record snapshot payload (versions 1 to 3) read into an accumulator, which a reader may continue. */
    static StateAccumulator wholeSnapshot(JsonObject o) {
        StateAccumulator acc = startSnapshot(o);
        applyPart(acc, o, true);
        return finishSnapshot(acc, o);
    }

    /** An accumulator holding a snapshot head's scalars (creation, tuner, id counter, search space). */
    static StateAccumulator startSnapshot(JsonObject o) {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        Optional<String> created = JsonFields.optionalString(o, "createdAt");
        acc.setCreation(created.map(StateCodec::instant), new ExperimentInfo(
            JsonFields.optionalString(o, "tuner"),
            JsonFields.optionalString(o, "optimizeMode").map(StateCodec::optimizeMode)));
        acc.apply(RecordType.IDS_RESERVED, idsReserved(JsonFields.longOf(o, "nextParameterId")));
        if (o.get("searchSpace") instanceof JsonObject space) {
            acc.apply(RecordType.SEARCH_SPACE, searchSpace(space));
        }
        return acc;
    }

    /**
     * Applies the lists in {@code o} (a {@link RecordType#SNAPSHOT_PART}, or a whole one-record snapshot where the
     * four history lists are {@code required}), in the order issued, wireIds, results, ended, imported.
     */
    static void applyPart(StateAccumulator acc, JsonObject o, boolean required) {
        if (required || o.has("issued")) {
            applyEach(acc, RecordType.PARAMETERS_ISSUED, JsonFields.arrayOf(o, "issued"));
        }
        if (o.has("wireIds")) { // snapshot version 2 and later
            applyEach(acc, RecordType.WIRE_ID_NAMED, JsonFields.arrayOf(o, "wireIds"));
        }
        if (required || o.has("results")) {
            applyEach(acc, RecordType.FINAL_RESULT, JsonFields.arrayOf(o, "results"));
        }
        if (required || o.has("ended")) {
            applyEach(acc, RecordType.TRIAL_ENDED, JsonFields.arrayOf(o, "ended"));
        }
        if (required || o.has("imported")) {
            acc.apply(RecordType.DATA_IMPORTED, JsonObject.builder().put("trials", JsonFields.arrayOf(o, "imported"))
                .build());
        }
    }

    /** Adds the head's algorithm states once every list is applied (their events must not be added twice). */
    static StateAccumulator finishSnapshot(StateAccumulator acc, JsonObject head) {
        for (JsonValue a : JsonFields.arrayOf(head, "algorithms").values()) {
            acc.putAlgorithm(algorithm(JsonFields.asObject(a, "algorithm snapshot"), acc.watermark()));
        }
        return acc;
    }

    private static void applyEach(StateAccumulator acc, RecordType type, JsonArray items) {
        for (JsonValue v : items.values()) {
            acc.apply(type, JsonFields.asObject(v, type + " entry"));
        }
    }

    /** An algorithm entry; {@code end} is what the whole snapshot covers (to read a version-2 {@code steps} list). */
    private static AlgorithmSnapshot algorithm(JsonObject o, Watermark end) {
        Watermark covered = watermark(JsonFields.require(o, "covered"), "covered");
        List<TunerEvent> events = new ArrayList<>();
        if (o.get("events") != null) { // snapshot version 3
            for (JsonValue v : JsonFields.arrayOf(o, "events").values()) {
                events.add(event(v));
            }
        } else if (AlgorithmRole.ofKey(JsonFields.stringOf(o, "role")) == AlgorithmRole.TUNER) {
            // versions 1 and 2: only the calls (version 2), with the history's sizes at each
            List<GenerationStep> steps = new ArrayList<>();
            JsonArray recorded = o.get("steps") == null ? new JsonArray(List.of()) : JsonFields.arrayOf(o, "steps");
            for (JsonValue v : recorded.values()) {
                List<JsonValue> s = JsonFields.asArray(v, "algorithm snapshot step").values();
                if (s.size() != 3 || !(s.get(0) instanceof JsonInt first) || !(s.get(1) instanceof JsonInt count)) {
                    throw new CheckpointException("algorithm snapshot step must be [first, count, [watermark]], got "
                        + v);
                }
                steps.add(new GenerationStep(first.value(), Math.toIntExact(count.value()), watermark(s.get(2),
                    "step")));
            }
            events = eventsOfSteps(covered, steps, end);
        }
        return new AlgorithmSnapshot(AlgorithmRole.ofKey(JsonFields.stringOf(o, "role")), JsonFields.require(o,
            "state"), covered, events);
    }

    /**
     * A version-2 snapshot's calls as events, in the order a version-2 reader replayed them: before each call the
     * results, then the trial ends, then the imports recorded before it; after the last, the rest up to {@code end}.
     */
    static List<TunerEvent> eventsOfSteps(Watermark covered, List<GenerationStep> steps, Watermark end) {
        List<TunerEvent> events = new ArrayList<>();
        Watermark at = covered;
        for (GenerationStep step : steps) {
            at = catchUp(events, at, step.at());
            events.add(step);
        }
        catchUp(events, at, end);
        return events;
    }

    private static Watermark catchUp(List<TunerEvent> events, Watermark from, Watermark to) {
        for (int i = from.results(); i < to.results(); i++) {
            events.add(TunerEvent.Mark.RESULT);
        }
        for (int i = from.ended(); i < to.ended(); i++) {
            events.add(TunerEvent.Mark.TRIAL_END);
        }
        if (to.imported() > from.imported()) {
            events.add(new TunerEvent.Imported(to.imported() - from.imported()));
        }
        return new Watermark(Math.max(from.issued(), to.issued()), Math.max(from.results(), to.results()),
            Math.max(from.ended(), to.ended()), Math.max(from.imported(), to.imported()));
    }

    private static Watermark watermark(JsonValue v, String what) {
        List<JsonValue> c = JsonFields.asArray(v, "algorithm snapshot " + what).values();
        if (c.size() != 4 || !c.stream().allMatch(x -> x instanceof JsonInt)) {
            throw new CheckpointException("algorithm snapshot '" + what + "' must be four integers, got " + c);
        }
        try {
            int[] w = c.stream().mapToInt(x -> Math.toIntExact(((JsonInt) x).value())).toArray();
            return new Watermark(w[0], w[1], w[2], w[3]);
        } catch (ArithmeticException | IllegalArgumentException e) {
            throw new CheckpointException("algorithm snapshot '" + what + "' is out of range: " + c, e);
        }
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new CheckpointException("snapshot createdAt '" + text + "' is not an ISO-8601 instant", e);
        }
    }

    private static OptimizeMode optimizeMode(String text) {
        for (OptimizeMode m : OptimizeMode.values()) {
            if (m.toString().equals(text)) {
                return m;
            }
        }
        throw new CheckpointException("snapshot optimizeMode '" + text + "' is not minimize or maximize");
    }
}
