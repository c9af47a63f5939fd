package dev.tunerd.core.dispatch;

import dev.tunerd.spi.json.JsonValue;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A growing list of one trial's intermediate values that hands out immutable snapshots of itself in O(1): a snapshot
 * is a view of the first {@code size} slots of the current array. Appending writes past every snapshot taken so far,
 * so it needs no copy; only replacing a value a snapshot can see (a repeated {@code sequence}) copies the array first.
 * The assessor sees every history as an unchangeable list, as it did when each one was copied, at a fraction of the
 * cost (a 50-metric trial copied 1,275 values). Not thread-safe; {@link AssessorHistories} guards it.
 */
final class PrefixSnapshots {

    private JsonValue[] values = new JsonValue[16];
    private int size;
    private boolean shared; // a snapshot views the current array

    int size() {
        return size;
    }

    void append(JsonValue value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2); // snapshots keep the old array
            shared = false;
        }
        values[size++] = value;
    }

    void set(int index, JsonValue value) {
        if (shared) {
            values = values.clone();
            shared = false;
        }
        values[index] = value;
    }

    /** The values so far, as a list that never changes. */
    List<JsonValue> snapshot() {
        shared = true;
        return new View(values, size);
    }

    private static final class View extends AbstractList<JsonValue> implements RandomAccess {
        private final JsonValue[] values;
        private final int size;

        View(JsonValue[] values, int size) {
            this.values = values;
            this.size = size;
        }

        @Override
        public JsonValue get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException("index " + index + " of a history of " + size);
            }
            return values[index];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
