package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;

/**
 * A local step for TPE late in a run: once a group has {@code after} observations, with probability {@code share}
 * a suggestion works from the best observations instead of the whole good density. It is one of two moves:
 *
 * <ul>
 *   <li>with probability {@code flip}, a <b>coordinate move</b>: one of the {@code top} best observations (chosen
 *       uniformly) with one numeric coordinate (chosen uniformly) redrawn from the prior, proposed as it is (not
 *       compared by the density ratio, which would pull the coordinate back to where the good values are; while
 *       trials are in flight, the first draw not too close to one of them). A separable problem whose run has one
 *       coordinate in the wrong basin (styblinski5) gets out this way;</li>
 *   <li>otherwise a <b>refinement</b>: candidates that start from one of the {@code top} best observations and move
 *       every numeric coordinate by a normal step of {@code scale} times the good density's bandwidth (which shrinks
 *       with the number of good observations), truncated to the unit range, compared by the same density ratio as
 *       every other candidate. It resolves detail finer than the good density's kernels (ackley5's lattice).</li>
 * </ul>
 *
 * Categorical coordinates keep the observation's option in both moves. When every candidate of a local suggestion
 * lies too close to a trial in flight (the diversity rule), an ordinary suggestion is made instead. Immutable and
 * thread-safe.
 *
 * @param share probability of a local suggestion once active (0: off, the draws are then exactly as without)
 * @param after observations of the group before local suggestions start
 * @param scale refinement step relative to the good density's bandwidth
 * @param top   number of best observations a local suggestion may start from
 * @param flip  probability that a local suggestion is a coordinate move rather than a refinement
 */
public record LocalRefine(double share, int after, double scale, int top, double flip) {
    /** Off. */
    public static final LocalRefine NONE = new LocalRefine(0, 0, 1, 1, 0);

    public LocalRefine {
        if (!(share >= 0 && share <= 1) || after < 0 || !(scale > 0 && scale < 100) || top < 1
            || !(flip >= 0 && flip <= 1)) {
            throw new IllegalArgumentException("invalid local step: " + share + ", " + after + ", " + scale + ", "
                + top + ", " + flip);
        }
    }

    /**
     * The move of this suggestion after {@code rows} observations of a group with {@code numeric} numeric
     * dimensions; draws only when the step may apply. Without numeric dimensions there is no coordinate to move, and
     * the suggestion refines (keeps the best observation's options). With one, a coordinate move is a prior draw of
     * it; measured, that is what helps the mixed problem's branches (docs/MODEL_TUNERS.md).
     */
    Move draw(int rows, int numeric, Rng rng) {
        if (share <= 0 || rows < after || rng.nextDouble() >= share) {
            return Move.NONE;
        }
        boolean flipped = flip > 0 && rng.nextDouble() < flip;
        return flipped && numeric >= 1 ? Move.FLIP : Move.REFINE;
    }

    /** What a suggestion does. */
    enum Move { NONE, REFINE, FLIP }

    /**
     * Draws one candidate into {@code out}: a start among the {@code count} best rows, moved as {@code move} says.
     *
     * @param coords      the group's observations, row-major ({@code out.length} per row)
     * @param ranked      row indices of the best observations, best first
     * @param categorical per dimension, whether it is categorical (kept at the start's option)
     * @param bandwidths  the good density's bandwidths
     * @param kept        per dimension, whether a coordinate move leaves it alone beside the categorical ones (null:
     *                    none; {@link FlightRefine#probes()})
     */
    void candidate(Move move, Rng rng, double[] coords, int[] ranked, int count, boolean[] categorical,
                   double[] bandwidths, boolean[] kept, double[] out) {
        int dims = out.length;
        System.arraycopy(coords, ranked[rng.nextInt(count)] * dims, out, 0, dims);
        if (move == Move.FLIP) {
            int numeric = 0;
            for (int j = 0; j < dims; j++) {
                numeric += movable(j, categorical, kept) ? 1 : 0;
            }
            int pick = numeric == 0 ? -1 : rng.nextInt(numeric);
            for (int j = 0; j < dims && pick >= 0; j++) {
                if (movable(j, categorical, kept) && pick-- == 0) {
                    out[j] = rng.nextDouble();
                }
            }
            return;
        }
        for (int j = 0; j < dims; j++) {
            if (!categorical[j]) {
                out[j] = ParzenEstimator.truncatedNormal(rng, out[j], scale * bandwidths[j]);
            }
        }
    }

    private static boolean movable(int j, boolean[] categorical, boolean[] kept) {
        return !categorical[j] && (kept == null || !kept[j]);
    }
}
