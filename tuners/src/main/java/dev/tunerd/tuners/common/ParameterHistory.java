package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parameter sets already tried, compared as NNI compares them ({@code nni.dump(params, sort_keys=True)}): key
 * order does not matter, {@code 1} and {@code 1.0} differ, values are otherwise compared exactly. Kept in insertion
 * order so snapshots are deterministic. Not thread-safe.
 */
public final class ParameterHistory {
    private final Set<JsonValue> seen = new LinkedHashSet<>();

    /** Records {@code parameters}; true when they had not been seen before. */
    public boolean addIfNew(JsonValue parameters) {
        return seen.add(parameters);
    }

    public boolean contains(JsonValue parameters) {
        return seen.contains(parameters);
    }

    public int size() {
        return seen.size();
    }

    public JsonArray snapshot() {
        return new JsonArray(new ArrayList<>(seen));
    }

    /** Replaces the contents with a {@link #snapshot()}. */
    public void restore(JsonValue snapshot) {
        List<JsonValue> values = SnapshotJson.asArray(snapshot).values();
        seen.clear();
        seen.addAll(values);
    }
}
