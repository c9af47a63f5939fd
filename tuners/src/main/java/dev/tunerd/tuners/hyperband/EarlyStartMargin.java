package dev.tunerd.tuners.hyperband;

/**
 * The screening gain the largest bracket's early start asks of the full trainings it rests on ({@code early_margin},
 * and since issue 13 session 21 {@code firm_margin}): on fewer than {@value #FIRM_CURVES} usable trainings {@code
 * early_margin}, from {@value #FIRM_CURVES} on {@code firm_margin} (when set; -1 keeps {@code early_margin}).
 *
 * <p>Why the margin depends on the evidence: the gain is computed from normal scores of the trainings' ranks
 * ({@link BracketPayoff#screenGain}), and on four or five trainings a near-perfect agreement of every rung with the
 * final ranks arises by chance where curves cross. Measured on random search's first trainings (issue 13 session 21,
 * 200 tuning seeds each of {@code longcurves} and {@code longcrossing}, both {@code R = 81}): a gain of at least 1.0
 * on 4 or 5 trainings on 6 of 200 {@code longcrossing} seeds, at least 0.85 on 6 to 9 trainings on 2 of 200, while
 * {@code longcurves}' median gain is 0.88-0.96 at every count from 4 to 12; on 10 to 15 trainings {@code
 * longcrossing}'s largest gain was 0.79. So a margin below {@code early_margin} is safe only once six trainings are
 * in. The early path asks no replay, on any number of trainings, as before. Stateless.
 */
final class EarlyStartMargin {
    /** Usable full trainings from which {@code firm_margin} replaces {@code early_margin}. */
    static final int FIRM_CURVES = 6;

    private EarlyStartMargin() {
    }

    /**
     * The gain the early start needs on {@code trainings} usable full trainings: {@code firmMargin} from
     * {@value #FIRM_CURVES} on when it is 0 or more, else {@code earlyMargin}.
     */
    static double required(double earlyMargin, double firmMargin, int trainings) {
        return firmMargin >= 0 && trainings >= FIRM_CURVES ? firmMargin : earlyMargin;
    }
}
