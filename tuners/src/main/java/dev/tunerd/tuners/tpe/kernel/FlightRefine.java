package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;

/**
 * The local step ({@link LocalRefine}) while trials are in flight (issue 16, session 14): with trials in flight in a
 * group, its local suggestions use these numbers instead of the sequential ones; without, nothing changes (sequential
 * draws are the same draw for draw). Immutable and thread-safe.
 *
 * @param scale refinement step in bandwidths of the good density while trials are in flight (0: the local step's own)
 * @param top   number of best observations a local suggestion may start from while trials are in flight (0: the
 *              local step's own)
 * @param share probability of a local suggestion while trials are in flight (negative: the local step's own)
 * @param moved probability that a refinement in flight keeps the move of each numeric coordinate but one (which
 *              always moves); 1: every coordinate moves, as sequentially
 * @param flip  probability that a local suggestion in flight is a coordinate move (negative: the local step's own)
 */
public record FlightRefine(double scale, int top, double share, double moved, double flip) {
    /** Off: the local step is the same with and without trials in flight. */
    public static final FlightRefine NONE = new FlightRefine(0, 0, -1, 1, -1);

    public FlightRefine {
        if (!(scale >= 0 && scale < 100) || top < 0 || !(share <= 1) || Double.isNaN(share)
            || !(moved > 0 && moved <= 1) || !(flip <= 1) || Double.isNaN(flip)) {
            throw new IllegalArgumentException("invalid local step in flight: " + scale + ", " + top + ", " + share
                + ", " + moved + ", " + flip);
        }
    }

    /** Every numeric coordinate moved by a refinement, the local step's own share of coordinate moves. */
    public FlightRefine(double scale, int top, double share) {
        this(scale, top, share, 1, -1);
    }

    /**
     * Puts back coordinates of a refinement in flight that the draw leaves where they were: each numeric coordinate
     * keeps its move with probability {@code moved}, and at least one (chosen uniformly) always does. Draws nothing
     * when every coordinate moves.
     *
     * @param start the row the refinement started from (row-major {@code coords})
     */
    void keepSome(Rng rng, double[] coords, int start, boolean[] categorical, double[] out) {
        if (moved >= 1) {
            return;
        }
        int dims = out.length;
        int numeric = 0;
        for (boolean c : categorical) {
            numeric += c ? 0 : 1;
        }
        if (numeric <= 1) {
            return;
        }
        int sure = rng.nextInt(numeric);
        for (int j = 0, i = 0; j < dims; j++) {
            if (!categorical[j] && i++ != sure && rng.nextDouble() >= moved) {
                out[j] = coords[start * dims + j];
            }
        }
    }

    /**
     * The local step to use while trials are in flight: {@code base} with this record's numbers where they are set.
     * {@code base} itself when it is off or nothing is set.
     */
    LocalRefine inFlight(LocalRefine base) {
        if (base.share() <= 0 || equals(NONE)) {
            return base;
        }
        return new LocalRefine(share >= 0 ? share : base.share(), base.after(), scale > 0 ? scale : base.scale(),
            top > 0 ? top : base.top(), flip >= 0 ? flip : base.flip());
    }
}
