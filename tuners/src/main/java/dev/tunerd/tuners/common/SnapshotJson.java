package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Small helpers for writing and reading algorithm snapshots as {@link JsonValue}s, with errors that say which field
 * of which snapshot was wrong ({@link IllegalArgumentException}, as {@code Snapshotting.restore} documents).
 * Stateless and thread-safe.
 */
public final class SnapshotJson {

    private SnapshotJson() {
    }

    /** The state as an object, or an error naming {@code what}. */
    public static JsonObject object(JsonValue state, String what) {
        if (state instanceof JsonObject o) {
            return o;
        }
        throw new IllegalArgumentException(what + " snapshot must be an object, got " + state.typeName());
    }

    /** A member that must be present. */
    public static JsonValue member(JsonObject state, String key) {
        JsonValue v = state.get(key);
        if (v == null) {
            throw new IllegalArgumentException("snapshot has no \"" + key + "\"");
        }
        return v;
    }

    public static long longMember(JsonObject state, String key) {
        if (member(state, key) instanceof JsonInt i) {
            return i.value();
        }
        throw new IllegalArgumentException("snapshot \"" + key + "\" must be an integer");
    }

    /** An integer member that fits an {@code int} (a count), or an error naming {@code key}. */
    public static int intMember(JsonObject state, String key) {
        long v = longMember(state, key);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("snapshot \"" + key + "\" must fit an int, got " + v);
        }
        return (int) v;
    }

    public static JsonArray arrayMember(JsonObject state, String key) {
        if (member(state, key) instanceof JsonArray a) {
            return a;
        }
        throw new IllegalArgumentException("snapshot \"" + key + "\" must be a list");
    }

    /** A number, or an error naming {@code what} (a field of a snapshot). */
    public static double number(JsonValue v, String what) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        throw new IllegalArgumentException("snapshot " + what + " must be a number, got " + v.typeName());
    }

    /** A number that is a whole {@code int} (a count, an index, a budget), or an error naming {@code what}. */
    public static int integer(JsonValue v, String what) {
        double d = number(v, what);
        if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("snapshot " + what + " must be a whole number that fits an int, got " + d);
        }
        return (int) d;
    }

    /** Element {@code i} of a snapshot tuple, or an error naming {@code what} when the tuple is shorter. */
    public static JsonValue element(List<JsonValue> tuple, int i, String what) {
        if (i < tuple.size()) {
            return tuple.get(i);
        }
        throw new IllegalArgumentException("snapshot " + what + " has " + tuple.size() + " fields, needs at least "
            + (i + 1));
    }

    /** An object, or an error naming {@code what}. */
    public static JsonObject objectField(JsonValue v, String what) {
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new IllegalArgumentException("snapshot " + what + " must be an object, got " + v.typeName());
    }

    /**
     * Replaces {@code into} by the lists of numbers of {@code state}, an object keyed by parameter ids (nothing when
     * {@code state} is absent), or an error naming {@code what} when a key is not an id.
     */
    public static void readById(JsonValue state, Map<Long, List<Double>> into, String what) {
        into.clear();
        if (state instanceof JsonObject t) {
            t.members().forEach((id, values) -> {
                try {
                    into.put(Long.parseLong(id), new ArrayList<>(toDoubles(values)));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(what + " are keyed by a parameter id, got a key of " + id.length()
                        + " characters");
                }
            });
        }
    }

    public static JsonArray doubles(List<Double> values) {
        List<JsonValue> out = new ArrayList<>(values.size());
        values.forEach(v -> out.add(JsonFloat.of(v)));
        return new JsonArray(out);
    }

    public static JsonArray ints(int[] values) {
        List<JsonValue> out = new ArrayList<>(values.length);
        for (int v : values) {
            out.add(JsonInt.of(v));
        }
        return new JsonArray(out);
    }

    public static List<Double> toDoubles(JsonValue array) {
        List<Double> out = new ArrayList<>();
        for (JsonValue v : asArray(array).values()) {
            if (!v.isNumber()) {
                throw new IllegalArgumentException("snapshot list must hold numbers, got " + v.typeName());
            }
            out.add(v.asDouble());
        }
        return out;
    }

    public static int[] toInts(JsonValue array) {
        JsonArray a = asArray(array);
        int[] out = new int[a.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(a.get(i) instanceof JsonInt v)) {
                throw new IllegalArgumentException("snapshot list must hold integers, got " + a.get(i).typeName());
            }
            if (v.value() < Integer.MIN_VALUE || v.value() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("snapshot list of integers holds " + v.value() + ", past an int");
            }
            out[i] = (int) v.value();
        }
        return out;
    }

    public static JsonArray asArray(JsonValue v) {
        if (v instanceof JsonArray a) {
            return a;
        }
        throw new IllegalArgumentException("snapshot value must be a list, got " + v.typeName());
    }
}
