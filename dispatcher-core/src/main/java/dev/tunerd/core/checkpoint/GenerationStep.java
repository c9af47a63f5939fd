package dev.tunerd.core.checkpoint;

/**
 * A tuner call recorded after the tuner's last saved state instead of a new state: {@code generateMultipleParameters}
 * was asked for {@code count} ids from {@code firstId}, when the history stood at {@code at} (its issued count
 * including the sets this call returned). A resume restores the saved state and repeats the calls in order, each
 * after the results, trial ends and imports that preceded it, which brings a deterministic tuner back to exactly the
 * state it had. Immutable.
 */
public record GenerationStep(long firstId, int count, Watermark at) implements TunerEvent {
    public GenerationStep {
        if (firstId < 0 || count < 0) {
            throw new IllegalArgumentException("generation step needs a non-negative first id and count, got "
                + firstId + " and " + count);
        }
        java.util.Objects.requireNonNull(at, "at");
    }
}
