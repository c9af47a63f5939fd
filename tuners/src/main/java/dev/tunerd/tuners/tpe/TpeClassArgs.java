package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of TPE, as NNI's {@code TpeTuner}, plus tunerd's {@code seed} and {@code model_probe}. Immutable and
 * thread-safe.
 *
 * @param optimizeMode {@code minimize} (default, as NNI) or {@code maximize}
 * @param seed         random seed; absent: derived from the clock
 * @param tpeArgs      the algorithm's own settings
 * @param modelProbe   {@code model_probe} (a tunerd addition, issue 16 session 17): true (default): while a run of
 *                     a flat numeric space has stalled, some suggestions are a Gaussian process's
 *                     ({@link TpeArgs#PROBE}; better scores, 1-3 ms per such suggestion); false: TPE alone, as
 *                     before session 17 (its draws exactly)
 */
public record TpeClassArgs(OptimizeMode optimizeMode, Long seed, TpeArgs tpeArgs, Boolean modelProbe) {
    public TpeClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
        tpeArgs = tpeArgs == null ? TpeArgs.defaults() : tpeArgs;
        modelProbe = modelProbe == null ? Boolean.TRUE : modelProbe;
    }

    /** With the model probe at its default. */
    public TpeClassArgs(OptimizeMode optimizeMode, Long seed, TpeArgs tpeArgs) {
        this(optimizeMode, seed, tpeArgs, null);
    }
}
