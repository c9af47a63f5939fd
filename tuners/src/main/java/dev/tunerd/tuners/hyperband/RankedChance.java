package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Normal;

/**
 * {@code ranked_chance} (issue 13 session 35): the guard that keeps {@link RankedHalving} from firing on an order its
 * trainings show by chance. The rule looks at every new full training; on {@code curves} (curves that cross) the best
 * half of 8-12 trainings was now and then in order at R/9 and R/3 by chance, the rule fired and its brackets then lost
 * the good configurations at their cuts (docs/benchmarks/s34-lead.md section 2). With the guard on, each rung's
 * Kendall's tau among the best half must also be significant: its exact one-sided p-value under a random order of the
 * best half ({@link #pValue}: the share of the {@code n!} orders with as few pairs out of order) at most {@code alpha}
 * divided by the number of looks the rule has had (a look per full training from {@value RankedHalving#EARLY_CURVES}
 * on: {@code usable - EARLY_CURVES + 1}), so that the chance of a firing on a random order grows only slowly with the
 * length of the run. Every rung of the bracket must pass (each at the level, which bounds the chance of all passing).
 * Stateless but for a table of the exact distribution built once per class. Thread-safe.
 */
final class RankedChance {
    /** The level tuned on seeds 39200-39399 (session 35, docs/benchmarks/s35-hbchance.md). */
    static final double TUNED_ALPHA = 0.02;
    /**
     * {@code ranked_chance} when the classArgs do not set it: {@link #TUNED_ALPHA} since session 35, with {@code
     * ranked_halving: 9} (-1: off, the rule's tiers alone, as in sessions 32-34).
     */
    static final double DEFAULT_ALPHA = TUNED_ALPHA;
    /** Largest best half whose p-value is exact; above it a normal approximation of tau (variance 2(2n+5)/9n(n-1)). */
    static final int MAX_EXACT = 60;
    /** CUMULATIVE[n][d]: the share of the orders of {@code n} items with at most {@code d} pairs out of order. */
    private static final double[][] CUMULATIVE = cumulative(MAX_EXACT);

    private final double alpha;

    RankedChance(double alpha) {
        this.alpha = alpha;
    }

    /**
     * Whether a tau of {@code tau} among a best half of {@code n} trainings, at the look the rule has on {@code usable}
     * trainings, is beyond chance: its p-value at most {@code alpha / looks}.
     */
    boolean beyondChance(double tau, int n, int usable) {
        int looks = Math.max(1, usable - RankedHalving.EARLY_CURVES + 1);
        return pValue(tau, n) <= alpha / looks;
    }

    /**
     * The one-sided p-value of Kendall's tau-a {@code tau} among {@code n} items: the chance that a random order of them
     * has at most as many discordant pairs as {@code tau} says ({@code (1 - tau) n (n - 1) / 4}, rounded up, so a tie,
     * which tau-a counts as neither, counts as half a discordant pair and no p-value is smaller than its data's). 1 for
     * fewer than two items or a tau that is not a number.
     */
    static double pValue(double tau, int n) {
        if (n < 2 || !(tau >= -1)) {
            return 1;
        }
        int pairs = n * (n - 1) / 2;
        int discordant = (int) Math.ceil((1 - Math.min(tau, 1)) * pairs / 2 - 1e-9);
        discordant = Math.max(0, Math.min(pairs, discordant));
        if (n <= MAX_EXACT) {
            return Math.min(1, CUMULATIVE[n][discordant]);
        }
        double t = 1 - 2.0 * discordant / pairs;
        double sd = Math.sqrt(2.0 * (2 * n + 5) / (9.0 * n * (n - 1)));
        return Normal.cdf(-t / sd); // the chance that a standard normal exceeds t / sd
    }

    /**
     * The exact distribution of the number of pairs out of order (inversions) in a random order of {@code n} items, as
     * cumulative shares, for every {@code n} up to {@code max}: an order of {@code n} is one of {@code n - 1} with the
     * last item put at one of {@code n} places, each adding 0 to {@code n - 1} inversions, equally likely.
     */
    static double[][] cumulative(int max) {
        double[][] out = new double[max + 1][];
        double[] density = {1};
        out[0] = new double[] {1};
        for (int n = 1; n <= max; n++) {
            int maxInv = n * (n - 1) / 2;
            double[] next = new double[maxInv + 1];
            double window = 0; // the sum of density[d - n + 1 .. d]
            for (int d = 0; d <= maxInv; d++) {
                if (d < density.length) {
                    window += density[d];
                }
                if (d - n >= 0 && d - n < density.length) {
                    window -= density[d - n];
                }
                next[d] = window / n;
            }
            density = next;
            double[] cum = new double[maxInv + 1];
            double sum = 0;
            for (int d = 0; d <= maxInv; d++) {
                sum += density[d];
                cum[d] = sum;
            }
            out[n] = cum;
        }
        return out;
    }
}
