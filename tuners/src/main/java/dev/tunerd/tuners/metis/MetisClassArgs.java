package dev.tunerd.tuners.metis;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of Metis, as NNI's {@code MetisTuner} (same keys, same defaults) plus tunerd's {@code seed}. Immutable and
 * thread-safe.
 *
 * @param optimizeMode               {@code maximize} (default, as NNI) or {@code minimize}
 * @param noResampling               true (default): never re-run a configuration flagged as an outlier
 * @param noCandidates               false (default); true: always suggest the model's predicted optimum (no
 *                                   exploration, GMM or re-sampling candidates)
 * @param selectionNumStartingPoints points scored when searching the model for its optimum and for candidates, >= 1
 *                                   (600); the best few are refined by L-BFGS
 * @param coldStartNum               random trials before the model is used, >= 1 (10)
 * @param explorationProbability     probability of taking the best candidate instead of the predicted optimum, in
 *                                   [0, 1] (0.9)
 * @param seed                       random seed (a tunerd addition); absent: derived from the clock
 */
public record MetisClassArgs(OptimizeMode optimizeMode, Boolean noResampling, Boolean noCandidates,
                             Integer selectionNumStartingPoints, Integer coldStartNum, Double explorationProbability,
                             Long seed) {
    public MetisClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        noResampling = noResampling == null || noResampling;
        noCandidates = noCandidates != null && noCandidates;
        selectionNumStartingPoints = selectionNumStartingPoints == null ? 600 : selectionNumStartingPoints;
        coldStartNum = coldStartNum == null ? 10 : coldStartNum;
        explorationProbability = explorationProbability == null ? 0.9 : explorationProbability;
        if (selectionNumStartingPoints < 1) {
            throw new IllegalArgumentException("selection_num_starting_points must be >= 1: "
                + selectionNumStartingPoints);
        }
        if (coldStartNum < 1) {
            throw new IllegalArgumentException("cold_start_num must be >= 1: " + coldStartNum);
        }
        if (!(explorationProbability >= 0 && explorationProbability <= 1)) {
            throw new IllegalArgumentException("exploration_probability must be in [0, 1]: " + explorationProbability);
        }
    }

    /** optimize_mode and seed, the rest default. */
    public MetisClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, null, null, null, seed);
    }
}
