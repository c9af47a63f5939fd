package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * The latest {@link dev.tunerd.spi.Snapshotting#snapshot()} of an algorithm, how much history it reflects, and the
 * tuner calls recorded after it (to be repeated on the restored tuner, see {@link GenerationStep}). Immutable.
 */
public record AlgorithmSnapshot(AlgorithmRole role, JsonValue state, Watermark covered, List<GenerationStep> steps) {
    public AlgorithmSnapshot {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(covered, "covered");
        steps = List.copyOf(steps);
    }

    /** A state with no calls after it. */
    public AlgorithmSnapshot(AlgorithmRole role, JsonValue state, Watermark covered) {
        this(role, state, covered, List.of());
    }

    /** This state with {@code after} as the calls after it. */
    AlgorithmSnapshot withSteps(List<GenerationStep> after) {
        return new AlgorithmSnapshot(role, state, covered, after);
    }

    /** How many issued sets the algorithm knows once its state is restored and its steps repeated. */
    public int issuedKnown() {
        return steps.isEmpty() ? covered.issued() : steps.get(steps.size() - 1).at().issued();
    }
}
