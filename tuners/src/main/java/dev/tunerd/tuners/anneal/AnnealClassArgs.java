package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.OptimizeMode;
import java.util.Locale;

/**
 * classArgs of Anneal (NNI's HyperoptTuner with {@code algorithm_name: anneal}). Immutable and thread-safe.
 *
 * @param optimizeMode     {@code minimize} (default, as NNI) or {@code maximize}
 * @param parallelOptimize NNI's {@code parallel_optimize} (default false): trials in flight count with a lie loss
 * @param constantLiarType {@code min} (default), {@code max} or {@code mean}: the lie, when parallel_optimize is on
 * @param seed             random seed (a tunerd addition); absent: derived from the clock
 */
public record AnnealClassArgs(OptimizeMode optimizeMode, Boolean parallelOptimize, String constantLiarType,
                              Long seed) {
    public AnnealClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
        parallelOptimize = parallelOptimize != null && parallelOptimize;
        constantLiarType = constantLiarType == null ? "min" : constantLiarType.toLowerCase(Locale.ROOT);
        if (!constantLiarType.matches("min|max|mean")) {
            throw new IllegalArgumentException("constant_liar_type must be min, max or mean, not \""
                + constantLiarType + "\"");
        }
    }

    /** optimize_mode and seed only (no constant liar). */
    public AnnealClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, seed);
    }

    /**
     * The sampler's liar (on losses) for these arguments. NNI takes min/max/mean of the raw rewards, so when
     * maximising its {@code min} is the largest loss and its {@code max} the smallest.
     */
    public AnnealSampler.Liar liar() {
        if (!parallelOptimize) {
            return AnnealSampler.Liar.NONE;
        }
        AnnealSampler.Liar l = AnnealSampler.Liar.valueOf(constantLiarType.toUpperCase(Locale.ROOT));
        if (optimizeMode == OptimizeMode.MAXIMIZE && l != AnnealSampler.Liar.MEAN) {
            return l == AnnealSampler.Liar.MIN ? AnnealSampler.Liar.MAX : AnnealSampler.Liar.MIN;
        }
        return l;
    }
}
