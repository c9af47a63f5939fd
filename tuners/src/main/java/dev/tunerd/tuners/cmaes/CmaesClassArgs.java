package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.OptimizeMode;
import java.util.Locale;

/**
 * classArgs of CMA-ES (new in tunerd; Optuna's {@code CmaEsSampler} is the reference). Immutable and thread-safe.
 *
 * @param optimizeMode     {@code minimize} (default, as Optuna) or {@code maximize}
 * @param popsize          population per generation, >= 2 (default 4 + floor(3 ln n) for n numeric parameters)
 * @param sigma0           initial step size in the unit cube, in (0, 1] (default 0.22; Optuna's range / 6 scores
 *                         lower at 200 trials on the benchmark suite, docs/MODEL_TUNERS.md)
 * @param restartStrategy  {@code ipop} (default: restart when the search has converged or stagnates, from the
 *                         third restart on with twice the population) or {@code none}
 * @param startupTrials    trials drawn from the priors before CMA-ES starts, >= 0 (default 1, as Optuna)
 * @param seed             random seed (a tunerd addition); absent: derived from the clock
 */
public record CmaesClassArgs(OptimizeMode optimizeMode, Integer popsize, Double sigma0, String restartStrategy,
                             Integer startupTrials, Long seed) {
    /** The initial step size when none is given (tuned on the in-process bench). */
    public static final double DEFAULT_SIGMA0 = 0.22;

    public CmaesClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
        sigma0 = sigma0 == null ? DEFAULT_SIGMA0 : sigma0;
        restartStrategy = restartStrategy == null ? "ipop" : restartStrategy.toLowerCase(Locale.ROOT);
        startupTrials = startupTrials == null ? 1 : startupTrials;
        if (popsize != null && popsize < 2) {
            throw new IllegalArgumentException("popsize must be >= 2: " + popsize);
        }
        if (!(sigma0 > 0 && sigma0 <= 1)) {
            throw new IllegalArgumentException("sigma0 must be in (0, 1]: " + sigma0);
        }
        if (!restartStrategy.matches("ipop|none")) {
            throw new IllegalArgumentException("restart_strategy must be ipop or none, not \"" + restartStrategy
                + "\"");
        }
        if (startupTrials < 0) {
            throw new IllegalArgumentException("startup_trials must be >= 0: " + startupTrials);
        }
    }

    /** optimize_mode and seed, the rest default. */
    public CmaesClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, null, null, seed);
    }
}
