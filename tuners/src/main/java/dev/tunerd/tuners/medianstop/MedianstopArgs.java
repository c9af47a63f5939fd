package dev.tunerd.tuners.medianstop;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of {@code Medianstop}, with NNI's defaults and ranges. Immutable, thread-safe.
 *
 * @param optimizeMode {@code optimize_mode}: {@code maximize} (default) or {@code minimize}
 * @param startStep    {@code start_step}: judge a trial only once it has reported this many intermediate results;
 *                     0 to 9999, default 0 as in NNI (5 is the better choice, see docs/ALGORITHMS.md)
 */
public record MedianstopArgs(String optimizeMode, Integer startStep) {

    public MedianstopArgs {
        if (optimizeMode == null) {
            optimizeMode = "maximize";
        }
        if (!optimizeMode.equals("maximize") && !optimizeMode.equals("minimize")) {
            throw new IllegalArgumentException("optimize_mode must be \"maximize\" or \"minimize\", got \""
                + optimizeMode + "\"");
        }
        if (startStep == null) {
            startStep = 0;
        }
        if (startStep < 0 || startStep > 9999) {
            throw new IllegalArgumentException("start_step must be between 0 and 9999, got " + startStep);
        }
    }

    /** {@link #optimizeMode()} as the enum. */
    public OptimizeMode mode() {
        return optimizeMode.equals("maximize") ? OptimizeMode.MAXIMIZE : OptimizeMode.MINIMIZE;
    }
}
