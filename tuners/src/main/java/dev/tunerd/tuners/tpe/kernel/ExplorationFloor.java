package dev.tunerd.tuners.tpe.kernel;

/**
 * A floor under TPE's exploration, so that a run cannot settle in one basin for good. Two rules:
 *
 * <ul>
 *   <li><b>Stall:</b> with probability {@code share} a suggestion draws its candidates from the prior (uniform over
 *   the group's unit cube and options) instead of from the good density, and takes the one with the best density
 *   ratio among them: a point away from where the run has been, in the most promising place there. With
 *   {@code stall} positive this happens only while the best loss has not improved for
 *   {@code max(MIN_PATIENCE, stall * n)} of the n completed trials (a patience that grows with the budget).</li>
 *   <li><b>Collapse (basin escape):</b> while a group's good set has collapsed onto one basin (every good
 *   observation within {@code span} of the unit range of the others in each numeric dimension, the same option in
 *   each categorical one), with probability {@code collapsedShare} its suggestion draws prior candidates and keeps
 *   only those farther than {@code radius} (Euclidean, unit coordinates, numeric dimensions) from every good
 *   observation: outside the basin the good density is the prior's, so the density ratio then prefers the place the
 *   run has seen least. A creeping run (each small step a new best) is caught as well as a stalled one, and a run
 *   whose good set spans several basins, still recombining them, is left alone.</li>
 * </ul>
 * Immutable and thread-safe.
 *
 * @param share          probability of a suggestion from prior candidates while stalled (0: off)
 * @param stall          the patience as a fraction of the completed trials; 0: the floor applies always
 * @param collapsedShare probability of a basin-escape suggestion while the good set has collapsed (0: off)
 * @param span           the good set counts as collapsed when its extent in every numeric dimension is at most this
 * @param radius         escape candidates closer than this to a good observation are not proposed while another
 *                       candidate is left
 * @param collapseAfter  observations of the group before the collapse rule applies
 * @param collapseBudget at most this many basin-escape suggestions per group over the run (0: no limit)
 */
public record ExplorationFloor(double share, double stall, double collapsedShare, double span, double radius,
                               int collapseAfter, int collapseBudget) {
    /** Trials without improvement before a stall counts, however short the run. */
    public static final int MIN_PATIENCE = 10;
    /** Off. */
    public static final ExplorationFloor NONE = new ExplorationFloor(0, 0);

    /** The stall rule alone. */
    public ExplorationFloor(double share, double stall) {
        this(share, stall, 0, 0, 0, 0, 0);
    }

    public ExplorationFloor {
        if (!(share >= 0 && share <= 1) || !(stall >= 0 && stall <= 10) || !(collapsedShare >= 0
            && collapsedShare <= 1) || !(span >= 0 && span <= 1) || !(radius >= 0 && radius <= 2)
            || collapseAfter < 0 || collapseBudget < 0) {
            throw new IllegalArgumentException("exploration floor share must be in [0, 1] and stall in [0, 10], the "
                + "collapse share and span in [0, 1], the radius in [0, 2]: " + share + ", " + stall + ", "
                + collapsedShare + ", " + span + ", " + radius + ", " + collapseAfter + ", " + collapseBudget);
        }
    }

    /** Whether the floor applies after {@code n} completed trials, the best found after {@code bestAt} of them. */
    boolean active(int n, int bestAt) {
        return share > 0 && (stall == 0 || n - bestAt >= Math.max(MIN_PATIENCE, stall * n));
    }

    /**
     * Whether the collapse rule is on and applies to a group with {@code rows} observations that has made
     * {@code escapes} basin-escape suggestions so far.
     */
    boolean escapes(int rows, int escapes) {
        return collapsedShare > 0 && rows >= collapseAfter && (collapseBudget == 0 || escapes < collapseBudget);
    }
}
