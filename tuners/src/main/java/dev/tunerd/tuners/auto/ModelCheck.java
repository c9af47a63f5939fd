package dev.tunerd.tuners.auto;

/**
 * A check of the picked tuner's model after its first results: when a GP fitted to them predicts the losses it was
 * not fitted on poorly ({@link ModelFit#leaveOneOut}, R² below {@code floor}), Auto hands the run to
 * {@code fallback}, with every result so far, and the picked tuner goes on after the incumbent scan (when there is
 * one). Immutable.
 *
 * @param after    final results before the check, at least 5
 * @param floor    the leave-one-out R² below which the fallback takes over
 * @param fallback the registered name of the tuner that takes over
 */
public record ModelCheck(int after, double floor, String fallback) {
    public ModelCheck {
        if (after < ModelFit.MIN_POINTS) {
            throw new IllegalArgumentException("a model check needs at least " + ModelFit.MIN_POINTS + " results: "
                + after);
        }
        java.util.Objects.requireNonNull(fallback, "fallback");
    }
}
