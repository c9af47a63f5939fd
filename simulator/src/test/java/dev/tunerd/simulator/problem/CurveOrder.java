package dev.tunerd.simulator.problem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Do a learning-curve problem's curves cross where Hyperband halves? (issue 13 session 28.) Issue 13 asks that "where
 * curves do not cross" Hyperband reach random search's final incumbent with at most a third of the epochs; this
 * measures which problems that is. It draws {@code N} random configurations from the problem's search space (as
 * NNI's random tuner and Hyperband draw them; generator seeded by {@code SEED}, the problem's noise by the same
 * seed), evaluates their curves as an advisor sees them (with the noise), and prints, at every rung budget of
 * Hyperband with eta = 3 and {@code R} = the problem's epochs ({@code floor(R / 3^k)}, k = 1 .. floor(log3 R)) and at
 * the final epoch, the {@link RungOrder.Reading}: Spearman's rank correlation of the rung value with the noise-free
 * final value (all configurations; the best quarter by final), and the mean probability that a configuration among
 * the best 1 % / 5 % by final value survives a halving at that rung, that is, is in the top third by rung value of a
 * random group of {@code GROUP} (default 81: the exact hypergeometric probability given its rank among all N). At the
 * final epoch the "rung value" is the noisy final value the incumbent is picked by.
 * <p>{@code CurveOrder PROBLEM SEED N [GROUP]}: one problem; {@code CurveOrder all SEED,SEED N [GROUP]}: the Markdown
 * table of issue 13's sixteen learning-curve problems with {@link #RULE}'s verdict per seed, then the problems it
 * calls non-crossing (those that pass on every seed). Run from the simulator's test classes, e.g.
 * {@code java -cp simulator/target/test-classes:simulator/target/classes:tunerd/target/tunerd.jar
 * dev.tunerd.simulator.problem.CurveOrder all 25400,25401 2000}.
 */
public final class CurveOrder {
    /** Issue 13's sixteen learning-curve problems, in the order they were built. */
    static final List<String> SIXTEEN = List.of("curves", "crossing", "longcurves", "longcrossing", "curves60",
        "stepdecay", "overfit", "noisycurves", "warmcosine", "unstable", "noisystart", "adamsgd", "sgdr", "plateau",
        "labelnoise", "finetune");
    /**
     * The rule, fixed before it was applied: curves "do not cross" when a configuration among the best 1 % by final
     * value survives the halving at R/9 and the one at R/3 each with probability at least this (groups of 81).
     */
    static final double RULE = 0.90;
    private static final double EPSILON = 1e-6;

    private CurveOrder() {
    }

    public static void main(String[] args) {
        if (args.length < 3 || args.length > 4) {
            throw new IllegalArgumentException("usage: CurveOrder PROBLEM|all SEED[,SEED...] N [GROUP]");
        }
        int n = Integer.parseInt(args[2]);
        int group = args.length > 3 ? Integer.parseInt(args[3]) : 81;
        if (n < 100 || group < 3 || group > n) {
            throw new IllegalArgumentException("N must be at least 100 and GROUP in 3..N, got " + n + " and " + group);
        }
        List<Long> seeds = new ArrayList<>();
        for (String s : args[1].split(",")) {
            seeds.add(Long.parseLong(s.trim()));
        }
        if (args[0].equals("all")) {
            System.out.print(table(seeds, n, group));
        } else {
            for (long seed : seeds) {
                System.out.print(detail(Problems.create(args[0], seed), seed, n, group));
            }
        }
    }

    /** Hyperband's rung budgets below {@code r} at eta = 3, smallest first: floor(r / 3^k), k = floor(log3 r) .. 1. */
    static int[] rungs(int r) {
        int sMax = (int) Math.floor(Math.log(r) / Math.log(3) + EPSILON);
        int[] out = new int[sMax];
        for (int k = sMax; k >= 1; k--) {
            out[sMax - k] = Math.max(1, (int) Math.floor(r / Math.pow(3, k) + EPSILON));
        }
        return out;
    }

