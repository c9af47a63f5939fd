package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * The latest {@link dev.tunerd.spi.Snapshotting#snapshot()} of an algorithm, and how much history it reflects.
 * Immutable.
 */
public record AlgorithmSnapshot(AlgorithmRole role, JsonValue state, Watermark covered) {
    public AlgorithmSnapshot {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(covered, "covered");
    }
}
