package dev.tunerd.tuners.tpe.kernel;

/**
 * A floor under TPE's exploration, so that a run cannot settle in one basin for good: with probability
 * {@code share} a suggestion draws its candidates from the prior (uniform over the group's unit cube and options)
 * instead of from the good density, and takes the one with the best density ratio among them: a point away from
 * where the run has been, in the most promising place there. With {@code stall} positive this happens only while the
 * best loss has not improved for {@code max(MIN_PATIENCE, stall * n)} of the n completed trials (a patience that
 * grows with the budget). Immutable and thread-safe.
 *
 * @param share     probability of a suggestion from prior candidates (0: off)
 * @param stall     the patience as a fraction of the completed trials; 0: the floor applies always
 * @param tolerance what counts as an improvement for the stall test (this floor's and {@link ModelProbe}'s): a loss
 *                  below the best by more than {@code tolerance} times the spread of the run's first
 *                  {@link #SCALE_ROWS} finite results of its own. 0: any lower loss, as before session 21. A run polishing a
 *                  shallow basin by fractions of a percent then counts as stalled (see {@link StallClock})
 */
public record ExplorationFloor(double share, double stall, double tolerance) {
    /** Trials without improvement before a stall counts, however short the run. */
    public static final int MIN_PATIENCE = 10;
    /** Off. */
    public static final ExplorationFloor NONE = new ExplorationFloor(0, 0);
    /** The run's own finite results whose spread (largest minus smallest) scales {@link #tolerance}. */
    public static final int SCALE_ROWS = 10;

    public ExplorationFloor {
        if (!(share >= 0 && share <= 1) || !(stall >= 0 && stall <= 10) || !(tolerance >= 0 && tolerance <= 1)) {
            throw new IllegalArgumentException("exploration floor share must be in [0, 1], stall in [0, 10] and "
                + "tolerance in [0, 1]: " + share + ", " + stall + ", " + tolerance);
        }
    }

    /** Every lower loss counts as an improvement (tolerance 0). */
    public ExplorationFloor(double share, double stall) {
        this(share, stall, 0);
    }

    /** This floor with {@code tolerance}. */
    public ExplorationFloor withTolerance(double tolerance) {
        return new ExplorationFloor(share, stall, tolerance);
    }

    /** Whether the floor applies after {@code n} completed trials, the best found after {@code bestAt} of them. */
    boolean active(int n, int bestAt) {
        return share > 0 && (stall == 0 || stalled(stall, n, bestAt));
    }

    /**
     * Whether the best loss, found after {@code bestAt} of {@code n} completed trials, has not improved for
     * {@code max(MIN_PATIENCE, stall * n)} of them (the stall test the floor and {@link ModelProbe} share).
     */
    static boolean stalled(double stall, int n, int bestAt) {
        return n - bestAt >= Math.max(MIN_PATIENCE, stall * n);
    }
}
