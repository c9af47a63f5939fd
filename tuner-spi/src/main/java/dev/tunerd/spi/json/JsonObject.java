package dev.tunerd.spi.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** An immutable JSON object that keeps its keys in insertion order (as Python dicts do). */
public final class JsonObject implements JsonValue {

    public static final JsonObject EMPTY = new JsonObject(Map.of());

    private final Map<String, JsonValue> members;

    private JsonObject(Map<String, JsonValue> orderedCopy) {
        this.members = Collections.unmodifiableMap(orderedCopy);
    }

    /** A copy of {@code members}, in the map's iteration order. */
    public static JsonObject of(Map<String, ? extends JsonValue> members) {
        Map<String, JsonValue> copy = new LinkedHashMap<>();
        members.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "key"), Objects.requireNonNull(v, "value")));
        return new JsonObject(copy);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The members in key order; unmodifiable. */
    public Map<String, JsonValue> members() {
        return members;
    }

    public Set<String> keys() {
        return members.keySet();
    }

    public int size() {
        return members.size();
    }

    public boolean has(String key) {
        return members.containsKey(key);
    }

    /** The member, or null when absent. */
    public JsonValue get(String key) {
        return members.get(key);
    }

    public Optional<JsonValue> find(String key) {
        return Optional.ofNullable(members.get(key));
    }

    @Override
    public String typeName() {
        return "dict";
    }

    /** Equal when the members are equal; key order does not matter, as for Python dicts. */
    @Override
    public boolean equals(Object o) {
        return o instanceof JsonObject other && members.equals(other.members);
    }

    @Override
    public int hashCode() {
        return members.hashCode();
    }

    @Override
    public String toString() {
        return members.toString();
    }

    /**
     * Builds a {@link JsonObject} in insertion order. {@link #build} hands its map to the object without copying it;
     * a {@code put} after that copies it first, so built objects never change. Not thread-safe.
     */
    public static final class Builder {
        private Map<String, JsonValue> members = new LinkedHashMap<>();
        private boolean handedOver;

        public Builder put(String key, JsonValue value) {
            if (handedOver) {
                members = new LinkedHashMap<>(members);
                handedOver = false;
            }
            members.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public Builder put(String key, String value) {
            return put(key, JsonString.of(value));
        }

        public Builder put(String key, long value) {
            return put(key, JsonInt.of(value));
        }

        public Builder put(String key, double value) {
            return put(key, JsonFloat.of(value));
        }

        public JsonObject build() {
            handedOver = true;
            return new JsonObject(members);
        }
    }
}
