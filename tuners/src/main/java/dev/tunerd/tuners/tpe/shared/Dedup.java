package dev.tunerd.tuners.tpe.shared;

import dev.tunerd.spi.json.JsonObject;
import java.util.HashSet;
import java.util.Set;

/**
 * NNI's deduplication for finite search spaces ({@code dedup.py}): in a space without a continuous top-level
 * parameter, a parameter set is never issued twice. Sets are compared as JSON objects (key order ignored, 2 apart
 * from 2.0). Not thread-safe.
 */
public final class Dedup {
    private final boolean active;
    private final Set<JsonObject> seen = new HashSet<>();

    /** @param finite whether the space is finite; when not, nothing is remembered */
    public Dedup(boolean finite) {
        this.active = finite;
    }

    public boolean isActive() {
        return active;
    }

    /** Whether {@code params} was not issued or imported before. */
    public boolean isNew(JsonObject params) {
        return !active || !seen.contains(params);
    }

    public void add(JsonObject params) {
        if (active) {
            seen.add(params);
        }
    }
}
