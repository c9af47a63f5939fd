package dev.tunerd.tuners.anneal;

/**
 * tunerd's addition to hyperopt's annealing: occasional exploratory suggestions that keep the chosen good trial but
 * re-draw a few of its parameters from a much wider neighbourhood, so a run stuck in a local basin (a coordinate of
 * styblinski5 on the wrong side, a seed of goldstein or hartmann3 caught at a secondary minimum) can still leave it.
 * Immutable and thread-safe.
 *
 * @param share      probability that a suggestion explores (0: hyperopt's algorithm, draw for draw)
 * @param after      completed trials before the first exploratory suggestion
 * @param wideFactor an explored parameter's neighbourhood shrinks as if it had only this fraction of its
 *                   observations: {@code 1 / (1 + shrink_coef * wideFactor * T)} instead of {@code 1 / (1 + shrink_coef * T)}
 */
public record Exploration(double share, int after, double wideFactor) {
    /** hyperopt's annealing, unchanged. */
    public static final Exploration NONE = new Exploration(0, 0, 1);
    /**
     * tunerd's default, chosen on the nine problems of BENCHMARKS.md section 1 and the mixed problem over 500 seeds
     * (docs/MODEL_TUNERS.md): a quarter of the suggestions once 20 trials completed; an explored parameter is
     * drawn from its whole range (uniform family and choice/randint: a prior draw; normal family: the prior's sigma
     * around the chosen value).
     */
    public static final Exploration DEFAULT = new Exploration(0.25, 20, 0);

    public Exploration {
        if (!(share >= 0 && share <= 1) || after < 0 || !(wideFactor >= 0 && wideFactor <= 1)) {
            throw new IllegalArgumentException("exploration share and wideFactor must be in [0, 1] and after >= 0: "
                + share + ", " + after + ", " + wideFactor);
        }
    }
}
