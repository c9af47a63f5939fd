package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of Anneal (NNI's HyperoptTuner with {@code algorithm_name: anneal}). Immutable and thread-safe.
 *
 * @param optimizeMode {@code minimize} (default, as NNI) or {@code maximize}
 * @param seed         random seed (a tunerd addition); absent: derived from the clock
 */
public record AnnealClassArgs(OptimizeMode optimizeMode, Long seed) {
    public AnnealClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
    }
}
