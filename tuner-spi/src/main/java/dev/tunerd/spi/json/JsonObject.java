package dev.tunerd.spi.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable JSON object that keeps its keys in insertion order (as Python dicts do).
 *
 * <p>Memory: an object of up to {@value #SMALL} members (every parameter set, every protocol record) is two arrays,
 * about 90 bytes for three members, where a {@link LinkedHashMap} took about 300; a history of hundreds of thousands
 * of parameter sets (a resume's {@code FD}, the journal, a tuner's history) is held in a third of the memory. Larger
 * objects keep a {@link LinkedHashMap}. {@link #members()} is a read-only map view either way.
 */
public final class JsonObject implements JsonValue {
    /** Up to this many members, an object is held as arrays searched in order. */
    static final int SMALL = 8;

    public static final JsonObject EMPTY = new JsonObject(new String[0], new JsonValue[0]);

    private final String[] keys; // null when large
    private final JsonValue[] values;
    private final Map<String, JsonValue> large; // null when small

    private JsonObject(String[] keys, JsonValue[] values) {
        this.keys = keys;
        this.values = values;
        this.large = null;
    }

    private JsonObject(Map<String, JsonValue> orderedCopy) {
        this.keys = null;
        this.values = null;
        this.large = Collections.unmodifiableMap(orderedCopy);
    }

    /** A copy of {@code members}, in the map's iteration order. */
    public static JsonObject of(Map<String, ? extends JsonValue> members) {
        Builder b = builder();
        members.forEach((k, v) -> b.put(Objects.requireNonNull(k, "key"), Objects.requireNonNull(v, "value")));
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The members in key order; unmodifiable. */
    public Map<String, JsonValue> members() {
        return large != null ? large : new Members();
    }

    public Set<String> keys() {
        return members().keySet();
    }

    public int size() {
        return large != null ? large.size() : keys.length;
    }

    public boolean has(String key) {
        return large != null ? large.containsKey(key) : indexOf(key) >= 0;
    }

    /** The member, or null when absent. */
    public JsonValue get(String key) {
        if (large != null) {
            return large.get(key);
        }
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    public Optional<JsonValue> find(String key) {
        return Optional.ofNullable(get(key));
    }

    private int indexOf(Object key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String typeName() {
        return "dict";
    }

    /** Equal when the members are equal; key order does not matter, as for Python dicts. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof JsonObject other) || other.size() != size()) {
            return false;
        }
        if (large != null) {
            return large.equals(other.members());
        }
        for (int i = 0; i < keys.length; i++) {
            if (!values[i].equals(other.get(keys[i]))) {
                return false;
            }
        }
        return true;
    }

    /** As {@link Map#hashCode()} of the members (the sum of key hash xor value hash), whatever the form. */
    @Override
    public int hashCode() {
        if (large != null) {
            return large.hashCode();
        }
        int h = 0;
        for (int i = 0; i < keys.length; i++) {
            h += keys[i].hashCode() ^ values[i].hashCode();
        }
        return h;
    }

    @Override
    public String toString() {
        return members().toString();
    }

    /** The small form's members as a read-only map, in order. */
    private final class Members extends AbstractMap<String, JsonValue> {
        @Override
        public JsonValue get(Object key) {
            int i = indexOf(key);
            return i < 0 ? null : values[i];
        }

        @Override
        public boolean containsKey(Object key) {
            return indexOf(key) >= 0;
        }

        @Override
        public int size() {
            return keys.length;
        }

        @Override
        public Set<Entry<String, JsonValue>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, JsonValue>> iterator() {
                    return new Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < keys.length;
                        }

                        @Override
                        public Entry<String, JsonValue> next() {
                            if (next >= keys.length) {
                                throw new NoSuchElementException();
                            }
                            int i = next++;
                            return new SimpleImmutableEntry<>(keys[i], values[i]);
                        }
                    };
                }

                @Override
                public int size() {
                    return keys.length;
                }
            };
        }
    }

    /**
     * Builds a {@link JsonObject} in insertion order (a key put again keeps its place and takes the new value). Up to
     * {@value #SMALL} members it collects arrays, beyond that a map; {@link #build} hands its arrays or map to the
     * object when they fit exactly, and a {@code put} after that copies them first, so built objects never change.
     * Not thread-safe.
     */
    public static final class Builder {
        private String[] keys = new String[4];
        private JsonValue[] values = new JsonValue[4];
        private int size;
        private Map<String, JsonValue> members; // once beyond SMALL
        private boolean handedOver;

        public Builder put(String key, JsonValue value) {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (handedOver) {
                if (members != null) {
                    members = new LinkedHashMap<>(members);
                } else {
                    keys = keys.clone();
                    values = values.clone();
                }
                handedOver = false;
            }
            if (members != null) {
                members.put(key, value);
                return this;
            }
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(key)) {
                    values[i] = value;
                    return this;
                }
            }
            if (size == SMALL) {
                members = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    members.put(keys[i], values[i]);
                }
                members.put(key, value);
                keys = null;
                values = null;
                return this;
            }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, 2 * size);
                values = Arrays.copyOf(values, 2 * size);
            }
            keys[size] = key;
            values[size++] = value;
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
            if (members != null) {
                handedOver = true;
                return new JsonObject(members);
            }
            if (size == 0) {
                return EMPTY;
            }
            if (size == keys.length) {
                handedOver = true;
                return new JsonObject(keys, values);
            }
            return new JsonObject(Arrays.copyOf(keys, size), Arrays.copyOf(values, size));
        }
    }
}
