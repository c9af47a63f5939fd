package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of TPE, as NNI's {@code TpeTuner}. Immutable and thread-safe.
 *
 * @param optimizeMode {@code minimize} (default, as NNI) or {@code maximize}
 * @param seed         random seed; absent: derived from the clock
 * @param tpeArgs      the algorithm's own settings
 */
public record TpeClassArgs(OptimizeMode optimizeMode, Long seed, TpeArgs tpeArgs) {
    public TpeClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
        tpeArgs = tpeArgs == null ? TpeArgs.defaults() : tpeArgs;
    }
}
