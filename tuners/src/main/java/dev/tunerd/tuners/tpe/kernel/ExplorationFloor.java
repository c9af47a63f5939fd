package dev.tunerd.tuners.tpe.kernel;

/**
 * A floor under TPE's exploration, so that a run cannot settle in one basin for good: with probability
 * {@code share} a suggestion is drawn from the prior (uniform over the group's unit cube and options) instead of
 * from the good density. With {@code stall} positive this happens only while the best loss has not improved for
 * {@code max(MIN_PATIENCE, stall * n)} of the n completed trials (a patience that grows with the budget).
 * {@code candidates} prior draws are compared by the density ratio and the most promising one is taken; with one,
 * the suggestion is a plain uniform draw, which the model cannot steer back towards the basin it is stuck in (issue
 * 16, session 10: docs/MODEL_TUNERS.md). Immutable and thread-safe.
 *
 * @param share      probability of a suggestion from the prior (0: off)
 * @param stall      the patience as a fraction of the completed trials; 0: the floor applies always
 * @param candidates prior draws compared by the density ratio per floor suggestion; 0: as many as the model's
 *                   candidates ({@link TpeSettings#eiCandidates()})
 * @param plain      share of the floor's suggestions that are one plain uniform draw, not compared at all
 * @param plainUntil plain draws only while fewer trials than this have completed; 0: always
 */
public record ExplorationFloor(double share, double stall, int candidates, double plain, int plainUntil) {
    /** Trials without improvement before a stall counts, however short the run. */
    public static final int MIN_PATIENCE = 10;
    /** Off. */
    public static final ExplorationFloor NONE = new ExplorationFloor(0, 0, 0, 0, 0);

    public ExplorationFloor {
        if (!(share >= 0 && share <= 1) || !(stall >= 0 && stall <= 10) || candidates < 0
            || !(plain >= 0 && plain <= 1) || plainUntil < 0) {
            throw new IllegalArgumentException("exploration floor share must be in [0, 1], stall in [0, 10] and "
                + "candidates >= 0: " + share + ", " + stall + ", " + candidates);
        }
    }

    /** Whether the floor applies after {@code n} completed trials, the best found after {@code bestAt} of them. */
    boolean active(int n, int bestAt) {
        return share > 0 && (stall == 0 || n - bestAt >= Math.max(MIN_PATIENCE, stall * n));
    }

    /** The share of plain draws among the floor's suggestions after {@code n} completed trials. */
    double plainShare(int n) {
        return plainUntil == 0 || n < plainUntil ? plain : 0;
    }

    /** Prior draws per floor suggestion, given the model's candidate count. */
    int candidates(int eiCandidates) {
        return candidates > 0 ? candidates : eiCandidates;
    }
}
