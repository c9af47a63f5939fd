package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of {@code Hyperband}, with NNI's names and defaults. Immutable, thread-safe.
 *
 * @param optimizeMode {@code optimize_mode}: {@code maximize} (default) or {@code minimize}
 * @param R            {@code R}: the largest budget ({@code TRIAL_BUDGET}) of a configuration, 1..1000000, default 60
 * @param eta          {@code eta}: keep the best 1/eta of a round, 2..1000, default 3
 * @param execMode     {@code exec_mode}: {@code parallelism} (default: start the next bracket when nothing is queued)
 *                     or {@code serial} (start it only when the current one issued its last round)
 * @param rankAgreement {@code rank_agreement} (a tunerd addition): with a value above -1, a bracket that halves starts
 *                     only when ranking at its budgets agrees that well (Kendall's tau) with ranking at {@code R} on
 *                     the full trainings so far ({@link BracketTuner}); -1..1, default {@value #DEFAULT_RANK_AGREEMENT}
 *                     (a departure from NNI, whose order -1 gives: BENCHMARKS.md, issue 13 session 6)
 * @param seed         {@code seed} (a tunerd addition): random seed; absent, one is drawn and logged
 */
public record HyperbandArgs(String optimizeMode, Integer R, Integer eta, String execMode, Double rankAgreement,
                            Long seed) {

    /**
     * {@code rank_agreement} when the classArgs do not set it: with NNI's order (-1) Hyperband ends worse than random
     * search with full trainings where learning curves cross; with 0.6 it does not, or barely (chosen on tuning seeds
     * 300-319 among 0.3, 0.5, 0.6, 0.7; BENCHMARKS.md, issue 13 session 6).
     */
    public static final double DEFAULT_RANK_AGREEMENT = 0.6;

    public HyperbandArgs {
        optimizeMode = optimizeMode == null ? "maximize" : optimizeMode;
        if (!optimizeMode.equals("maximize") && !optimizeMode.equals("minimize")) {
            throw new IllegalArgumentException("optimize_mode must be \"maximize\" or \"minimize\", got \""
                + optimizeMode + "\"");
        }
        R = R == null ? 60 : R;
        if (R < 1 || R > 1_000_000) {
            throw new IllegalArgumentException("R must be between 1 and 1000000, got " + R);
        }
        eta = eta == null ? 3 : eta;
        if (eta < 2 || eta > 1000) {
            throw new IllegalArgumentException("eta must be between 2 and 1000, got " + eta);
        }
        rankAgreement = rankAgreement == null ? DEFAULT_RANK_AGREEMENT : rankAgreement;
        if (!(rankAgreement >= -1 && rankAgreement <= 1)) {
            throw new IllegalArgumentException("rank_agreement must be between -1 and 1, got " + rankAgreement);
        }
        execMode = execMode == null ? "parallelism" : execMode;
        if (!execMode.equals("parallelism") && !execMode.equals("serial")) {
            throw new IllegalArgumentException("exec_mode must be \"parallelism\" or \"serial\", got \"" + execMode
                + "\"");
        }
    }

    public OptimizeMode mode() {
        return optimizeMode.equals("maximize") ? OptimizeMode.MAXIMIZE : OptimizeMode.MINIMIZE;
    }
}
