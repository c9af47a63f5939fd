package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.Optional;

/** Typed access to members of checkpoint payloads; a missing or mistyped member is a {@link CheckpointException}. */
final class JsonFields {
    private JsonFields() {
    }

    static JsonValue require(JsonObject o, String key) {
        JsonValue v = o.get(key);
        if (v == null) {
            throw new CheckpointException("checkpoint record lacks member '" + key + "'");
        }
        return v;
    }

    static long longOf(JsonObject o, String key) {
        if (require(o, key) instanceof JsonInt i) {
            return i.value();
        }
        throw mistyped(o, key, "an integer");
    }

    static Optional<Long> optionalLong(JsonObject o, String key) {
        JsonValue v = o.get(key);
        return v == null || v == JsonNull.INSTANCE ? Optional.empty() : Optional.of(longOf(o, key));
    }

    static String stringOf(JsonObject o, String key) {
        if (require(o, key) instanceof JsonString s) {
            return s.value();
        }
        throw mistyped(o, key, "a string");
    }

    static Optional<String> optionalString(JsonObject o, String key) {
        JsonValue v = o.get(key);
        return v == null || v == JsonNull.INSTANCE ? Optional.empty() : Optional.of(stringOf(o, key));
    }

    static JsonObject objectOf(JsonObject o, String key) {
        if (require(o, key) instanceof JsonObject obj) {
            return obj;
        }
        throw mistyped(o, key, "an object");
    }

    static JsonArray arrayOf(JsonObject o, String key) {
        if (require(o, key) instanceof JsonArray a) {
            return a;
        }
        throw mistyped(o, key, "a list");
    }

    static JsonObject asObject(JsonValue v, String what) {
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new CheckpointException(what + " must be an object, got " + v.typeName());
    }

    static JsonArray asArray(JsonValue v, String what) {
        if (v instanceof JsonArray a) {
            return a;
        }
        throw new CheckpointException(what + " must be a list, got " + v.typeName());
    }

    static JsonValue orNull(Optional<?> v) {
        if (v.isEmpty()) {
            return JsonNull.INSTANCE;
        }
        Object x = v.get();
        return x instanceof Long l ? JsonInt.of(l) : JsonString.of(x.toString());
    }

    private static CheckpointException mistyped(JsonObject o, String key, String expected) {
        return new CheckpointException("checkpoint record member '" + key + "' must be " + expected + ", got "
            + o.get(key).typeName());
    }
}
