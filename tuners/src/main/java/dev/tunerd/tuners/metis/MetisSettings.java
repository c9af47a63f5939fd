package dev.tunerd.tuners.metis;

/**
 * Metis's internal settings (not classArgs: NNI's Metis has none of these); {@link #DEFAULT} is what the tuner runs
 * with; the other values exist for the benchmark's tuning runs (docs/BENCHMARKS.md). Immutable.
 *
 * @param eiExploreUntil   while fewer results than this are in, Metis's exploration candidate is the point of highest
 *                         expected improvement (log-EI, as the GP tuner's) instead of the lowest 95% confidence bound;
 *                         it is still judged by information gain against the other candidates; 0: never
 * @param eiMinParameters  ... and only in spaces of at least this many parameters
 */
public record MetisSettings(int eiExploreUntil, int eiMinParameters) {
    /** What NNI's Metis does: the lowest bound is the exploration candidate throughout. */
    public static final MetisSettings NNI = new MetisSettings(0, 0);
    public static final MetisSettings DEFAULT = NNI;

    public MetisSettings {
        if (eiExploreUntil < 0 || eiMinParameters < 0) {
            throw new IllegalArgumentException("Metis settings must be >= 0: " + eiExploreUntil + ", "
                + eiMinParameters);
        }
    }

    /** Whether the exploration candidate is the expected-improvement point with {@code results} in a d-D space. */
    boolean exploresByEi(int results, int parameters) {
        return results < eiExploreUntil && parameters >= eiMinParameters;
    }
}
