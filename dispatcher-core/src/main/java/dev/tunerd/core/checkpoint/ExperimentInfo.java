package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.OptimizeMode;
import java.util.Objects;
import java.util.Optional;

/**
 * What the checkpoint tools need to know about the experiment and cannot learn from the journal: the tuner's name
 * and its optimize mode (for "best result"). Immutable.
 */
public record ExperimentInfo(Optional<String> tunerName, Optional<OptimizeMode> optimizeMode) {
    public static final ExperimentInfo UNKNOWN = new ExperimentInfo(Optional.empty(), Optional.empty());

    public ExperimentInfo {
        Objects.requireNonNull(tunerName, "tunerName");
        Objects.requireNonNull(optimizeMode, "optimizeMode");
    }
}
