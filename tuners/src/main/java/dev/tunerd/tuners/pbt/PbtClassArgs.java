package dev.tunerd.tuners.pbt;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of {@code PBT}, as NNI's {@code PBTTuner}. Immutable and thread-safe.
 *
 * @param optimizeMode        {@code maximize} (default, as NNI) or {@code minimize}
 * @param allCheckpointDir    {@code all_checkpoint_dir}: where member directories {@code <dir>/<member>/<generation>}
 *                            are created; absent: the experiment's checkpoint directory (see {@link PbtProvider})
 * @param populationSize      {@code population_size}: trials per generation, 2..99999, default 10
 * @param factor              {@code factor}: perturbation size as a fraction of a parameter's range, above 0,
 *                            default 0.2
 * @param resampleProbability {@code resample_probability}: chance that explore draws a parameter afresh instead of
 *                            stepping it, 0..1, default 0.25
 * @param fraction            {@code fraction}: the share of the population in the top and bottom groups, in
 *                            (0, 0.5], default 0.2
 * @param seed                random seed (a tunerd addition, as for the other builtin tuners); absent: from the clock
 */
public record PbtClassArgs(OptimizeMode optimizeMode, String allCheckpointDir, Integer populationSize, Double factor,
                           Double resampleProbability, Double fraction, Long seed) {

    public PbtClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        populationSize = populationSize == null ? 10 : populationSize;
        factor = factor == null ? 0.2 : factor;
        resampleProbability = resampleProbability == null ? 0.25 : resampleProbability;
        fraction = fraction == null ? 0.2 : fraction;
        if (populationSize < 2 || populationSize > 99999) {
            throw new IllegalArgumentException("population_size must be in 2..99999, got " + populationSize);
        }
        if (!(factor > 0) || factor.isInfinite()) {
            throw new IllegalArgumentException("factor must be a number above 0, got " + factor);
        }
        if (!(resampleProbability >= 0 && resampleProbability <= 1)) {
            throw new IllegalArgumentException("resample_probability must be in [0, 1], got " + resampleProbability);
        }
        if (!(fraction > 0 && fraction <= 0.5)) {
            throw new IllegalArgumentException("fraction must be in (0, 0.5], got " + fraction);
        }
        if (allCheckpointDir != null && (allCheckpointDir.isBlank() || allCheckpointDir.indexOf('\0') >= 0)) {
            throw new IllegalArgumentException("all_checkpoint_dir must be a directory path, got \""
                + allCheckpointDir.replace("\0", "\\0") + "\"");
        }
    }
}
