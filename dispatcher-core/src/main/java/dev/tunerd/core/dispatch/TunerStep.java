package dev.tunerd.core.dispatch;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code generateMultipleParameters} call, as a journal needs it to replay the call on a restored tuner: the ids
 * the tuner was asked for (contiguous from {@code firstId}; it may have returned fewer sets), how long the call took,
 * whether the tuner can be restored at all ({@code Snapshotting}), and its state right after the call when the
 * observer asked for one ({@link DispatchObserver#wantsTunerState}). Immutable.
 *
 * @param firstId         the first id asked for
 * @param requested       how many ids were asked for
 * @param generationNanos how long the tuner took to generate them
 * @param replayable      true when the tuner implements {@code Snapshotting}
 * @param state           the tuner's {@code snapshot()} taken right after the call, or empty
 */
public record TunerStep(long firstId, int requested, long generationNanos, boolean replayable,
                        Optional<JsonValue> state) {
    public TunerStep {
        Objects.requireNonNull(state, "state");
        if (requested < 0 || generationNanos < 0) {
            throw new IllegalArgumentException("negative request " + requested + " or time " + generationNanos);
        }
        if (state.isPresent() && !replayable) {
            throw new IllegalArgumentException("a tuner that is not Snapshotting has no state");
        }
    }

    /** A step of a tuner that keeps no state (nothing to replay); for tests and deferred sets. */
    public static TunerStep stateless(long firstId, int requested) {
        return new TunerStep(firstId, requested, 0, false, Optional.empty());
    }
}
