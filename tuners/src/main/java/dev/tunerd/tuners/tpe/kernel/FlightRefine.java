package dev.tunerd.tuners.tpe.kernel;

/**
 * The local step ({@link LocalRefine}) while trials are in flight (issue 16, session 14): with at least {@code from}
 * trials in flight in a group that has fewer than {@code until} observations, its local suggestions use these numbers
 * instead of the sequential ones; otherwise nothing changes (sequential draws are the same draw for draw). Immutable
 * and thread-safe.
 *
 * @param scale refinement step in bandwidths of the good density while trials are in flight (0: the local step's own)
 * @param top   number of best observations a local suggestion may start from while trials are in flight (0: the
 *              local step's own)
 * @param share probability of a local suggestion while trials are in flight (negative: the local step's own)
 * @param flip  probability that a local suggestion in flight is a coordinate move (negative: the local step's own)
 * @param from  trials in flight in the group from which these numbers apply (at least 1)
 * @param until observations of the group from which the local step is its own again (0: never)
 * @param probes when positive, a coordinate move in flight is made only while fewer than this many trials in flight
 *               are coordinate moves of the best observation (equal to it in every dimension but one numeric one),
 *               and along a numeric coordinate none of them moves; otherwise it is a refinement (0: no limit)
 */
public record FlightRefine(double scale, int top, double share, double flip, int from, int until, int probes) {
    /** Off: the local step is the same with and without trials in flight. */
    public static final FlightRefine NONE = new FlightRefine(0, 0, -1, -1, 1, 0);

    public FlightRefine {
        if (!(scale >= 0 && scale < 100) || top < 0 || !(share <= 1) || Double.isNaN(share)
            || !(flip <= 1) || Double.isNaN(flip) || from < 1 || until < 0 || probes < 0) {
            throw new IllegalArgumentException("invalid local step in flight: " + scale + ", " + top + ", " + share
                + ", " + flip + ", " + from + ", " + until + ", " + probes);
        }
    }

    /** Without a limit on the coordinate moves in flight ({@code probes} 0). */
    public FlightRefine(double scale, int top, double share, double flip, int from, int until) {
        this(scale, top, share, flip, from, until, 0);
    }

    /** Whether {@link #inFlight(LocalRefine)} replaces the local step with {@code inFlight} trials in flight. */
    boolean applies(int inFlight, int rows) {
        return inFlight >= from && (until == 0 || rows < until);
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
