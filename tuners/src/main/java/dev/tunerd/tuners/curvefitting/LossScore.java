package dev.tunerd.tuners.curvefitting;

/**
 * How Curvefitting feeds a loss to NNI's curve families, which were built for accuracies: rising, saturating, between
 * 0 and 1 (NNI's assessor accepts nothing else). The score of a loss L is {@code 1 / (1 + L)}: 1 at a loss of 0,
 * falling towards 0 as the loss grows, whatever its scale (a loss of 1,000 still gives 0.001).
 *
 * <p>Why not the negated loss (what tunerd fed before): a negative curve is outside what three of the eleven fitted
 * families can take ({@code vap} is positive; {@code dr_hill_zero_background} and {@code log_power} start at 0 and,
 * with a negative scale, fall), and the linear families never saturate; NNI's ensemble needs four families that agree,
 * so on the simulator's {@code curves} it predicted in a third of the judgements at step 6 and stopped trials late.
 * Measured on the tuning seeds 0..4 of {@code curves} with TPE (docs/benchmarks/s01-s05.md, "PBT and Curvefitting"):
 * epochs used 57.4% negated, 46.0% with {@code exp(-L)}, 37.3% with {@code 1 / (1 + L)}.
 *
 * <p>A loss at or below -1 has no score (infinite or negative): such a curve is not assessed. Stateless.
 */
final class LossScore {
    private LossScore() {
    }

    /** {@code 1 / (1 + loss)}; NaN for a loss at or below -1, which has no score. */
    static double score(double loss) {
        return loss > -1 ? 1 / (1 + loss) : Double.NaN;
    }

    /** The loss whose score is {@code score}: {@code 1 / score - 1}, and positive infinity for a score of 0 or less. */
    static double loss(double score) {
        return score > 0 ? 1 / score - 1 : Double.POSITIVE_INFINITY;
    }
}
