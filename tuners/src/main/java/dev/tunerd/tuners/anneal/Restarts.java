package dev.tunerd.tuners.anneal;

/**
 * tunerd's scout chain, an addition to hyperopt's annealing: while the best loss has not improved for
 * {@code patience} completed trials, a share of the suggestions belong to a second, independent annealing run
 * (hyperopt's rule over the scout's own trials only, its neighbourhoods shrinking with its own count) that starts
 * again from the prior every {@code length} scout trials. The main chain sees every trial, the scout's included, so
 * when a scout lands in a better basin than the one the main chain is refining, the main chain's centres move there
 * (a seed of goldstein or hartmann3 caught at a secondary minimum that no single-coordinate move can leave).
 * Immutable and thread-safe.
 *
 * @param share    probability that a suggestion is the scout's while the run stagnates (0: no scout)
 * @param after    completed trials before the first scout suggestion
 * @param length   scout trials before the scout starts again from the prior
 * @param patience completed trials without a new best loss before the scout runs (0: always)
 */
public record Restarts(double share, int after, int length, int patience) {
    /** No scout chain: hyperopt's single annealing run. */
    public static final Restarts NONE = new Restarts(0, 0, 1, 0);
    /**
     * tunerd's default, chosen on the nine problems of BENCHMARKS.md section 1 and the mixed problem over 300–500
     * seeds (docs/MODEL_TUNERS.md): a fifth of the suggestions once 20 trials completed and the best has not
     * improved for 10 trials; a scout restarts after 40 of its trials.
     */
    public static final Restarts DEFAULT = new Restarts(0.2, 20, 40, 10);

    public Restarts {
        if (!(share >= 0 && share <= 1) || after < 0 || length < 1 || patience < 0) {
            throw new IllegalArgumentException("restarts share must be in [0, 1], after and patience >= 0 and "
                + "length >= 1: " + share + ", " + after + ", " + length + ", " + patience);
        }
    }
}
