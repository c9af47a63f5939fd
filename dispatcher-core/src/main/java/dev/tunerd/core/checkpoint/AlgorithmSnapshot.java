package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * The latest {@link dev.tunerd.spi.Snapshotting#snapshot()} of an algorithm, how much history it reflects, and, for
 * the tuner, every input recorded after it in order (calls to repeat, results, trial ends, imports, intermediate
 * results: {@link TunerEvent}), which a resume gives the restored tuner again. Immutable.
 */
public record AlgorithmSnapshot(AlgorithmRole role, JsonValue state, Watermark covered, List<TunerEvent> events) {
    public AlgorithmSnapshot {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(covered, "covered");
        events = List.copyOf(events);
    }

    /** A state with nothing after it. */
    public AlgorithmSnapshot(AlgorithmRole role, JsonValue state, Watermark covered) {
        this(role, state, covered, List.of());
    }

    /** This state with {@code after} as the inputs after it. */
    AlgorithmSnapshot withEvents(List<TunerEvent> after) {
        return new AlgorithmSnapshot(role, state, covered, after);
    }

    /** The tuner calls recorded after the state (the {@link GenerationStep}s among {@link #events()}). */
    public List<GenerationStep> steps() {
        return events.stream().filter(GenerationStep.class::isInstance).map(GenerationStep.class::cast).toList();
    }

    /** How many issued sets the algorithm knows once its state is restored and its calls repeated. */
    public int issuedKnown() {
        List<GenerationStep> steps = steps();
        return steps.isEmpty() ? covered.issued() : steps.get(steps.size() - 1).at().issued();
    }
}