    /** The readings of {@code problem} at each rung of {@link #rungs} and at its final epoch, in that order. */
    static List<RungOrder.Reading> measure(Problem problem, long seed, int n, int group) {
        int r = problem.epochs();
        SplittableRandom draws = new SplittableRandom(seed);
        double[][] curves = new double[n][];
        double[] finals = new double[n];
        for (int i = 0; i < n; i++) {
            Trajectory t = problem.evaluate(SpaceSampler.draw(problem.searchSpace(), draws));
            curves[i] = t.perEpoch();
            finals[i] = t.trueFinal();
        }
        List<RungOrder.Reading> out = new ArrayList<>();
        int[] budgets = rungs(r);
        for (int b = 0; b <= budgets.length; b++) {
            int budget = b < budgets.length ? budgets[b] : r;
            double[] atRung = new double[n];
            for (int i = 0; i < n; i++) {
                atRung[i] = curves[i][budget - 1];
            }
            out.add(RungOrder.read(budget, atRung, finals, group));
        }
        return out;
    }

    /**
     * Whether {@code readings} (as {@link #measure} returns them) pass {@link #RULE}: the best 1 % survive the halving
     * at R/9 and at R/3 with probability at least {@link #RULE} each.
     */
    static boolean passes(List<RungOrder.Reading> readings) {
        int rungCount = readings.size() - 1;
        return rungCount >= 2 && readings.get(rungCount - 1).survival()[0] >= RULE
            && readings.get(rungCount - 2).survival()[0] >= RULE;
    }

    private static String detail(Problem problem, long seed, int n, int group) {
        List<RungOrder.Reading> readings = measure(problem, seed, n, group);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s (R = %d), seed %d, %d configurations,"
            + " halving in random groups of %d (top %d kept); the rule (best 1 %% kept >= %.2f at R/9 and R/3): %s%n",
            problem.name(), problem.epochs(), seed, n, group, group / 3, RULE, passes(readings) ? "passes" : "fails"));
        sb.append("rung,epochs,spearman,spearman_best_quarter,kept_best_1%,kept_best_5%\n");
        for (int i = 0; i < readings.size(); i++) {
            RungOrder.Reading x = readings.get(i);
            sb.append(String.format(Locale.ROOT, "%s,%d,%.3f,%.3f,%.3f,%.3f%n", label(i, readings.size()),
                x.budget(), x.spearman(), x.spearmanQuarter(), x.survival()[0], x.survival()[1]));
        }
        return sb.toString();
    }

    /** "R/3^k" for the rungs, "final" for the last reading. */
    private static String label(int index, int size) {
        int k = size - 1 - index;
        return k == 0 ? "final" : "R/" + (int) Math.pow(3, k);
    }

    private static String table(List<Long> seeds, int n, int group) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d configurations per problem and seed,"
            + " halving in random groups of %d; columns at R/27, R/9, R/3 and the final epoch ('-': no such rung)%n%n"
            + "| problem | R | seed | best 1 %% kept | best 5 %% kept | Spearman, all | Spearman, best quarter"
            + " | rule (>= %.2f at R/9, R/3) |%n|---|---|---|---|---|---|---|---|%n", n, group, RULE));
        List<String> nonCrossing = new ArrayList<>();
        for (String name : SIXTEEN) {
            boolean all = true;
            for (long seed : seeds) {
                Problem p = Problems.create(name, seed);
                List<RungOrder.Reading> readings = measure(p, seed, n, group);
                boolean pass = passes(readings);
                all &= pass;
                sb.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %s | %s | %s | %s | %s |%n", name,
                    p.epochs(), seed, column(readings, x -> x.survival()[0]), column(readings, x -> x.survival()[1]),
                    column(readings, RungOrder.Reading::spearman), column(readings, RungOrder.Reading::spearmanQuarter),
                    pass ? "passes" : "fails"));
            }
            if (all) {
                nonCrossing.add(name);
            }
        }
        return sb.append(String.format("%nNon-crossing by the rule (passes on every seed): %s%n",
            nonCrossing.isEmpty() ? "none" : String.join(", ", nonCrossing))).toString();
    }

    /** The values at R/27, R/9, R/3 and the final epoch, "-" for a rung the problem's R does not have. */
    private static String column(List<RungOrder.Reading> readings, java.util.function.ToDoubleFunction<
            RungOrder.Reading> value) {
        List<String> cells = new ArrayList<>();
        int last = readings.size() - 1;
        for (int k = 3; k >= 0; k--) {
            int index = last - k;
            cells.add(index < 0 ? "-" : String.format(Locale.ROOT, "%.2f", value.applyAsDouble(readings.get(index))));
        }
        return String.join(" / ", cells);
    }
}
