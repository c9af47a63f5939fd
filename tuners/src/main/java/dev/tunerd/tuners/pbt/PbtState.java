package dev.tunerd.tuners.pbt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.SnapshotJson;

/**
 * PBT's snapshot: generator state, generation, how many members are handed out, every member (hyperparameters and
 * directories), the scores so far (null = failed), the ids in flight and the owed ids. Reading checks every
 * directory lies under {@code all_checkpoint_dir} and that no save directory appears twice, so an edited or foreign
 * state cannot point trials outside the root or at one another's directory. Immutable.
 */
record PbtState(long rngState, Population population, Map<Long, Integer> running, List<Long> owed) {

    static JsonValue write(Rng rng, Population population, Map<Long, Integer> running, Iterable<Long> owed) {
        List<JsonValue> members = new ArrayList<>();
        for (Member m : population.members()) {
            List<Double> internal = new ArrayList<>();
            for (double x : m.internal) {
                internal.add(x);
            }
            members.add(JsonObject.builder().put("internal", SnapshotJson.doubles(internal))
                .put("load", m.loadDirectory).put("save", m.saveDirectory).build());
        }
        List<JsonValue> scores = new ArrayList<>();
        population.scores().forEach((member, gain) -> scores.add(JsonArray.of(JsonInt.of(member),
            Double.isNaN(gain) ? JsonNull.INSTANCE : JsonFloat.of(gain))));
        List<JsonValue> inFlight = new ArrayList<>();
        running.forEach((id, member) -> inFlight.add(JsonArray.of(JsonInt.of(id), JsonInt.of(member))));
        List<JsonValue> owedIds = new ArrayList<>();
        owed.forEach(id -> owedIds.add(JsonInt.of(id)));
        return JsonObject.builder()
            .put("rng", rng.state())
            .put("generation", population.generation())
            .put("handedOut", population.handedOut())
            .put("members", new JsonArray(members))
            .put("scores", new JsonArray(scores))
            .put("running", new JsonArray(inFlight))
            .put("owed", new JsonArray(owedIds))
            .build();
    }

    static PbtState read(JsonValue state, CheckpointRoot root, int dimensions) {
        JsonObject s = SnapshotJson.object(state, "PBT");
        int generation = Math.toIntExact(SnapshotJson.longMember(s, "generation"));
        int handedOut = Math.toIntExact(SnapshotJson.longMember(s, "handedOut"));
        List<Member> members = new ArrayList<>();
        List<Path> saves = new ArrayList<>();
        for (JsonValue v : SnapshotJson.arrayMember(s, "members").values()) {
            JsonObject m = SnapshotJson.object(v, "PBT member");
            List<Double> internal = SnapshotJson.toDoubles(SnapshotJson.member(m, "internal"));
            if (internal.size() != dimensions) {
                throw new IllegalArgumentException("PBT snapshot member has " + internal.size()
                    + " parameters, the search space " + dimensions);
            }
            String load = string(m, "load");
            String save = string(m, "save");
            root.inside(Path.of(load));
            Path savePath = root.inside(Path.of(save));
            if (saves.contains(savePath)) {
                throw new IllegalArgumentException("PBT snapshot gives two members the save directory " + save);
            }
            saves.add(savePath);
            members.add(new Member(members.size(), internal.stream().mapToDouble(Double::doubleValue).toArray(),
                load, save));
        }
        if (handedOut < 0 || handedOut > members.size() || members.size() < 2) {
            throw new IllegalArgumentException("PBT snapshot has " + members.size() + " members and " + handedOut
                + " handed out");
        }
        Population population = new Population(root, members, generation, handedOut);
        for (JsonValue v : SnapshotJson.arrayMember(s, "scores").values()) {
            JsonArray pair = SnapshotJson.asArray(v);
            int member = memberIndex(pair.get(0), members.size());
            population.scores().put(member, pair.get(1).isNumber() ? pair.get(1).asDouble() : Double.NaN);
        }
        Map<Long, Integer> running = new LinkedHashMap<>();
        for (JsonValue v : SnapshotJson.arrayMember(s, "running").values()) {
            JsonArray pair = SnapshotJson.asArray(v);
            running.put(id(pair.get(0)), memberIndex(pair.get(1), members.size()));
        }
        List<Long> owed = new ArrayList<>();
        for (JsonValue v : SnapshotJson.arrayMember(s, "owed").values()) {
            owed.add(id(v));
        }
        return new PbtState(SnapshotJson.longMember(s, "rng"), population, running, owed);
    }

    private static String string(JsonObject o, String key) {
        if (SnapshotJson.member(o, key) instanceof JsonString str) {
            return str.value();
        }
        throw new IllegalArgumentException("PBT snapshot \"" + key + "\" must be a string");
    }

    private static long id(JsonValue v) {
        if (v instanceof JsonInt i) {
            return i.value();
        }
        throw new IllegalArgumentException("PBT snapshot id must be an integer, got " + v.typeName());
    }

    private static int memberIndex(JsonValue v, int size) {
        long i = id(v);
        if (i < 0 || i >= size) {
            throw new IllegalArgumentException("PBT snapshot member index " + i + " is outside 0.." + (size - 1));
        }
        return (int) i;
    }
}
