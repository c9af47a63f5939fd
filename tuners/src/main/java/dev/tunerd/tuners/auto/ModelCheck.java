package dev.tunerd.tuners.auto;

/**
 * A check of the picked tuner's model after its first results: when a GP fitted to them predicts the losses it was
 * not fitted on poorly ({@link ModelFit#leaveOneOut}, R² below {@code floor}), Auto hands the run to
 * {@code fallback}, with every result so far; once there are {@code until} results the picked tuner takes the run
 * back, again with every result (with {@code until} 0, only after the incumbent scan, when there is one). Immutable.
 *
 * @param after    final results before the check, at least 5
 * @param floor    the leave-one-out R² below which the fallback takes over
 * @param fallback the registered name of the tuner that takes over
 * @param until    results after which the picked tuner takes the run back, above {@code after}; 0 for after the scan
 */
public record ModelCheck(int after, double floor, String fallback, int until) {
    public ModelCheck {
        if (after < ModelFit.MIN_POINTS) {
            throw new IllegalArgumentException("a model check needs at least " + ModelFit.MIN_POINTS + " results: "
                + after);
        }
        if (until != 0 && until <= after) {
            throw new IllegalArgumentException("the picked tuner takes the run back after the check: " + until);
        }
        java.util.Objects.requireNonNull(fallback, "fallback");
    }
}
