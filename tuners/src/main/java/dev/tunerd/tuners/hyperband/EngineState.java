package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link BracketEngine} as JSON and back, for snapshots: every bracket with its rounds and their entries (params,
 * absent while not drawn yet; issued id, last value, ended), the queue, the counters, and the draws given back that wait for the next bracket of
 * full trainings (only when there are any). Stateless.
 */
public final class EngineState {

    private EngineState() {
    }

    public static JsonObject write(BracketEngine engine) {
        List<JsonValue> brackets = new ArrayList<>();
        for (Bracket b : engine.brackets) {
            List<JsonValue> rounds = new ArrayList<>();
            for (Rung r : b.rounds) {
                List<JsonValue> entries = new ArrayList<>();
                for (Rung.Entry e : r.entries) {
                    JsonObject.Builder entry = JsonObject.builder().put("n", e.counter);
                    if (e.params != null) { // absent: not drawn yet (BracketEngine#drawOnIssue)
                        entry.put("p", e.params);
                    }
                    entries.add(entry.put("id", e.parameterId).put("seq", e.sequence).put("loss", JsonFloat.of(e.loss))
                        .put("ended", JsonBool.of(e.ended)).build());
                }
                rounds.add(JsonObject.builder().put("budget", r.budget).put("entries", new JsonArray(entries)).build());
            }
            brackets.add(JsonObject.builder().put("key", b.key).put("s", b.s).put("done", JsonBool.of(b.done))
                .put("rounds", new JsonArray(rounds)).build());
        }
        List<JsonValue> pending = new ArrayList<>();
        engine.pending.forEach(ref -> pending.add(SnapshotJson.ints(ref)));
        JsonObject.Builder out = JsonObject.builder().put("counter", engine.counter).put("nextS", engine.nextS)
            .put("hb", engine.hb).put("brackets", new JsonArray(brackets)).put("pending", new JsonArray(pending));
        if (!engine.givenBack.isEmpty()) { // kept across brackets with separate streams (issue 13 session 17)
            out.put("givenBack", new JsonArray(new ArrayList<JsonValue>(engine.givenBack)));
        }
        return out.build();
    }

    /** Replaces the engine's state with {@code state}; a malformed one is an {@link IllegalArgumentException}. */
    public static void read(BracketEngine engine, JsonValue state) {
        JsonObject o = SnapshotJson.object(state, "bracket engine");
        engine.bracketChanged(0); // every bracket is replaced
        engine.brackets.clear();
        engine.pending.clear();
        engine.issued.clear();
        for (JsonValue bv : SnapshotJson.arrayMember(o, "brackets").values()) {
            JsonObject bo = SnapshotJson.object(bv, "bracket");
            Bracket b = new Bracket(string(bo, "key"), (int) SnapshotJson.longMember(bo, "s"));
            if (b.s < 0 || b.s > engine.plan().sMax() || SnapshotJson.arrayMember(bo, "rounds").values().isEmpty()) {
                throw new IllegalArgumentException("snapshot bracket \"s\" must be 0.." + engine.plan().sMax()
                    + " and its \"rounds\" not empty");
            }
            for (JsonValue rv : SnapshotJson.arrayMember(bo, "rounds").values()) {
                JsonObject ro = SnapshotJson.object(rv, "round");
                long budget = SnapshotJson.longMember(ro, "budget");
                if (budget < 1 || budget > engine.plan().maxBudget()) {
                    throw new IllegalArgumentException("snapshot round \"budget\" must be 1.." + engine.plan().maxBudget()
                        + ", got " + budget);
                }
                Rung r = new Rung((int) budget);
                for (JsonValue ev : SnapshotJson.arrayMember(ro, "entries").values()) {
                    r.entries.add(entry(SnapshotJson.object(ev, "entry")));
                }
                b.rounds.add(r);
            }
            b.done = SnapshotJson.member(bo, "done") == JsonBool.TRUE;
            engine.brackets.add(b);
        }
        for (JsonValue p : SnapshotJson.arrayMember(o, "pending").values()) {
            engine.pending.add(queued(engine, SnapshotJson.toInts(p)));
        }
        for (int bi = 0; bi < engine.brackets.size(); bi++) {
            List<Rung> rounds = engine.brackets.get(bi).rounds;
            for (int ri = 0; ri < rounds.size(); ri++) {
                for (int ei = 0; ei < rounds.get(ri).entries.size(); ei++) {
                    long id = rounds.get(ri).entries.get(ei).parameterId;
                    if (id >= 0 && engine.issued.put(id, new int[] {bi, ri, ei}) != null) {
                        throw new IllegalArgumentException("snapshot entry \"id\" " + id + " appears twice");
                    }
                }
            }
        }
        engine.recountInFlight();
        engine.unsettled.clear();
        engine.brackets.stream().filter(b -> !BracketEngine.settled(b)).forEach(engine.unsettled::add);
        engine.givenBack.clear();
        if (o.get("givenBack") != null) { // absent when none was waiting (and before issue 13 session 17)
            for (JsonValue p : SnapshotJson.arrayMember(o, "givenBack").values()) {
                engine.givenBack.add(SnapshotJson.object(p, "given-back configuration"));
            }
        }
        engine.counter = (int) SnapshotJson.longMember(o, "counter");
        engine.nextS = (int) SnapshotJson.longMember(o, "nextS");
        engine.hb = (int) SnapshotJson.longMember(o, "hb");
    }

