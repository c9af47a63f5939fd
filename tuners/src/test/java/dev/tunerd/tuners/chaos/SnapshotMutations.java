package dev.tunerd.tuners.chaos;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One generated tampering of a real snapshot: at a node chosen at random (any depth), a member deleted, a value
 * replaced by one of another type or an extreme number, or a list shortened or given an extra element. Says where and
 * what ({@link #toString}). Immutable.
 */
record SnapshotMutations(JsonValue tampered, List<String> path, String what) {

    private static final JsonValue[] REPLACEMENTS = {JsonNull.INSTANCE, JsonString.of("x"), JsonInt.of(-1),
        JsonInt.of(Long.MAX_VALUE), JsonFloat.of(Double.NaN), JsonFloat.of(1e300), JsonFloat.of(-0.5), JsonArray.EMPTY,
        JsonObject.EMPTY, JsonBool.TRUE, JsonArray.of(JsonString.of("x"))};

    /** A tampered copy of {@code state}. */
    static SnapshotMutations of(JsonValue state, SplittableRandom r) {
        List<List<String>> paths = new ArrayList<>();
        collect(state, new ArrayList<>(), paths);
        List<String> path = paths.get(r.nextInt(paths.size()));
        int kind = r.nextInt(4);
        JsonValue replacement = REPLACEMENTS[r.nextInt(REPLACEMENTS.length)];
        String[] what = new String[1];
        JsonValue out = edit(state, path, 0, node -> {
            if (kind == 0 && node instanceof JsonArray a && !a.values().isEmpty()) {
                List<JsonValue> shorter = new ArrayList<>(a.values());
                shorter.remove(r.nextInt(shorter.size()));
                what[0] = "a list with one element less";
                return new JsonArray(shorter);
            }
            if (kind == 1 && node instanceof JsonArray a) {
                List<JsonValue> longer = new ArrayList<>(a.values());
                longer.add(a.values().isEmpty() ? replacement : a.values().get(0));
                what[0] = "a list with one element more";
                return new JsonArray(longer);
            }
            if (kind == 2 && node instanceof JsonObject o && !o.keys().isEmpty()) {
                List<String> keys = new ArrayList<>(o.keys());
                String gone = keys.get(r.nextInt(keys.size()));
                JsonObject.Builder b = JsonObject.builder();
                o.members().forEach((k, v) -> {
                    if (!k.equals(gone)) {
                        b.put(k, v);
                    }
                });
                what[0] = "member \"" + gone + "\" deleted";
                return b.build();
            }
            what[0] = "replaced by " + replacement;
            return replacement;
        });
        return new SnapshotMutations(out, path, what[0]);
    }

    private static void collect(JsonValue v, List<String> at, List<List<String>> into) {
        into.add(List.copyOf(at));
        if (v instanceof JsonObject o) {
            o.members().forEach((k, child) -> {
                at.add(k);
                collect(child, at, into);
                at.remove(at.size() - 1);
            });
        } else if (v instanceof JsonArray a) {
            for (int i = 0; i < a.size(); i++) {
                at.add("[" + i + "]");
                collect(a.get(i), at, into);
                at.remove(at.size() - 1);
            }
        }
    }

    private static JsonValue edit(JsonValue v, List<String> path, int depth, java.util.function.UnaryOperator<JsonValue> f) {
        if (depth == path.size()) {
            return f.apply(v);
        }
        String step = path.get(depth);
        if (v instanceof JsonObject o) {
            JsonObject.Builder b = JsonObject.builder();
            o.members().forEach((k, child) -> b.put(k, k.equals(step) ? edit(child, path, depth + 1, f) : child));
            return b.build();
        }
        JsonArray a = (JsonArray) v;
        int index = Integer.parseInt(step.substring(1, step.length() - 1));
        List<JsonValue> values = new ArrayList<>(a.values());
        values.set(index, edit(values.get(index), path, depth + 1, f));
        return new JsonArray(values);
    }

    /** The keys on the path (what an error naming the field would name). */
    List<String> keys() {
        return path.stream().filter(s -> !s.startsWith("[")).toList();
    }

    @Override
    public String toString() {
        return "/" + String.join("/", path) + ": " + what;
    }
}
