package dev.tunerd.tuners.gp;

import dev.tunerd.spi.OptimizeMode;
import java.util.Locale;

/**
 * classArgs of GP, as NNI's {@code GPTuner} (same keys, same defaults) plus tunerd's {@code seed}. Immutable and
 * thread-safe.
 *
 * @param optimizeMode               {@code maximize} (default, as NNI) or {@code minimize}
 * @param utility                    {@code ei} (default; computed as log-EI), {@code ucb} or {@code poi}
 * @param kappa                      UCB's exploration weight, >= 0 (5)
 * @param xi                         EI's and POI's improvement margin in the metric's units, >= 0 (0)
 * @param nu                         Matérn smoothness: 0.5, 1.5 or 2.5 (2.5)
 * @param alpha                      smallest noise variance on the standardised outputs, in [0, 1) (1e-6)
 * @param coldStartNum               trials sampled before the model is used, >= 1 (10)
 * @param selectionNumWarmUp         upper bound on the random candidates scored per suggestion, >= 1 (100000; tunerd
 *                                   scores fewer when the model is large, see docs/MODEL_TUNERS.md)
 * @param selectionNumStartingPoints upper bound on the local optimisations per suggestion, >= 0 (250; tunerd runs at
 *                                   most {@link #MAX_STARTS})
 * @param seed                       random seed (a tunerd addition); absent: derived from the clock
 */
public record GpClassArgs(OptimizeMode optimizeMode, String utility, Double kappa, Double xi, Double nu, Double alpha,
                          Integer coldStartNum, Integer selectionNumWarmUp, Integer selectionNumStartingPoints,
                          Long seed) {
    /** Local optimisations actually run per suggestion, at most. */
    public static final int MAX_STARTS = 3;

    public GpClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        utility = utility == null ? "ei" : utility.toLowerCase(Locale.ROOT);
        if (!utility.matches("ei|ucb|poi")) {
            throw new IllegalArgumentException("utility must be ei, ucb or poi, not \"" + utility + "\"");
        }
        kappa = kappa == null ? 5.0 : kappa;
        xi = xi == null ? 0.0 : xi;
        nu = nu == null ? 2.5 : nu;
        alpha = alpha == null ? 1e-6 : alpha;
        coldStartNum = coldStartNum == null ? 10 : coldStartNum;
        selectionNumWarmUp = selectionNumWarmUp == null ? 100_000 : selectionNumWarmUp;
        selectionNumStartingPoints = selectionNumStartingPoints == null ? 250 : selectionNumStartingPoints;
        require(kappa >= 0 && Double.isFinite(kappa), "kappa must be >= 0: " + kappa);
        require(xi >= 0 && Double.isFinite(xi), "xi must be >= 0: " + xi);
        require(nu == 0.5 || nu == 1.5 || nu == 2.5, "nu must be 0.5, 1.5 or 2.5: " + nu);
        require(alpha >= 0 && alpha < 1, "alpha must be in [0, 1): " + alpha);
        require(coldStartNum >= 1, "cold_start_num must be >= 1: " + coldStartNum);
        require(selectionNumWarmUp >= 1, "selection_num_warm_up must be >= 1: " + selectionNumWarmUp);
        require(selectionNumStartingPoints >= 0,
            "selection_num_starting_points must be >= 0: " + selectionNumStartingPoints);
    }

    /** optimize_mode and seed, the rest default. */
    public GpClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, null, null, null, null, null, null, seed);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    Utility.Kind utilityKind() {
        return Utility.Kind.valueOf(utility.toUpperCase(Locale.ROOT));
    }
}
