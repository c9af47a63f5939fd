package dev.tunerd.tuners.anneal;

/**
 * tunerd's rule for trials in flight, an addition to hyperopt's annealing: how the parent of a suggestion (the trial
 * whose neighbourhood a parameter is drawn from) is chosen while trials are in flight. hyperopt draws one parent per
 * suggestion, its rank from a geometric distribution with mean 2 (0 = the best trial).
 *
 * <p>Below {@code recombineFrom} trials in flight: one parent per suggestion with mean rank
 * {@code max(1, 2 - perTrialInFlight * K)} for K in flight (issue 16's second pass: from 4 in flight every
 * suggestion explores around the best trial). From {@code recombineFrom} on (8 by default; issue 16, session 6),
 * every parameter draws its own parent with mean rank {@code recombinedRank} (1.25): a suggestion recombines the
 * values of the best trials parameter by parameter, so a large batch drawn at once spreads over combinations of
 * good values instead of piling up around one trial. Recombining with fewer in flight or a larger rank (1.5) left
 * more goldstein runs at its local minimum (docs/MODEL_TUNERS.md).
 *
 * <p>While parameters recombine and the best has not improved for {@code elsewherePatience} completed trials, a
 * share {@code elsewhereShare} of the suggestions (0.3 by default; issue 16, session 9) is drawn instead around one
 * parent, the best trial <em>elsewhere</em>: the best one outside the best trial's current window on some parameter
 * (another option or another active branch counts as outside), with hyperopt's rule. The greedy recombined batch
 * refines the best trial's basin; its runners-up lie in that same basin, so without this the second-best basin is
 * never refined again and a run that settled early in a local basin (goldstein at f = 30) stays there. Sequential
 * runs (nothing in flight) are hyperopt's either way. Immutable and thread-safe.
 *
 * @param perTrialInFlight  how much each trial in flight lowers the mean rank of the one parent (0: off)
 * @param recombinedRank    when positive, the mean rank of each parameter's own parent with many trials in flight
 * @param recombineFrom     trials in flight from which parameters draw their own parents
 * @param elsewhereShare    while recombining and stalled, the share of suggestions around the best trial elsewhere
 *                          (0: off)
 * @param elsewherePatience completed trials without a new best loss before {@code elsewhereShare} applies
 */
public record ParentFocus(double perTrialInFlight, double recombinedRank, int recombineFrom, double elsewhereShare,
                          int elsewherePatience) {
    /** hyperopt's mean rank of the parent trial plus one ({@code avg_best_idx}). */
    public static final double HYPEROPT_MEAN = 2.0;
    /** Off: hyperopt's rule. */
    public static final ParentFocus NONE = new ParentFocus(0, 0, 1);
    /** The second pass's rule: one parent, greedier with every trial in flight. */
    public static final ParentFocus GREEDY = new ParentFocus(0.25, 0, 1);
    /** tunerd's default (docs/MODEL_TUNERS.md). */
    public static final ParentFocus DEFAULT = new ParentFocus(0.25, 1.25, 8, 0.3, 10);

    /** Without suggestions around the best trial elsewhere. */
    public ParentFocus(double perTrialInFlight, double recombinedRank, int recombineFrom) {
        this(perTrialInFlight, recombinedRank, recombineFrom, 0, 0);
    }

    public ParentFocus {
        if (!(perTrialInFlight >= 0 && perTrialInFlight <= 1)) {
            throw new IllegalArgumentException("parent focus per trial in flight must be in [0, 1]: "
                + perTrialInFlight);
        }
        if (!(recombinedRank == 0 || (recombinedRank >= 1 && recombinedRank <= 100))) {
            throw new IllegalArgumentException("recombined parent rank must be 0 (off) or in [1, 100]: "
                + recombinedRank);
        }
        if (!(elsewhereShare >= 0 && elsewhereShare <= 1) || elsewherePatience < 0) {
            throw new IllegalArgumentException("the share around the best trial elsewhere must be in [0, 1] and its "
                + "patience >= 0: " + elsewhereShare + ", " + elsewherePatience);
        }
        if (recombineFrom < 1) {
            throw new IllegalArgumentException("recombination must start at 1 or more trials in flight: "
                + recombineFrom);
        }
    }

    /** Whether, with {@code inFlight} trials in flight, each parameter draws its own parent. */
    boolean recombines(int inFlight) {
        return inFlight >= recombineFrom && recombinedRank > 0;
    }

    /** The mean of the geometric draw of the parent's rank (plus one) with {@code inFlight} trials in flight. */
    double meanRank(int inFlight) {
        if (recombines(inFlight)) {
            return recombinedRank;
        }
        return Math.max(1.0, HYPEROPT_MEAN - perTrialInFlight * inFlight);
    }
}
