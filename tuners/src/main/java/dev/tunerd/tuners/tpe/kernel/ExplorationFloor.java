package dev.tunerd.tuners.tpe.kernel;

/**
 * A floor under TPE's exploration, so that a run cannot settle in one basin for good: with probability
 * {@code share} a suggestion escapes the model's current focus. With {@code stall} positive this happens only while
 * the best loss has not improved for {@code max(MIN_PATIENCE, stall * n)} of the n completed trials (a patience that
 * grows with the budget). An improvement counts only when it is larger than {@code minGain} times the distance from
 * the new best loss to the median loss observed so far, measured from the best loss of the last improvement that
 * counted: a run creeping down one shallow basin by small steps is stalled. An escaping suggestion draws its
 * candidates from the prior (uniform over the group's unit cube and options) instead of the good density and takes
 * the one with the best density ratio: a point away from where the run has been, in the most promising place there.
 * Immutable and thread-safe.
 *
 * @param share   probability of an escaping suggestion while stalled (0: off)
 * @param stall   the patience as a fraction of the completed trials; 0: the floor applies always
 * @param minGain the share of the gap between the median loss and the best that an improvement must exceed to end
 *                a stall (0: any improvement)
 */
public record ExplorationFloor(double share, double stall, double minGain) {
    /** Trials without improvement before a stall counts, however short the run. */
    public static final int MIN_PATIENCE = 10;
    /** Off. */
    public static final ExplorationFloor NONE = new ExplorationFloor(0, 0);

    public ExplorationFloor {
        if (!(share >= 0 && share <= 1) || !(stall >= 0 && stall <= 10) || !(minGain >= 0 && minGain < 1)) {
            throw new IllegalArgumentException("exploration floor share must be in [0, 1], stall in [0, 10] and"
                + " minGain in [0, 1): " + share + ", " + stall + ", " + minGain);
        }
    }

    /** Any improvement ends a stall (the floor of issue 16's first pass). */
    public ExplorationFloor(double share, double stall) {
        this(share, stall, 0);
    }

    /** Whether the floor applies after {@code n} completed trials, the best found after {@code bestAt} of them. */
    boolean active(int n, int bestAt) {
        return share > 0 && (stall == 0 || n - bestAt >= Math.max(MIN_PATIENCE, stall * n));
    }

    /**
     * Whether a new best loss {@code loss} ends a stall: it improves on {@code anchor} (the best loss at the last
     * counted improvement) by more than {@code minGain} of its gap to {@code median}.
     */
    boolean counts(double loss, double anchor, double median) {
        if (!(loss < anchor)) {
            return false;
        }
        if (minGain == 0 || anchor == Double.POSITIVE_INFINITY || !(median < Double.POSITIVE_INFINITY)) {
            return true;
        }
        return anchor - loss > minGain * Math.max(0, median - loss);
    }
}
