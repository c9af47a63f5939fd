package dev.tunerd.tuners.auto;

/**
 * A check of the picked tuner's first results that can bring the incumbent scan forward and hand the run over:
 * after {@code at} results Auto fits a GP to them ({@link ModelFit#leaveOneOut}); when it predicts the losses it was
 * not fitted on poorly (R² below {@code floor}: a landscape of several basins per coordinate, such as styblinski5's),
 * the scan starts after {@code scanAfter} results instead of the plan's own, with {@code strata} values per
 * parameter (fewer if the plan's own scan has fewer), and {@code then} goes on after it. Immutable.
 *
 * @param at        results before the check, at least {@link ModelFit#MIN_POINTS}
 * @param floor     the leave-one-out R² below which the scan comes sooner
 * @param scanAfter results before the scan when it comes sooner, at least {@code at}
 * @param strata    values per parameter in a scan that comes sooner, at least 1
 * @param then      the registered name of the tuner that goes on after a scan that came sooner, given every result
 *                  so far; null for the picked tuner itself
 * @param gain      how much better an additive model must predict the first results than a joint one
 *                  ({@link ModelFit#additiveGain}) for the scan to come sooner; negative infinity: no such condition
 */
public record EarlyScan(int at, double floor, int scanAfter, int strata, String then, double gain) {
    /** Without the additive condition. */
    public EarlyScan(int at, double floor, int scanAfter, int strata, String then) {
        this(at, floor, scanAfter, strata, then, Double.NEGATIVE_INFINITY);
    }

    public EarlyScan {
        if (at < ModelFit.MIN_POINTS || scanAfter < at || strata < 1) {
            throw new IllegalArgumentException("a fit check needs at least " + ModelFit.MIN_POINTS
                + " results, comes before the scan and scans one value per parameter or more: " + at + ", "
                + scanAfter + ", " + strata);
        }
        if (Double.isNaN(gain)) {
            throw new IllegalArgumentException("the additive model's gain must be a number or -Infinity");
        }
    }
}
