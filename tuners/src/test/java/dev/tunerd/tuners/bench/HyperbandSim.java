package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.fidelity.Reporting;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import dev.tunerd.tuners.common.RungValue;
import dev.tunerd.tuners.hyperband.HyperbandArgs;
import dev.tunerd.tuners.hyperband.HyperbandTuner;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * Hyperband on a learning-curve problem of the simulator in process, as {@code tunerd bench multifidelity} runs it
 * through the daemon (budget 100 full trainings, every epoch one unit of virtual time, results per epoch, then FINAL
 * and EN and a new request), but with every message handed to the tuner in order at once: with one worker the payoff
 * check's decisions are a function of the settled evidence, so the runs repeat the daemon's one-worker runs; with
 * more it is the wire order, which the daemon also keeps since issue 13 session 10. A tuning aid (issue 13 session 10; on
 * seeds 0-19 and 3300-3319 it gave the daemon's one-worker means to the last digit): prints per seed the regret at 25
 * / 33 / 50 / 100 % and the brackets started in the first third, then the means. A Hyperband whose checks never let a
 * halving bracket start ({@code screen_margin=-1 payoff_margin=10 early_margin=-1 repeat_largest=-1 thin_margin=-1
 * realized_share=-1 ranked_halving=-1}; {@code ranked_halving=-1} is needed: its default is 9 with {@code
 * ranked_chance} 0.02 since session 35, as it was 9 in session 33)
 * draws random search's configurations, so it gives random search's rows. With 4 workers (issue 13 session 11) its
 * means equal the daemon's (seeds 0-19: 0.0176 at a third). {@code -Dsim.execMode=serial} runs
 * NNI's serial mode. After the means: the workers' utilisation and the virtual time (epochs per worker) at a third
 * of the budget and at its end, over all seeds (issue 13 session 12: what a schedule leaves idle). On stderr: the
 * tuner's time per request (requests and trial ends, which may pay owed requests). {@code -Dsim.issues=true} (issue 13
 * session 13) prints every start ({@code I step id budget}) and end ({@code E step id wireId}), from which each
 * bracket's rounds can be timed.
 * {@code -Dsim.maximize=true} (issue 13 session 25) runs the mirror: every result is reported as the score
 * {@code 1 - loss / 4} and Hyperband is given {@code optimize_mode: maximize} ({@link Reporting#SCORE}); the incumbent
 * is the highest final score, its regret still the true loss, so the output should equal the minimising run's.
 * {@code -Dsim.advisor=bohb|bohb-kde|asha|asha-tpe} runs that advisor instead, set as {@code bench multifidelity}'s
 * contender of that name (the classArgs on the command line are Hyperband's and do not apply to it, but for
 * {@code rung_share} and {@code rung_trend}, which are theirs; issue 13 session 26). Diagnosis switches of issue 13
 * session 26 (where noise costs a run): {@code -Dsim.pick=oracle|SHARE} (how the incumbent is picked) and
 * {@code -Dsim.denoise=N} with {@code -Dsim.denoiseFrom=E} (what the tuner is told); see their fields.
 * {@code java -cp $CP dev.tunerd.tuners.bench.HyperbandSim longcurves 5000 20 1 [classArg=number ...]
 * [promote_by=value|model|auto]}.
 */
public final class HyperbandSim {
    private HyperbandSim() {
    }

    /** What the trials report: the loss, or with {@code -Dsim.maximize=true} its mirror to maximise. */
    static final Reporting REPORTING = Boolean.getBoolean("sim.maximize") ? Reporting.SCORE : Reporting.LOSS;

    private static final class Run {
        long id;
        Trajectory curve;
        /** What the tuner is told after each epoch: the curve's values, or with {@code -Dsim.denoise} their mean. */
        double[] fed;
        int budget;
        /** The configuration without its budget (for {@code -Dsim.draws}). */
        JsonObject params;
        int epochs;
        double next;
        long order;
    }

    public static void main(String[] args) {
        SimArgs.Seeds a = SimArgs.Seeds.parse(args, "HyperbandSim PROBLEM FIRST_SEED SEEDS WORKERS [key=value...]");
        String problemName = a.problem();
        long first = a.first();
        int seeds = a.seeds();
        int workers = a.workers();
        promoteBy = SimArgs.word(args, 4, "promote_by");
        Map<String, Double> extra = SimArgs.classArgs(SimArgs.without(args, "promote_by"), 4, CLASS_ARGS);
        double[] sums = new double[4];
        for (long seed = first; seed < first + seeds; seed++) {
            double[] r = run(Problems.create(problemName, seed), seed, workers, extra);
            System.out.printf("%d,%.5f,%.5f,%.5f,%.5f,%s%n", seed, r[0], r[1], r[2], r[3], SCHEDULE);
            SCHEDULE.setLength(0);
            lastKey = "";
            for (int k = 0; k < 4; k++) {
                sums[k] += r[k];
            }
        }
        System.out.printf("mean,%.5f,%.5f,%.5f,%.5f%n", sums[0] / seeds, sums[1] / seeds, sums[2] / seeds,
            sums[3] / seeds);
        System.out.printf("utilisation %.1f %%, virtual time (epochs per worker) at a third %.0f, at the end %.0f%n",
            100 * busy / elapsed, thirdTime / seeds, elapsed / workers / seeds);
        System.err.printf("requests %d, tuner time in requests and ends %.3f ms per request, worst request %.3f ms"
            + " (CPU shared: an upper bound)%n", requests, requestNanos / 1e6 / requests, worstRequestNanos / 1e6);
    }

    /** Over all seeds: epochs trained, workers times virtual time, and the virtual time at a third of the budget. */
    private static double busy;
    private static double elapsed;
    private static double thirdTime;
    private static long requestNanos;
    private static long worstRequestNanos;
    private static long requests;

    /** {@code promote_by=value|model|auto} of the command line (issue 13 session 29), or null (its default). */
    static String promoteBy;

    /** The classArgs {@link #run} reads from the command line. */
    static final java.util.Set<String> CLASS_ARGS = java.util.Set.of("rank_agreement", "payoff_margin",
        "screen_margin", "repeat_largest", "early_margin", "realized_share", "thin_margin", "realized_floor",
        "realized_winners", "repeat_losing", "separate_streams", "recheck_all", "hold_for_decisions", "largest_first",
        "firm_margin", "chance_depth", "winner_veto", "refresh_every", "refresh_below", "wait_for_verdict",
        "rung_share", "rung_trend", "choice_scout", "random_fraction", "min_points_in_model", "spend_race",
        "race_trailing", "race_outlook", "replay_by_model", "ranked_halving", "ranked_chance");

    /** A whole-number classArg of the command line, rounded, or null (its default) when it is not given. */
    private static Integer whole(Map<String, Double> extra, String key) {
        return extra.containsKey(key) ? (int) Math.round(extra.get(key)) : null;
    }

    /** A true/false classArg of the command line (0: false), or null (its default) when it is not given. */
    private static Boolean flag(Map<String, Double> extra, String key) {
        return extra.containsKey(key) ? extra.get(key) != 0 : null;
    }

    /** Regret at 25, 33, 50 and 100 % of the budget. */
    static double[] run(Problem problem, long seed, int workers, Map<String, Double> extra) {
        int epochs = problem.epochs();
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        HyperbandArgs a = HyperbandArgs.defaults().withOptimizeMode(REPORTING.mode().toString()).withR(epochs)
            .withEta(3)
            .withExecMode(System.getProperty("sim.execMode", "parallelism"))
            .withRankAgreement(extra.get("rank_agreement")).withPayoffMargin(extra.get("payoff_margin")).withScreenMargin(extra.get("screen_margin"))
            .withRepeatLargest(extra.get("repeat_largest")).withEarlyMargin(extra.get("early_margin"))
            .withRealizedShare(extra.get("realized_share")).withThinMargin(extra.get("thin_margin"))
            .withRealizedFloor(whole(extra, "realized_floor")).withRealizedWinners(whole(extra, "realized_winners"))
            .withRepeatLosing(flag(extra, "repeat_losing")).withSeparateStreams(flag(extra, "separate_streams"))
            .withRecheckAll(flag(extra, "recheck_all")).withHoldForDecisions(flag(extra, "hold_for_decisions"))
            .withLargestFirst(flag(extra, "largest_first")).withFirmMargin(extra.get("firm_margin"))
            .withChanceDepth(whole(extra, "chance_depth")).withWinnerVeto(flag(extra, "winner_veto"))
            .withRefreshEvery(whole(extra, "refresh_every")).withRefreshBelow(whole(extra, "refresh_below"))
            .withWaitForVerdict(flag(extra, "wait_for_verdict"))
            .withSpendRace(extra.get("spend_race")).withRaceTrailing(extra.get("race_trailing"))
            .withRaceOutlook(extra.get("race_outlook")).withPromoteBy(promoteBy)
            .withReplayByModel(flag(extra, "replay_by_model"))
            .withRankedHalving(whole(extra, "ranked_halving")).withRankedChance(extra.get("ranked_chance"))
            .withSeed(seed);
        String mode = REPORTING.mode().toString();
        runSeed = seed;
        String advisor = System.getProperty("sim.advisor", "hyperband");
        return switch (advisor) { // the other advisors as bench multifidelity's contenders of that name set them
            case "hyperband" -> drive(problem, new HyperbandTuner(a, seed, ctx), paid, workers, 100L * epochs, null,
                REPORTING);
            case "bohb", "bohb-kde" -> drive(problem, new BohbTuner(BohbArgs.builder().optimizeMode(mode).minBudget(1)
                .maxBudget(epochs).eta(3).sampler(advisor.equals("bohb") ? "tpe" : "kde").rungShare(extra.get("rung_share"))
                .randomFraction(extra.get("random_fraction")).minPointsInModel(whole(extra, "min_points_in_model"))
                .choiceScout(whole(extra, "choice_scout"))
                .rungTrend(flag(extra, "rung_trend")).seed(seed).build(), seed,
                ctx), paid, workers, 100L * epochs, null, REPORTING);
            case "asha", "asha-tpe" -> drive(problem, new AshaTuner(AshaArgs.builder().optimizeMode(mode)
                .minBudget(Math.max(1, epochs / 9)).maxBudget(epochs).eta(3)
                .sampler(advisor.equals("asha") ? "random" : "tpe").rungShare(extra.get("rung_share"))
                .choiceScout(whole(extra, "choice_scout"))
                .rungTrend(flag(extra, "rung_trend")).seed(seed).build(), seed), paid, workers,
                100L * epochs, null, REPORTING);
            default -> throw new IllegalArgumentException("-Dsim.advisor: hyperband, bohb, bohb-kde, asha or asha-tpe");
        };
    }

    /**
     * Runs {@code tuner} (any advisor that reads intermediate results; {@code paid}: where its context's sender puts
     * owed ids) on {@code problem} for {@code budget} epochs, or until {@code log} is full ({@link HyperbandTiming});
     * regret at 25, 33, 50 and 100 % of {@code budget}. The trials report as {@code reporting} maps the loss (the
     * tuner's {@code optimize_mode} must be {@code reporting.mode()}).
     */
    static <T extends Tuner & NamesParameterIds & ReceivesIntermediateResults> double[] drive(Problem problem,
            T tuner, Map<Long, JsonValue> paid, int workers, long budget, DecisionLog log, Reporting reporting) {
        int epochs = problem.epochs();
        tuner.updateSearchSpace(problem.searchSpace());
        PriorityQueue<Run> events = new PriorityQueue<>((x, y) -> x.next != y.next ? Double.compare(x.next, y.next)
            : Long.compare(x.order, y.order));
        List<Long> waiting = new ArrayList<>();
        long nextId = 0;
        long started = 0;
        long spent = 0;
        double now = 0;
        double incumbentObserved = reporting.worst();
        double incumbentTrue = Double.NaN;
        double[] shares = {0.25, 1.0 / 3, 0.5, 1.0};
        double[] out = new double[4];
        int free = workers;
        while (spent < budget && (log == null || !log.full())) {
            for (int i = 0; i < waiting.size(); i++) { // owed ids paid since, first: the daemon sends
                // them from the trial end, before its answer to the request that follows (BudgetedManager)
                JsonValue p = paid.remove(waiting.get(i));
                if (p != null) {
                    trace(tuner, waiting.get(i), spent, budget);
                    Run r = start(problem, waiting.get(i), p, now, started++);
                    traceDraw(tuner, waiting.get(i), r, problem, spent);
                    traceRound(tuner, waiting.remove(i--), r, problem);
                    events.add(r);
                }
            }
            while (free > 0) { // requests
                long id = nextId++;
                long c0 = log == null ? 0 : DecisionLog.cpu();
                long t0 = System.nanoTime();
                List<JsonValue> p = tuner.generateMultipleParameters(List.of(id));
                long took = System.nanoTime() - t0;
                requestNanos += took;
                worstRequestNanos = Math.max(worstRequestNanos, took);
                requests++;
                if (log != null) {
                    log.request(took, DecisionLog.cpu() - c0);
                }
                free--;
                if (p.isEmpty()) {
                    waiting.add(id);
                } else {
                    trace(tuner, id, spent, budget);
                    Run r = start(problem, id, p.get(0), now, started++);
                    traceRound(tuner, id, r, problem);
                    traceDraw(tuner, id, r, problem, spent);
                    events.add(r);
                }
            }
            Run t = events.poll();
            if (t == null) {
                break;
            }
            now = t.next;
            double loss = t.curve.at(t.epochs);
            double value = reporting.reported(t.fed[t.epochs]);
            tuner.receiveIntermediateResult(new IntermediateResult(t.id, "sim", t.epochs, JsonFloat.of(value)));
            t.epochs++;
            spent++;
            if (t.epochs >= t.budget) {
                tuner.receiveTrialResult(new TrialResult(t.id, JsonObject.EMPTY, JsonFloat.of(value), false,
                    Optional.empty()));
                if (ISSUES) {
                    System.out.printf("E %.0f %d %s%n", now, t.id, tuner.wireParameterId(t.id));
                }
                long c0 = log == null ? 0 : DecisionLog.cpu();
                long t0 = System.nanoTime();
                tuner.trialEnd(t.id, true); // pays owed requests, so it may decide too
                long took = System.nanoTime() - t0;
                requestNanos += took;
                if (log != null) {
                    log.end(took, DecisionLog.cpu() - c0);
                }
                if (TRACE && t.budget >= epochs) {
                    System.out.printf("    full %s at %d: observed %.4f true regret %.4f%n",
                        tuner.wireParameterId(t.id), spent, loss - problem.optimum(),
                        t.curve.trueFinal() - problem.optimum());
                }
                double observed = reporting.reported(ORACLE_PICK ? t.curve.trueFinal()
                    : PICK_SHARE > 0 ? new RungValue(PICK_SHARE, false).of(Arrays.stream(t.curve.perEpoch())
                        .limit(t.epochs).boxed().toList()) : loss);
                if (t.budget >= epochs && reporting.better(observed, incumbentObserved)) {
                    incumbentObserved = observed;
                    incumbentTrue = t.curve.trueFinal();
                }
                free++;
            } else {
                t.next = now + 1;
                events.add(t);
            }
            for (int k = 0; k < 4; k++) {
                if (spent == (long) Math.ceil(shares[k] * budget)) {
                    out[k] = incumbentTrue - problem.optimum();
                    thirdTime += k == 1 ? now : 0;
                }
            }
        }
        busy += spent;
        elapsed += workers * now;
        if (TRACE) {
            ROUNDS.forEach((k, v) -> System.out.printf("  bracket %s best true regret by round: %s%n", k,
                java.util.Arrays.toString(v)));
            ROUNDS.clear();
        }
        return out;
    }

    /** {@code -Dsim.trace=true}: every bracket start, full training and the best configuration of every round. */
    private static final boolean TRACE = Boolean.getBoolean("sim.trace");
    private static String lastKey = "";
    /** The {@code s} of every bracket started in the first third of the budget, this seed (the CSV's last column). */
    private static final StringBuilder SCHEDULE = new StringBuilder();

    private static void trace(NamesParameterIds tuner, long id, long spent, long budget) {
        String w = tuner.wireParameterId(id);
        String key = w.substring(0, w.indexOf('_'));
        if (key.equals(lastKey)) {
            return;
        }
        lastKey = key;
        if (3 * spent < budget) {
            SCHEDULE.append(key.substring(key.indexOf('-') + 1));
        }
        if (TRACE) {
            System.out.printf("  %5d %s%n", spent, key);
        }
    }

    /**
     * {@code -Dsim.draws=true} (issue 13 session 29, a diagnosis of the samplers): every trial's start as a line
     * {@code D spent wireId budget modelBudget trueFinalRegret params}, where modelBudget is the budget whose model
     * draws new configurations at that moment (BOHB and ASHA; -1 when none does).
     */
    private static final boolean DRAWS = Boolean.getBoolean("sim.draws");

    private static void traceDraw(NamesParameterIds tuner, long id, Run r, Problem problem, long spent) {
        if (DRAWS) {
            int model = tuner instanceof BohbTuner b ? b.modelBudget() : tuner instanceof AshaTuner a
                ? a.modelBudget() : -1;
            System.out.printf("D %d %s %d %d %.4f %s%n", spent, tuner.wireParameterId(id), r.budget, model,
                r.curve.trueFinal() - problem.optimum(), r.params);
        }
    }

    /** Per bracket key and round: the best true final regret among its configurations (trace only). */
    static final java.util.TreeMap<String, double[]> ROUNDS = new java.util.TreeMap<>();

    private static void traceRound(NamesParameterIds tuner, long id, Run r, Problem problem) {
        if (TRACE) {
            String[] w = tuner.wireParameterId(id).split("_");
            double[] best = ROUNDS.computeIfAbsent(w[0], k -> new double[] {9, 9, 9, 9, 9});
            int round = Integer.parseInt(w[1]);
            best[round] = Math.min(best[round], r.curve.trueFinal() - problem.optimum());
        }
    }

    /**
     * {@code -Dsim.denoise=N} (issue 13 session 26, a diagnosis): the tuner is told, after each epoch, the mean of the
     * curve's value and the same configuration's values under {@code N} other noise draws (nearly the noise-free
     * curve for large N), while the incumbent is still picked by the curve's own noisy final values: how much of a
     * run's regret the noise costs the tuner's decisions (promotions, models, checks).
     */
    private static final int DENOISE = Integer.getInteger("sim.denoise", 0);
    /** {@code -Dsim.denoiseFrom=E}: only the reports of epochs E and later are averaged (1 by default: all). */
    private static final int DENOISE_FROM = Math.max(1, Integer.getInteger("sim.denoiseFrom", 1));
    /** The seed of the run in progress (the other noise draws of {@link #DENOISE} derive from it). */
    private static long runSeed;
    /**
     * {@code -Dsim.pick=oracle} (issue 13 session 26, a diagnosis): the incumbent is the full training with the best
     * noise-free final value instead of the best reported one: how much of a run's regret is the pick under noise.
     */
    private static final boolean ORACLE_PICK = "oracle".equals(System.getProperty("sim.pick"));
    /**
     * {@code -Dsim.pick=0.33} (a share, issue 13 session 26): the incumbent is the full training with the best mean of
     * its last third of reports (as a trial that reports that mean as its final result would be picked), the tuner
     * still being told the reports as they are.
     */
    private static final double PICK_SHARE = ORACLE_PICK ? 0 : Double.parseDouble(System.getProperty("sim.pick", "0"));

    /**
     * {@code -Dsim.promote=oracle} (issue 13 session 29, a diagnosis): a trial issued with a budget below the horizon
     * reports its configuration's noise-free final value at every epoch, so every promotion ranks by the true final
     * value, while full trainings (and the checks' evidence, read from them) report their curves as they are: a bound
     * on what a better promotion rule could gain.
     */
    private static final boolean ORACLE_PROMOTE = System.getProperty("sim.promote", "").startsWith("oracle");
    /**
     * {@code -Dsim.promote=oracle:K} (0 <= K <= 1): a partial training reports its noise-free final value plus K times
     * the gap between what its curve says and that value, a predictor that removes {@code 1 - K} of the error of
     * the value at the rung; 0 (plain {@code oracle}) is the truth, 1 is the curve as it is.
     */
    private static final double ORACLE_KEEP = System.getProperty("sim.promote", "").startsWith("oracle:")
        ? Double.parseDouble(System.getProperty("sim.promote").substring(7)) : 0;

    /** {@code -Dsim.issues=true}: every start and end of a trial, in virtual time (a line each). */
    private static final boolean ISSUES = Boolean.getBoolean("sim.issues");

    private static Run start(Problem problem, long id, JsonValue p, double now, long order) {
        JsonObject params = (JsonObject) p;
        JsonObject.Builder plain = JsonObject.builder();
        int budget = problem.epochs();
        for (Map.Entry<String, JsonValue> e : params.members().entrySet()) {
            if (e.getKey().equals("TRIAL_BUDGET")) {
                budget = Math.max(1, Math.min(budget, (int) Math.round(e.getValue().asDouble())));
            } else {
                plain.put(e.getKey(), e.getValue());
            }
        }
        Run r = new Run();
        r.id = id;
        r.curve = problem.evaluate(plain.build());
        r.fed = r.curve.perEpoch();
        for (int k = 1; k <= DENOISE; k++) { // the same configuration under other noise draws, averaged
            double[] other = Problems.create(problem.name(), runSeed * 7919 + k).evaluate(plain.build())
                .perEpoch();
            for (int e = DENOISE_FROM - 1; e < r.fed.length; e++) {
                r.fed[e] += (other[e] - r.fed[e]) / (k + 1);
            }
        }
        if (ORACLE_PROMOTE && budget < problem.epochs()) { // a partial training tells its noise-free final value,
            double last = r.curve.trueFinal(); // or a blend of it and what the curve says (ORACLE_KEEP of the gap)
            for (int e = 0; e < r.fed.length; e++) {
                r.fed[e] = last + ORACLE_KEEP * (r.fed[e] - last);
            }
        }
        r.budget = budget;
        r.params = plain.build();
        r.next = now + 1;
        r.order = order;
        if (ISSUES) {
            System.out.printf("I %.0f %d %d%n", now, id, budget);
        }
        return r;
    }
}
