package dev.tunerd.tuners.smac;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of SMAC, as NNI's {@code SMACTuner} plus tunerd's {@code seed}. Immutable and thread-safe.
 *
 * @param optimizeMode {@code maximize} (default, as NNI) or {@code minimize}
 * @param configDedup  NNI's {@code config_dedup} (default false): accepted; tunerd never repeats a configuration
 *                     observed or in flight while another candidate exists, whichever it is
 * @param seed         random seed (a tunerd addition); absent: derived from the clock
 */
public record SmacClassArgs(OptimizeMode optimizeMode, Boolean configDedup, Long seed) {
    public SmacClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        configDedup = configDedup != null && configDedup;
    }
}
