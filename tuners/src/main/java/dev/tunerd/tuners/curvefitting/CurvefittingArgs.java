package dev.tunerd.tuners.curvefitting;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of {@code Curvefitting}, with NNI's defaults. Immutable, thread-safe.
 *
 * @param epochNum     {@code epoch_num}: the epoch whose value is predicted; 1 to 9999, default 20
 * @param startStep    {@code start_step}: judge a trial only once it has this many intermediate results; 1 to
 *                     {@code epoch_num}, default 6
 * @param threshold    {@code threshold}: stop a trial whose predicted final value is at most {@code threshold} times
 *                     the best final value of a completed trial; in (0, 1], default 0.95
 * @param gap          {@code gap}: judge again only after this many new results; 1 to 9999, default 1
 * @param optimizeMode {@code optimize_mode} (a tunerd addition; NNI's assessor only maximises): {@code maximize}
 *                     (default, NNI's behaviour) or {@code minimize} for losses (see {@link CurvefittingAssessor})
 */
public record CurvefittingArgs(Integer epochNum, Integer startStep, Double threshold, Integer gap,
                               String optimizeMode) {

    public CurvefittingArgs {
        epochNum = epochNum == null ? 20 : epochNum;
        startStep = startStep == null ? 6 : startStep;
        threshold = threshold == null ? 0.95 : threshold;
        gap = gap == null ? 1 : gap;
        optimizeMode = optimizeMode == null ? "maximize" : optimizeMode;
        if (epochNum < 1 || epochNum > 9999) {
            throw new IllegalArgumentException("epoch_num must be between 1 and 9999, got " + epochNum);
        }
        if (startStep < 1 || startStep > epochNum) {
            throw new IllegalArgumentException("start_step must be between 1 and epoch_num (" + epochNum + "), got "
                + startStep);
        }
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
        }
        if (gap < 1 || gap > 9999) {
            throw new IllegalArgumentException("gap must be between 1 and 9999, got " + gap);
        }
        if (!optimizeMode.equals("maximize") && !optimizeMode.equals("minimize")) {
            throw new IllegalArgumentException("optimize_mode must be \"maximize\" or \"minimize\", got \""
                + optimizeMode + "\"");
        }
    }

    /** {@link #optimizeMode()} as the enum. */
    public OptimizeMode mode() {
        return optimizeMode.equals("maximize") ? OptimizeMode.MAXIMIZE : OptimizeMode.MINIMIZE;
    }
}
