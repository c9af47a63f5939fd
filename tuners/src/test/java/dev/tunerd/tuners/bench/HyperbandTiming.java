package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.fidelity.Reporting;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import dev.tunerd.tuners.hyperband.HyperbandArgs;
import dev.tunerd.tuners.hyperband.HyperbandTuner;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An advisor's time per decision in the state real use produces (issue 13 session 24): {@link HyperbandSim}'s run of
 * a learning-curve problem (results every epoch, full trainings and bracket trials mixed as the advisor schedules
 * them, no budget limit), timed per request and per trial end (which may pay owed requests) for the observations
 * (trials ended) in {@code [mark, mark + width)} for each mark. Unlike {@link AdvisorTiming} (final results only),
 * the full trainings carry their curves, which the payoff checks replay. Prints the bands on stdout.
 * {@code java -cp $CP dev.tunerd.tuners.bench.HyperbandTiming longcrossing 22320 1 hyperband 1000,5000,10000 500}
 * (optionally {@code spend_race=-1}: Hyperband without the spend race, the same run as sessions 7-25's rules,
 * {@code promote_by=value|model|auto}, issue 13 session 29; {@code choice_scout=N}: BOHB's or ASHA's scouts, session 30)
 * (advisor: {@code hyperband}, {@code asha}, {@code asha-tpe} or {@code bohb}).
 */
public final class HyperbandTiming {
    private HyperbandTiming() {
    }

    public static void main(String[] args) {
        if (args.length < 6) {
            throw new IllegalArgumentException(
                "usage: HyperbandTiming PROBLEM SEED WORKERS ADVISOR MARKS WIDTH [spend_race=K] [promote_by=M]"
                    + " [choice_scout=N] [ranked_halving=K] [ranked_chance=A]");
        }
        // the race's own cost: the same run with and without it (issue 13 session 26); the scouts' (session 30)
        Map<String, Double> extra = SimArgs.classArgs(SimArgs.without(args, "promote_by"), 6,
            java.util.Set.of("spend_race", "choice_scout", "ranked_halving", "ranked_chance"));
        Integer ranked = extra.get("ranked_halving") == null ? null : (int) Math.round(extra.get("ranked_halving"));
        Double spendRace = extra.get("spend_race");
        Integer scout = extra.get("choice_scout") == null ? null : (int) Math.round(extra.get("choice_scout"));
        String promoteBy = SimArgs.word(args, 6, "promote_by"); // issue 13 session 29
        long seed = Long.parseLong(args[1]);
        int workers = Integer.parseInt(args[2]);
        String[] m = args[4].split(",");
        long[] marks = new long[m.length];
        for (int i = 0; i < m.length; i++) {
            marks[i] = Long.parseLong(m[i]);
        }
        DecisionLog log = new DecisionLog(marks, Long.parseLong(args[5]));
        Problem problem = Problems.create(args[0], seed);
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        int r = problem.epochs();
        long t0 = System.nanoTime();
        switch (args[3]) {
            case "hyperband" -> HyperbandSim.drive(problem, new HyperbandTuner(HyperbandArgs.defaults()
                .withOptimizeMode("minimize").withR(r).withEta(3).withSpendRace(spendRace).withPromoteBy(promoteBy)
                .withRankedHalving(ranked).withRankedChance(extra.get("ranked_chance")).withSeed(seed), seed, ctx),
                paid, workers, Long.MAX_VALUE, log, Reporting.LOSS);
            case "asha", "asha-tpe" -> HyperbandSim.drive(problem, new AshaTuner(AshaArgs.builder().minBudget(1)
                .maxBudget(r).eta(3).optimizeMode("minimize").sampler(args[3].equals("asha") ? "random" : "tpe")
                .choiceScout(scout).seed(seed).build(), seed), paid, workers, Long.MAX_VALUE, log, Reporting.LOSS);
            case "bohb" -> HyperbandSim.drive(problem, new BohbTuner(BohbArgs.builder().optimizeMode("minimize")
                .minBudget(1).maxBudget(r).eta(3).choiceScout(scout).seed(seed).build(), seed, ctx), paid, workers, Long.MAX_VALUE, log,
                Reporting.LOSS);
            default -> throw new IllegalArgumentException("advisor: hyperband, asha, asha-tpe or bohb");
        }
        System.out.printf("%s %s seed %d, %d workers, R = %d, run %.1f s%n", args[3], args[0], seed, workers, r,
            (System.nanoTime() - t0) / 1e9);
        log.report().forEach(System.out::println);
    }
}
