package dev.tunerd.tuners.auto;

/**
 * A check of the picked tuner's first results that can bring the incumbent scan forward: after {@code at} results
 * Auto fits a GP to them ({@link ModelFit#leaveOneOut}); when it predicts the losses it was not fitted on poorly
 * (R² below {@code floor}: a landscape of several basins per coordinate, such as styblinski5's), the scan starts
 * after {@code scanAfter} results instead of the plan's own. Immutable.
 *
 * @param at        results before the check, at least {@link ModelFit#MIN_POINTS}
 * @param floor     the leave-one-out R² below which the scan comes sooner
 * @param scanAfter results before the scan when it comes sooner, at least {@code at}
 */
public record EarlyScan(int at, double floor, int scanAfter) {
    public EarlyScan {
        if (at < ModelFit.MIN_POINTS || scanAfter < at) {
            throw new IllegalArgumentException("a fit check needs at least " + ModelFit.MIN_POINTS
                + " results and comes before the scan: " + at + ", " + scanAfter);
        }
    }
}
