package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;

/**
 * A portfolio of exploitation levels across a batch of trials in flight (issue 16, session 14). With many trials in
 * flight TPE's suggestions are about twice as spread out as sequential ones at equal results known, and few of them
 * lie near the best observation (session 13's {@code BurstProbe}). Instead of one exploitation level for every
 * suggestion, a share of the batch is kept greedy: while fewer than {@code share} of the trials in flight (counting
 * the one being suggested) lie within {@code radius} good bandwidths of the group's best observation, the suggestion
 * is a refinement of the best ({@link LocalRefine}'s move with step {@code scale} and start among the {@code top} best
 * observations), compared by the density ratio and kept apart from the trials in flight by the diversity rule; the
 * others are made as without the rule. The count is read from the trials in flight and the observations each time,
 * so the mix holds whatever the order of results, and a run replays exactly from its trials (no state). Acts only
 * from {@code after} observations with at least {@code minInFlight} trials in flight: a sequential run draws exactly
 * as without the rule. A small batch ({@code small}: with K = 2 or 4 in flight the integer count makes about one
 * suggestion in K + 1 greedy, three or two times the share kept in a batch of 16) takes a greedy suggestion only with odds that fall with
 * the group's observations ({@link #odds}): the greedy slots gain early (ackley5, hartmann6) and cost late (levy6 and
 * styblinski5 lose their recombination), issue 16, session 16. Immutable and thread-safe.
 *
 * @param share       share of the trials in flight to keep near the best observation (0: off)
 * @param radius      distance from the best observation, in good bandwidths (Euclidean over the numeric
 *                    dimensions, each scaled by its bandwidth; every categorical option equal), that counts as near
 * @param scale       refinement step of a greedy suggestion, relative to the good bandwidth
 * @param top         number of best observations a greedy suggestion may start from
 * @param after       observations of the group before the rule acts
 * @param minInFlight trials in flight in the group before the rule acts
 * @param flip        probability that a greedy suggestion is a coordinate move of a best observation
 *                    ({@link LocalRefine}) instead of a refinement
 * @param gate        when positive, the rule acts only while the good set spans less than this many bandwidths in every
 *                    numeric dimension (one basin, {@link SecondBasin#collapsed}); 0: whatever the good set
 * @param small       a small batch: fewer trials in flight than this (0: no batch is small). A greedy suggestion of
 *                    a small batch is made only with the probability {@link #smallOdds} (issue 16, session 16)
 * @param smallFrom   observations of the group up to which a small batch's greedy odds are {@code smallOdds}
 * @param smallUntil  observations from which a small batch has no greedy suggestion; between {@code smallFrom} and
 *                    this the odds fall linearly ({@code smallFrom == smallUntil}: a stop)
 * @param smallOdds   a small batch's odds of a greedy suggestion before {@code smallFrom} observations (1: always)
 */
public record BatchPortfolio(double share, double radius, double scale, int top, int after, int minInFlight,
                             double flip, double gate, int small, int smallFrom, int smallUntil, double smallOdds) {
    /** Off. */
    public static final BatchPortfolio NONE = new BatchPortfolio(0, 1, 0.25, 1, 0, 1, 0, 0);

    public BatchPortfolio {
        if (!(share >= 0 && share <= 1) || !(radius > 0 && radius < 100) || !(scale > 0 && scale < 100) || top < 1
            || after < 0 || minInFlight < 1 || !(flip >= 0 && flip <= 1)
            || !(gate >= 0 && gate < 1e6) || small < 0 || smallFrom < 0 || smallUntil < smallFrom
            || !(smallOdds >= 0 && smallOdds <= 1)) {
            throw new IllegalArgumentException("invalid batch portfolio: " + share + ", " + radius + ", " + scale + ", "
                + top + ", " + after + ", " + minInFlight + ", " + flip + ", " + gate + ", " + small + ", " + smallFrom
                + ", " + smallUntil + ", " + smallOdds);
        }
    }

    /** The same rule for every batch size (no small-batch limit: session 14's portfolio). */
    public BatchPortfolio(double share, double radius, double scale, int top, int after, int minInFlight, double flip,
                          double gate) {
        this(share, radius, scale, top, after, minInFlight, flip, gate, 0, 0, 0, 1);
    }

    /** The same rule with the small-batch limit given: batches under {@code below} in flight, odds falling to 0. */
    public BatchPortfolio withSmallBatches(int below, int from, int until, double odds) {
        return new BatchPortfolio(share, radius, scale, top, after, minInFlight, flip, gate, below, from, until, odds);
    }

    /**
     * A small batch's odds of a greedy suggestion with {@code rows} observations: {@code smallOdds} up to {@code
     * smallFrom}, falling linearly to 0 at {@code smallUntil}; 1 for a batch that is not small.
     */
    double odds(int rows, int inFlight) {
        if (inFlight >= small) {
            return 1;
        }
        if (rows >= smallUntil) {
            return 0;
        }
        return rows <= smallFrom ? smallOdds : smallOdds * (smallUntil - rows) / (double) (smallUntil - smallFrom);
    }

    /** The local step a greedy suggestion takes: a coordinate move with probability {@code flip}, else a refinement. */
    LocalRefine step() {
        return new LocalRefine(1, 0, scale, top, flip);
    }

    /** Whether the good set (the first {@code count} of {@code centres}) lets the rule act ({@code gate}). */
    boolean admits(double[] centres, int count, boolean[] categorical, double[] bandwidths) {
        return gate <= 0 || new SecondBasin(0, gate, 0, 0, 0).collapsed(centres, count, categorical, bandwidths);
    }

    /**
     * Whether this suggestion is a greedy one: the group has enough observations and trials in flight, and fewer
     * than {@code share} of the trials in flight, this suggestion included, lie near the best observation.
     *
     * @param bestRow    the group's best observation, in the group's unit coordinates
     * @param bandwidths the good density's bandwidths
     */
    boolean greedy(int rows, PendingRows pending, double[] bestRow, double[] bandwidths) {
        return greedy(rows, pending, bestRow, bandwidths, null);
    }

    /**
     * As {@link #greedy(int, PendingRows, double[], double[])}, and for a small batch with odds strictly between 0
     * and 1 ({@link #odds}) one draw of {@code rng} decides (only then is {@code rng} read, so a run whose batches are
     * never small draws exactly as without the limit).
     */
    boolean greedy(int rows, PendingRows pending, double[] bestRow, double[] bandwidths, Rng rng) {
        int inFlight = pending.count();
        if (share <= 0 || rows < after || inFlight < minInFlight) {
            return false;
        }
        double odds = odds(rows, inFlight);
        if (odds <= 0 || pending.countNear(bestRow, bandwidths, radius) >= share * (inFlight + 1) - 1e-9) {
            return false;
        }
        return odds >= 1 || rng != null && rng.nextDouble() < odds;
    }
}