    /**
     * Refuses a restored engine whose configurations do not fit the search space ({@code misfit} says why, or is empty):
     * taken, they would fail later, in a draw or a model (issue 13 session 31).
     */
    static void checkFits(BracketEngine engine, java.util.function.Function<JsonObject, java.util.Optional<String>> misfit,
                          String who) {
        for (Bracket b : engine.brackets) {
            for (Rung r : b.rounds) {
                for (Rung.Entry e : r.entries) {
                    misfit.apply(e.params).ifPresent(why -> {
                        throw new IllegalArgumentException(who + " snapshot entry \"p\" of bracket " + b.key
                            + " does not fit the search space: " + why);
                    });
                }
            }
        }
    }

    /**
     * A queued entry {bracket, round, entry} that exists, is not issued and is not queued already (issue 13 session
     * 31: a tampered queue failed later, at an issue, with an IndexOutOfBounds, or issued an entry twice).
     */
    private static int[] queued(BracketEngine engine, int[] ref) {
        boolean exists = ref.length == 3 && ref[0] >= 0 && ref[0] < engine.brackets.size() && ref[1] >= 0
            && ref[1] < engine.brackets.get(ref[0]).rounds.size() && ref[2] >= 0
            && ref[2] < engine.brackets.get(ref[0]).rounds.get(ref[1]).entries.size();
        if (!exists || engine.brackets.get(ref[0]).rounds.get(ref[1]).entries.get(ref[2]).parameterId >= 0
            || engine.pending.stream().anyMatch(q -> java.util.Arrays.equals(q, ref))) {
            throw new IllegalArgumentException("snapshot \"pending\" must list [bracket, round, entry] of entries"
                + " not issued, each once; got " + java.util.Arrays.toString(ref));
        }
        return ref;
    }

    private static Rung.Entry entry(JsonObject eo) {
        JsonValue p = eo.get("p");
        long id = SnapshotJson.longMember(eo, "id");
        if (p == null ? id >= 0 : !(p instanceof JsonObject)) { // only an entry not issued yet may wait for its draw
            throw new IllegalArgumentException("snapshot entry \"p\" must be an object (absent only before its issue)");
        }
        Rung.Entry e = new Rung.Entry((int) SnapshotJson.longMember(eo, "n"), (JsonObject) p);
        e.parameterId = id;
        e.sequence = SnapshotJson.longMember(eo, "seq");
        e.loss = SnapshotJson.number(SnapshotJson.member(eo, "loss"), "entry \"loss\"");
        e.ended = SnapshotJson.member(eo, "ended") == JsonBool.TRUE;
        return e;
    }

    private static String string(JsonObject o, String key) {
        if (SnapshotJson.member(o, key) instanceof JsonString s) {
            return s.value();
        }
        throw new IllegalArgumentException("snapshot \"" + key + "\" must be a string");
    }

}
