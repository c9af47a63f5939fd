package dev.tunerd.tuners.anneal;

/**
 * tunerd's second rule for trials in flight, an addition to hyperopt's annealing: with K trials in flight the parent
 * of a suggestion (the trial whose neighbourhood it is drawn from) is chosen more greedily. hyperopt draws the
 * parent's rank from a geometric distribution with mean 2 (0 = the best trial); here the mean is
 * {@code max(1, 2 - perTrialInFlight * K)}: by default 1.5 with 2 trials in flight, 1.25 with 3, and from 4 on
 * every suggestion explores around the best trial. Many trials in flight are many draws at once, which spread by themselves; drawing them around the runners-up
 * as well spends them on worse neighbourhoods (chosen by measurement, docs/MODEL_TUNERS.md). Sequential runs
 * (nothing in flight) are unchanged. Immutable and thread-safe.
 *
 * @param perTrialInFlight how much each trial in flight lowers the mean rank (0: off)
 */
public record ParentFocus(double perTrialInFlight) {
    /** hyperopt's mean rank of the parent trial plus one ({@code avg_best_idx}). */
    public static final double HYPEROPT_MEAN = 2.0;
    /** Off: hyperopt's rule. */
    public static final ParentFocus NONE = new ParentFocus(0);
    /** tunerd's default (docs/MODEL_TUNERS.md). */
    public static final ParentFocus DEFAULT = new ParentFocus(0.25);

    public ParentFocus {
        if (!(perTrialInFlight >= 0 && perTrialInFlight <= 1)) {
            throw new IllegalArgumentException("parent focus per trial in flight must be in [0, 1]: "
                + perTrialInFlight);
        }
    }

    /** The mean of the geometric draw of the parent's rank (plus one) with {@code inFlight} trials in flight. */
    double meanRank(int inFlight) {
        return Math.max(1.0, HYPEROPT_MEAN - perTrialInFlight * inFlight);
    }
}
