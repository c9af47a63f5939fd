package dev.tunerd.tuners.metis;

/**
 * Metis's internal settings (NNI's Metis has none of these). A tuner runs with its classArgs' ({@code
 * ei_exploration_until} with {@link MetisClassArgs#EI_MIN_PARAMETERS}, {@code prior_mean_shift}; at their defaults it
 * behaves as {@link #DEFAULT}); the other fields and values exist for the benchmark's tuning runs (docs/BENCHMARKS.md).
 * Immutable.
 *
 * @param eiExploreUntil   while fewer results than this are in, Metis's exploration candidate is the point of highest
 *                         expected improvement (log-EI, as the GP tuner's) instead of the lowest 95% confidence bound;
 *                         it is still judged by information gain against the other candidates; 0: never
 * @param eiMinParameters  ... and only in spaces of at least this many parameters
 * @param spreadColdStart  each cold-start point is the farthest of 20 random ones from every point tried or in flight
 *                         (the GP tuner's cold start) instead of one random point
 * @param priorShift       the GP's zero prior mean sits this many deviations above the mean standardised loss
 */
public record MetisSettings(int eiExploreUntil, int eiMinParameters, boolean spreadColdStart, double priorShift) {
    /** What NNI's Metis does: the lowest bound is the exploration candidate throughout. */
    public static final MetisSettings NNI = new MetisSettings(0, 0);
    public static final MetisSettings DEFAULT = NNI;

    public MetisSettings {
        if (eiExploreUntil < 0 || eiMinParameters < 0) {
            throw new IllegalArgumentException("Metis settings must be >= 0: " + eiExploreUntil + ", "
                + eiMinParameters);
        }
        if (!(priorShift >= 0 && priorShift <= 10)) {
            throw new IllegalArgumentException("Metis's prior shift must be in [0, 10]: " + priorShift);
        }
    }

    /** The expected-improvement settings alone, everything else as NNI's rule. */
    public MetisSettings(int eiExploreUntil, int eiMinParameters) {
        this(eiExploreUntil, eiMinParameters, false, MetisData.PRIOR_SHIFT);
    }

    /** Whether the exploration candidate is the expected-improvement point with {@code results} in a d-D space. */
    boolean exploresByEi(int results, int parameters) {
        return results < eiExploreUntil && parameters >= eiMinParameters;
    }
}
