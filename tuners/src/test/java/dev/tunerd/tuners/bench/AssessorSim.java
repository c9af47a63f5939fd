package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.fidelity.Reporting;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.ReceivesTrialParameters;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.medianstop.MedianstopAssessor;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingArgs;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * TPE with an assessor (Medianstop {@code start_step 5} or SuccessiveHalving {@code min_step 5, eta 3}) on a
 * learning-curve problem of the simulator, in process, as {@code tunerd bench multifidelity} runs
 * {@code TPE+Medianstop} and {@code TPE+SuccessiveHalving} through the daemon (budget 100 full trainings, every epoch
 * one unit of virtual time, a result per epoch judged at once, a stop ending the trial as {@code EN EARLY_STOPPED},
 * FINAL and EN at the end, then a new request), with every message handed over at once: the daemon's runs with a
 * {@code KI} that is never late. A tuning aid (issue 13 session 11), the twin of {@link HyperbandSim}: prints per
 * seed the regret at 50 / 75 / 100 %, trials started / trained fully / stopped, full trainings within 0.001 /
 * 0.003 of the optimum, stopped trials within 0.003 of it (whose full training would have been near-optimal) and
 * their mean rank at the first rung (the share of the trials that reached it with a better best-so-far value; -1
 * when none was stopped), then the means (the rank's over the seeds that stopped one).
 * {@code java -cp $CP dev.tunerd.tuners.bench.AssessorSim longcurves 8000 20 1 SuccessiveHalving [classArg=number ...]}.
 *
 * <p>Diagnosis options (issue 13 session 13): {@code -Dsim.trace=FILE} appends a line per trial end (seed, id, epochs
 * spent at its start, full trainings completed at its start, epochs trained, stopped 0/1, noise-free final regret,
 * parameter values); {@code -Dsim.curve=FILE} the regret at every 1 % of the budget; {@code stopped=MODE} what TPE is
 * told of a stopped trial ({@link #stoppedValue}); {@code -Dsim.tpe=key=value,...} TPE with other settings
 * ({@link FlightTuners#tpeVariant}, e.g. {@code ref=0} without the local step). Issue 13 session 14: an assessor
 * name prefixed {@code Oracle} ({@code OracleSuccessiveHalving}) shows the assessor every trial's noise-free final
 * value as each of its intermediate results ({@link #trueFinals}; {@code oracleNoise=SD} blurs it), a bound on what
 * any rank rule at the same rungs could do.
 *
 * <p>{@code -Dsim.maximize=true} (issue 13 session 25) runs the mirror: every value the tuner and the assessor see
 * (intermediate, final, what a stopped trial is told, an oracle's) is the score {@code 1 - loss / 4}, and both are
 * given {@code optimize_mode: maximize} ({@link Reporting#SCORE}); the incumbent is the highest final score, the
 * figures stay in true loss, so the output should equal the minimising run's. Not with {@code -Dsim.tpe}.
 * {@code -Dsim.probe=false} runs TPE without its GP model probe ({@code model_probe: false}), whose fits are not
 * bit-for-bit invariant under an affine map of the values (a log warp and standardisation round differently).
 *
 * <p>{@code rank_by=value|auto|model} (issue 13 session 32) sets SuccessiveHalving's {@code rank_by}. An assessor that
 * implements {@link ReceivesTrialParameters} is told a trial's parameters before its first judgement, as the daemon
 * tells it (dispatcher-core's {@code AssessorParameters}: the parameters of the {@code TR}, once per trial).
 */
public final class AssessorSim {
    private AssessorSim() {
    }

    /** What the trials report: the loss, or with {@code -Dsim.maximize=true} its mirror to maximise. */
    private static final Reporting REPORTING = Boolean.getBoolean("sim.maximize") ? Reporting.SCORE : Reporting.LOSS;

    private static final class Run {
        long id;
        String job;
        Trajectory curve;
        List<JsonValue> history = new ArrayList<>();
        double next;
        long order;
        long start; // epochs spent when it started
        int seen; // full trainings completed when it started
    }

    private static final PrintStream TRACE = trace("sim.trace");
    /** With {@code -Dsim.curve=FILE}: per seed the regret at every 1 % of the budget ({@code seed,percent,regret}). */
    private static final PrintStream CURVE = trace("sim.curve");

    private static PrintStream trace(String property) {
        String f = System.getProperty(property);
        try {
            return f == null ? null : new PrintStream(new FileOutputStream(f, true), true);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static void trace(long seed, Run t, boolean stopped, double regret, JsonValue p) {
        if (TRACE != null) {
            JsonObject o = (JsonObject) p;
            StringBuilder b = new StringBuilder();
            b.append(seed).append(',').append(t.id).append(',').append(t.start).append(',').append(t.seen).append(',')
                .append(t.history.size()).append(',').append(stopped ? 1 : 0).append(',')
                .append(String.format("%.6f", regret));
            o.members().forEach((k, v) -> b.append(',').append(v.asDouble()));
            TRACE.println(b);
        }
    }

    public static void main(String[] args) {
        SimArgs.Seeds a = SimArgs.Seeds.parse(args, "AssessorSim PROBLEM FIRST_SEED SEEDS WORKERS ASSESSOR [key=value...]");
        String problemName = a.problem();
        long first = a.first();
        int seeds = a.seeds();
        int workers = a.workers();
        String assessor = args[4];
        rankBy = SimArgs.word(args, 5, "rank_by");
        Map<String, Double> extra = SimArgs.classArgs(SimArgs.without(args, "rank_by"), 5, java.util.Set.of("max_step", "min_step", "eta",
            "rank_agreement", "stopped", "oracleNoise", "badRank"));
        double[] sums = new double[10];
        int ranked = 0; // seeds with a stopped near-optimal trial
        double rankSum = 0;
        for (long seed = first; seed < first + seeds; seed++) {
            double[] r = run(Problems.create(problemName, seed), seed, workers, assessor, extra);
            System.out.printf("%d,%.5f,%.5f,%.5f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f%n", seed, r[0], r[1], r[2], r[3],
                r[4], r[5], r[6], r[7], r[8], r[9]);
            for (int k = 0; k < r.length; k++) {
                sums[k] += r[k];
            }
            if (r[9] >= 0) {
                ranked++;
                rankSum += r[9];
            }
        }
        System.out.printf("mean,%.5f,%.5f,%.5f,%.1f,%.1f,%.1f,%.2f,%.2f,%.2f,%.2f%n", sums[0] / seeds, sums[1] / seeds,
            sums[2] / seeds, sums[3] / seeds, sums[4] / seeds, sums[5] / seeds, sums[6] / seeds, sums[7] / seeds,
            sums[8] / seeds, ranked == 0 ? -1 : rankSum / ranked);
    }

    /** {@code rank_by=...} of the command line, or null (SuccessiveHalving's default). */
    private static String rankBy;

    static Assessor assessor(String name, Map<String, Double> extra) {
        if (name.equals("Medianstop")) {
            return new MedianstopAssessor(REPORTING.mode(), 5);
        }
        Double maxStep = extra.get("max_step");
        Double minStep = extra.get("min_step");
        Double eta = extra.get("eta");
        return new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs(REPORTING.mode().toString(),
            minStep == null ? 5 : minStep.intValue(), eta == null ? 3 : eta.intValue(),
            maxStep == null ? null : maxStep.intValue(), extra.get("rank_agreement"), null, rankBy));
    }

    /**
     * Regret at 50, 75 and 100 % of the budget; trials started, trained fully, stopped; full trainings within 0.001
     * and 0.003 of the optimum; stopped trials within 0.003 of it and their mean rank at the first rung (-1: none).
     * {@code stopped=1} in {@code extra} hands a stopped trial to TPE as a result worse than every real one,
     * {@code stopped=2} with its last intermediate result ({@code NNI_INCLUDE_INTERMEDIATE_RESULTS}).
     */
    static double[] run(Problem problem, long seed, int workers, String assessorName, Map<String, Double> extra) {
        int epochs = problem.epochs();
        long budget = 100L * epochs;
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC());
        String variant = System.getProperty("sim.tpe");
        if (variant != null && REPORTING == Reporting.SCORE) {
            throw new IllegalArgumentException("-Dsim.tpe's variants minimise: not with -Dsim.maximize");
        }
        Tuner tuner = variant == null ? new TpeTuner(ctx, new TpeClassArgs(REPORTING.mode(), seed, null,
            !"false".equals(System.getProperty("sim.probe"))))
            : FlightTuners.named("TPE:" + variant).apply(seed);
        tuner.updateSearchSpace(problem.searchSpace());
        boolean oracle = assessorName.startsWith("Oracle");
        Assessor assessor = assessor(oracle ? assessorName.substring("Oracle".length()) : assessorName, extra);
        int stoppedMode = extra.getOrDefault("stopped", 0.0).intValue();
        PriorityQueue<Run> events = new PriorityQueue<>((x, y) -> x.next != y.next ? Double.compare(x.next, y.next)
            : Long.compare(x.order, y.order));
        Map<Long, JsonValue> params = new HashMap<>();
        long nextId = 0;
        long spent = 0;
        double now = 0;
        double incumbentObserved = REPORTING.worst();
        double incumbentTrue = Double.NaN;
        double[] shares = {0.5, 0.75, 1.0};
        double[] out = new double[10];
        int firstRung = extra.getOrDefault("min_step", 5.0).intValue();
        List<Double> atFirstRung = new ArrayList<>(); // every trial's best-so-far value at the first rung
        double stoppedNearRanks = 0;
        int free = workers;
        Map<Integer, List<Double>> reached = new HashMap<>();
        List<Trajectory> fulls = new ArrayList<>();
        while (spent < budget) {
            while (free > 0) {
                long id = nextId++;
                JsonValue p = tuner.generateMultipleParameters(List.of(id)).get(0);
                params.put(id, p);
                free--;
                Run r = new Run();
                r.id = id;
                r.job = "trial" + id;
                r.curve = problem.evaluate(p);
                r.next = now + 1;
                r.order = id;
                r.start = spent;
                r.seen = (int) out[4];
                events.add(r);
                out[3]++;
            }
            Run t = events.poll();
            if (t == null) {
                break;
            }
            now = t.next;
            double value = t.curve.at(t.history.size()); // the loss; the tuner and the assessor see it reported
            t.history.add(JsonFloat.of(REPORTING.reported(value)));
            spent++;
            if (t.history.size() == firstRung) {
                atFirstRung.add(bestSoFar(t.curve, firstRung));
            }
            reached.computeIfAbsent(t.history.size(), k -> new ArrayList<>()).add(bestSoFar(t.curve, t.history.size()));
            List<JsonValue> view = oracle ? trueFinals(t, extra.getOrDefault("oracleNoise", 0.0))
                : List.copyOf(t.history);
            if (t.history.size() == 1 && assessor instanceof ReceivesTrialParameters told) {
                told.trialParameters(t.job, params.get(t.id)); // as the daemon: before the trial's first judgement
            }
            boolean stop = assessor.assessTrial(t.job, view) == AssessResult.BAD;
            if (stop) {
                out[5]++;
                if (t.curve.trueFinal() - problem.optimum() <= 0.003) {
                    out[8]++;
                    double mine = bestSoFar(t.curve, firstRung);
                    stoppedNearRanks += atFirstRung.stream().filter(v -> v < mine).count()
                        / (double) atFirstRung.size();
                }
                int step = t.history.size();
                Double told = stoppedValue(extra, stoppedMode, value, step, bestSoFar(t.curve, step), reached.get(step),
                    fulls);
                if (told != null) {
                    tuner.receiveTrialResult(new TrialResult(t.id, params.get(t.id),
                        JsonFloat.of(REPORTING.reported(told)), false, Optional.empty()));
                }
                tuner.trialEnd(t.id, false);
                assessor.trialEnd(t.job, false);
                trace(seed, t, true, t.curve.trueFinal() - problem.optimum(), params.get(t.id));
                free++;
            } else if (t.history.size() >= epochs) {
                tuner.receiveTrialResult(new TrialResult(t.id, params.get(t.id),
                    JsonFloat.of(REPORTING.reported(value)), false, Optional.empty()));
                tuner.trialEnd(t.id, true);
                assessor.trialEnd(t.job, true);
                out[4]++;
                fulls.add(t.curve);
                trace(seed, t, false, t.curve.trueFinal() - problem.optimum(), params.get(t.id));
                double regret = t.curve.trueFinal() - problem.optimum();
                out[6] += regret <= 0.001 ? 1 : 0;
                out[7] += regret <= 0.003 ? 1 : 0;
                if (REPORTING.better(REPORTING.reported(value), incumbentObserved)) {
                    incumbentObserved = REPORTING.reported(value);
                    incumbentTrue = t.curve.trueFinal();
                }
                free++;
            } else {
                t.next = now + 1;
                events.add(t);
            }
            for (int k = 0; k < shares.length; k++) {
                if (spent == (long) Math.ceil(shares[k] * budget)) {
                    out[k] = incumbentTrue - problem.optimum();
                }
            }
            if (CURVE != null && spent % (budget / 100) == 0) {
                CURVE.printf("%d,%d,%.6f%n", seed, spent * 100 / budget, incumbentTrue - problem.optimum());
            }
        }
        out[9] = out[8] == 0 ? -1 : stoppedNearRanks / out[8];
        return out;
    }

    /**
     * What TPE is told of a trial stopped at {@code step} with last value {@code last} and best-so-far {@code mine},
     * among the best-so-far values {@code atStep} of every trial that reached its step ({@code stopped=MODE}; null:
     * nothing, as NNI): 1, a loss worse than every real one; 2, its last value
     * ({@code NNI_INCLUDE_INTERMEDIATE_RESULTS}); 3, the final value of the completed trainings at the quantile of its
     * rank in {@code atStep}; 4, the mean final value of the 5 completed trainings whose best-so-far at that step is
     * closest to its own; 5, a loss worse than every real one only when its rank in {@code atStep} is at least
     * {@code badRank} (default 0.67), else nothing.
     */
    static Double stoppedValue(Map<String, Double> extra, int mode, double last, int step, double mine,
                               List<Double> atStep, List<Trajectory> fulls) {
        double rank = atStep.stream().filter(v -> v < mine).count() / (double) atStep.size();
        return switch (mode) {
            case 1 -> 1e300;
            case 2 -> last;
            case 3 -> fulls.isEmpty() ? null : fulls.stream().mapToDouble(Trajectory::finalValue).sorted()
                .skip(Math.min(fulls.size() - 1, (int) (rank * fulls.size()))).findFirst().orElseThrow();
            case 4 -> fulls.isEmpty() ? null : fulls.stream()
                .sorted((x, y) -> Double.compare(Math.abs(bestSoFar(x, step) - mine),
                    Math.abs(bestSoFar(y, step) - mine)))
                .limit(5).mapToDouble(Trajectory::finalValue).average().orElseThrow();
            case 5 -> rank >= extra.getOrDefault("badRank", 0.67) ? 1e300 : null;
            default -> null;
        };
    }

    /**
     * The assessor's view of {@code t} with an oracle ({@code Oracle} before the assessor's name): every intermediate
     * result is the trial's noise-free final value, so a rung ranks trials exactly as their full trainings would end
     * (without noise). What any rank rule at the same rungs could do at best; the tuner still gets the noisy finals.
     * {@code oracleNoise=SD} adds a Gaussian error of that standard deviation (one draw per trial, seeded by its id), for
     * a rung that ranks by the final value less than exactly.
     */
    private static List<JsonValue> trueFinals(Run t, double noise) {
        List<JsonValue> out = new ArrayList<>(t.history.size());
        double shown = t.curve.trueFinal() + noise * new SplittableRandom(t.id * 0x9E3779B97F4A7C15L).nextGaussian();
        for (int i = 0; i < t.history.size(); i++) {
            out.add(JsonFloat.of(REPORTING.reported(shown)));
        }
        return out;
    }

    private static double bestSoFar(Trajectory curve, int epochs) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < Math.min(epochs, curve.epochs()); i++) {
            best = Math.min(best, curve.at(i));
        }
        return best;
    }
}
