package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;

/**
 * Rules that act only while trials are in flight (issue 16, session 12). EXPERIMENTAL knobs, trimmed after measuring.
 *
 * @param localCap    a local step is skipped when at least this many trials in flight lie within
 *                    {@code localRadius} good bandwidths of the best observation (0: off)
 * @param localRadius see {@code localCap}
 * @param localK      with K in flight the local step is kept with probability {@code localK / (localK + K)} (0: off)
 * @param basinCap    the second basin is skipped while at least this many trials in flight lie farther than its
 *                    radius from the best observation (0: off)
 * @param priorShare  with K in flight, a share {@code priorShare K / (K + 4)} of suggestions draws its candidates from
 *                    the prior (0: off)
 */
public record BatchRules(int localCap, double localRadius, double localK, int basinCap, double priorShare) {
    public static final BatchRules NONE = new BatchRules(0, 0, 0, 0, 0);

    /** Whether a local step drawn with {@code inFlight} trials in flight is kept. */
    boolean keepLocal(int inFlight, int nearBest, Rng rng) {
        if (inFlight <= 0) {
            return true;
        }
        if (localCap > 0 && nearBest >= localCap) {
            return false;
        }
        return !(localK > 0) || rng.nextDouble() < localK / (localK + inFlight);
    }

    /** Whether this suggestion draws from the prior. */
    boolean prior(int inFlight, Rng rng) {
        return inFlight > 0 && priorShare > 0 && rng.nextDouble() < priorShare * inFlight / (inFlight + 4.0);
    }
}
