package dev.tunerd.tuners.dngo;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of DNGO, as NNI's {@code DNGOTuner} (same keys, same defaults) plus tunerd's {@code seed}. Immutable and
 * thread-safe.
 *
 * @param optimizeMode         {@code maximize} (default, as NNI) or {@code minimize}
 * @param sampleSize           random candidates scored by expected improvement per suggestion, >= 1 (1000)
 * @param trialsPerUpdate      results between two trainings of the network, >= 1 (20)
 * @param numEpochsPerTraining epochs of one training, >= 1 (500)
 * @param seed                 random seed (a tunerd addition); absent: derived from the clock
 */
public record DngoClassArgs(OptimizeMode optimizeMode, Integer sampleSize, Integer trialsPerUpdate,
                            Integer numEpochsPerTraining, Long seed) {
    public DngoClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        sampleSize = sampleSize == null ? 1000 : sampleSize;
        trialsPerUpdate = trialsPerUpdate == null ? 20 : trialsPerUpdate;
        numEpochsPerTraining = numEpochsPerTraining == null ? 500 : numEpochsPerTraining;
        if (sampleSize < 1 || sampleSize > 1_000_000) {
            throw new IllegalArgumentException("sample_size must be in [1, 1000000]: " + sampleSize);
        }
        if (trialsPerUpdate < 1) {
            throw new IllegalArgumentException("trials_per_update must be >= 1: " + trialsPerUpdate);
        }
        if (numEpochsPerTraining < 1 || numEpochsPerTraining > 100_000) {
            throw new IllegalArgumentException("num_epochs_per_training must be in [1, 100000]: "
                + numEpochsPerTraining);
        }
    }

    /** optimize_mode and seed, the rest default. */
    public DngoClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, null, seed);
    }
}
