package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.model.RankScores;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Halving where the full trainings say the values at the rungs rank the best finals ({@code ranked_halving}; issue 13
 * session 32). Where curves do not cross, the configurations that end best are ordered at the rungs as they end, and
 * every full training of a new configuration reports its whole curve, so that agreement is measured on the full
 * trainings alone, before any halving bracket runs. Bracket {@code s} is <em>ranked</em> when it halves at least
 * {@value #MIN_HALVINGS} times and, among the best half (by final value) of the last full trainings with a value at
 * every rung it halves at (at least {@value #MIN_CURVES} of them), Kendall's tau between the value at each such rung
 * and the final value is at least {@value #MIN_TAU}. Only the best half is read: what decides a halving is whether the
 * good configurations keep their order, and on {@code unstable} (fast learners that diverge later) the order of the
 * whole sample crosses while that of its best half holds (tau 0.72 at R/9 against at most 0.35 on the crossing
 * problems, session 32's measurement). A bracket that halves once (at R/3 alone) is never ranked: at that rung most
 * problems whose curves cross rank their best half well too. With {@code ranked_chance} on (the default since session
 * 35, {@link RankedChance}) each rung's tau must also be beyond chance for the looks the rule has had, so that a best
 * half of a few trainings in order by chance no longer ranks a bracket (or a rung, {@link #rungRanked}).
 *
 * <p>A ranked bracket starts whatever the payoff checks say, and a run of halving brackets (those started since the
 * last bracket of full trainings) goes on with the largest ranked bracket for up to {@code run} brackets; then the
 * iteration goes on down to full trainings, which add evidence (and may end the ranking). Everything is read from the
 * evidence and the engine's brackets, so it has no state of its own for a snapshot. Not thread-safe.
 */
final class RankedHalving {
    /**
     * {@code ranked_halving} when the classArgs do not set it: 9, with its guard {@code ranked_chance} on ({@link
     * RankedChance#DEFAULT_ALPHA}) since issue 13 session 35. It was 9 without the guard in session 33 ({@code
     * unstable} far better at a third and at the full budget); session 34's lead found that worse than off on {@code
     * curves} with one worker beyond noise over 600 seeds (7 seeds changed, all worse: a chance order of a few best
     * trainings started halving where curves cross, docs/benchmarks/s34-lead.md) and set -1. With the guard, on
     * held-out seeds 39400-39999, {@code curves} is off's run but for 1-3 seeds of 600 and {@code unstable} keeps most
     * of the gain (docs/benchmarks/s35-hbchance.md).
     */
    static final int DEFAULT_RUN = 9;
    /** Full trainings with a value at every rung of the bracket before it may be ranked. */
    static final int MIN_CURVES = 12;
    /**
     * Full trainings from which a bracket may be ranked sooner, on a best half in the same order at every rung it
     * halves at ({@value #EARLY_TAU}; session 33: the earlier halving brackets fit more of them into a third of the
     * epochs).
     */
    static final int EARLY_CURVES = 8;
    /** Kendall's tau each rung needs on fewer than {@value #MIN_CURVES} trainings: no pair out of order. */
    static final double EARLY_TAU = 1.0;
    /** Kendall's tau of rung value and final value among the best half that each rung of the bracket needs. */
    static final double MIN_TAU = 0.6;
    /** Halvings a ranked bracket makes at least ({@code s}): the R/9 rung must rank too, not R/3 alone. */
    static final int MIN_HALVINGS = 2;

    private final BracketPlan plan;
    private final int run;
    /** {@code ranked_chance}: the guard against an order by chance (null: off, the tiers alone). */
    private final RankedChance chance;

    RankedHalving(BracketPlan plan, int run) {
        this(plan, run, null);
    }

    /** The rule of {@code settings} for {@code plan}, guarded by {@code ranked_chance} when it is on; null when off. */
    static RankedHalving of(BracketPlan plan, PayoffSettings settings) {
        if (settings.rankedHalving() < 0) {
            return null;
        }
        return new RankedHalving(plan, settings.rankedHalving(),
            settings.rankedChance() < 0 ? null : new RankedChance(settings.rankedChance()));
    }

    RankedHalving(BracketPlan plan, int run, RankedChance chance) {
        this.plan = plan;
        this.run = run;
        this.chance = chance;
    }

    /** Whether bracket {@code s} is ranked on {@code curves} (values at the largest bracket's rungs, then final). */
    boolean ranked(List<double[]> curves, int s) {
        int sMax = plan.sMax();
        if (s < MIN_HALVINGS || s > sMax) {
            return false;
        }
        return bestHalfOrdered(curves, s, sMax - s, sMax - 1);
    }

    /**
     * Whether, among the best half by final value of the trainings of {@code curves} usable for bracket {@code s},
     * Kendall's tau of the value at each rung {@code from..to} with the final value reaches {@value #MIN_TAU}
     * ({@value #EARLY_TAU} on fewer than {@value #MIN_CURVES}; never on fewer than {@value #EARLY_CURVES}).
     */
    private boolean bestHalfOrdered(List<double[]> curves, int s, int from, int to) {
        int sMax = plan.sMax();
        List<double[]> usable = BracketPayoff.usable(curves, sMax, s); // a fresh list, sorted below
        if (usable.size() < EARLY_CURVES) {
            return false;
        }
        double need = usable.size() < MIN_CURVES ? EARLY_TAU : MIN_TAU;
        usable.sort(Comparator.comparingDouble(c -> c[sMax])); // stable: ties keep the order of ends
        List<double[]> bestHalf = usable.subList(0, (usable.size() + 1) / 2);
        double[] finals = column(bestHalf, sMax);
        for (int k = from; k <= to; k++) {
            double tau = RankScores.kendall(column(bestHalf, k), finals);
            if (!(tau >= need) || chance != null && !chance.beyondChance(tau, bestHalf.size(), usable.size())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the rule starts bracket {@code s} now: the run is open, {@code s} is ranked on {@code curves}, and main's
     * own check does not say the largest bracket pays ({@code largestPays}, read last: it replays brackets).
     */
    boolean starts(BracketEngine engine, List<double[]> curves, int s, BooleanSupplier largestPays) {
        return runOpen(engine) && ranked(curves, s) && !largestPays.getAsBoolean();
    }

    /** Whether the rule starts the iteration again at its largest bracket, on the terms of {@link #starts}. */
    boolean restarts(BracketEngine engine, List<double[]> curves, BooleanSupplier largestPays) {
        return runOpen(engine) && anyRanked(curves) && !largestPays.getAsBoolean();
    }

    /**
     * Whether rung {@code k} of the largest bracket ranks the best half on {@code curves}, by the test of {@link
     * #ranked} for that rung alone ({@link RankedPromotion}).
     */
    boolean rungRanked(List<double[]> curves, int k) {
        int sMax = plan.sMax();
        return k >= 0 && k < sMax && bestHalfOrdered(curves, sMax - k, k, k);
    }

    /** Whether some bracket is ranked on {@code curves}. */
    boolean anyRanked(List<double[]> curves) {
        for (int s = plan.sMax(); s >= MIN_HALVINGS; s--) {
            if (ranked(curves, s)) {
                return true;
            }
        }
        return false;
    }

    /** Kendall's tau (tau-a: a tie in either column counts 0) of columns {@code k} and {@code f} of {@code rows}. */
    static double tau(List<double[]> rows, int k, int f) {
        return RankScores.kendall(column(rows, k), column(rows, f));
    }

    /** Column {@code k} of {@code rows} (finite values: {@link BracketPayoff#usable} keeps only those). */
    private static double[] column(List<double[]> rows, int k) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.get(i)[k];
        }
        return out;
    }

    /** Halving brackets started since the engine's last bracket of full trainings ({@code s = 0}). */
    static int halvingRun(BracketEngine engine) {
        int n = 0;
        for (int i = engine.brackets.size() - 1; i >= 0 && engine.brackets.get(i).s > 0; i--) {
            n++;
        }
        return n;
    }

    /** Whether the run of halving brackets may go on with a ranked bracket. */
    boolean runOpen(BracketEngine engine) {
        return halvingRun(engine) < run;
    }
}
