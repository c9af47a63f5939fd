package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.medianstop.MedianstopAssessor;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;

/**
 * {@code tunerd simulate --tuner TPE --assessor X --problem curves --trials 100} in process, with every verdict on
 * time: one trial at a time, the assessor judges after every epoch, a Bad verdict stops the trial there (the tuner
 * gets only its failed end), a finished trial reports its last value. Deterministic, so the two assessors are compared
 * on exactly the same footing (through the daemon a verdict slower than the simulated wait lands an epoch or more
 * late). Opt-in: {@code -Dtunerd.bench=true}; prints one line per assessor for seeds 100..119 (the held-out set;
 * {@code -Dbench.first=0 -Dbench.count=10} gives the tuning seeds 0..9; {@code -Dbench.only=Curvefitting} or
 * {@code Medianstop} runs one of them; {@code -Dbench.threshold=0.9}, {@code -Dbench.startStep=5} set Curvefitting's
 * classArgs).
 */
class AssessorCurvesBench {
    private static final int TRIALS = 100;
    private static final long FIRST = Long.getLong("bench.first", 100);
    private static final int COUNT = Integer.getInteger("bench.count", 20);
    private static final String ONLY = System.getProperty("bench.only", "");

    @Test
    void curvefittingAgainstMedianstopWithTpeOnCurves() {
        assumeTrue(Boolean.getBoolean("tunerd.bench"), "opt-in benchmark: -Dtunerd.bench=true");
        if (!ONLY.equals("Curvefitting")) {
            report("Medianstop start_step 5", () -> new MedianstopAssessor(OptimizeMode.MINIMIZE, 5));
        }
        if (!ONLY.equals("Medianstop")) {
            Integer startStep = Integer.getInteger("bench.startStep");
            Double threshold = System.getProperty("bench.threshold") == null ? null
                : Double.valueOf(System.getProperty("bench.threshold"));
            report("Curvefitting" + (startStep == null ? "" : " start_step " + startStep)
                + (threshold == null ? "" : " threshold " + threshold), () -> new CurvefittingAssessor(
                    new CurvefittingArgs(null, startStep, threshold, null, "minimize")));
        }
    }

    private static void report(String name, Supplier<Assessor> assessor) {
        double epochs = 0;
        int killedBest = 0;
        List<Double> regrets = new ArrayList<>();
        StringBuilder perSeed = new StringBuilder();
        for (long seed = FIRST; seed < FIRST + COUNT; seed++) {
            double[] r = run(seed, assessor.get());
            epochs += r[0];
            killedBest += r[1] > 0 ? 1 : 0;
            regrets.add(r[2]);
            perSeed.append(String.format(" %d:%.1f%%%s", seed, 100 * r[0], r[1] > 0 ? "(lost best)" : ""));
        }
        regrets.sort(null);
        int mid = COUNT / 2;
        double median = COUNT % 2 == 1 ? regrets.get(mid) : (regrets.get(mid - 1) + regrets.get(mid)) / 2;
        System.out.printf("%s with TPE on curves, seeds %d..%d: epochs used %.1f%%, best configuration killed in %d"
            + " of %d, median regret %.4f;%s%n", name, FIRST, FIRST + COUNT - 1, 100 * epochs / COUNT, killedBest,
            COUNT, median, perSeed);
    }

    /** {epoch fraction, 1 if the best configuration was stopped, regret of the best reported final value}. */
    private static double[] run(long seed, Assessor assessor) {
        Problem problem = Problems.create("curves", seed);
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> {
            throw new IllegalStateException("TPE owes nothing");
        }, Optional.empty(), Clock.systemUTC());
        TpeTuner tuner = new TpeTuner(ctx, new TpeClassArgs(OptimizeMode.MINIMIZE, seed, TpeArgs.defaults()));
        tuner.updateSearchSpace(problem.searchSpace());
        long epochsUsed = 0;
        double bestTrue = Double.POSITIVE_INFINITY;
        boolean bestStopped = false;
        double bestReported = Double.POSITIVE_INFINITY;
        for (long id = 0; id < TRIALS; id++) {
            JsonValue params = tuner.generateMultipleParameters(List.of(id)).get(0);
            Trajectory t = problem.evaluate(params);
            String job = "trial" + id;
            List<JsonValue> history = new ArrayList<>();
            boolean stopped = false;
            for (int e = 0; e < t.epochs() && !stopped; e++) {
                history.add(JsonFloat.of(t.at(e)));
                epochsUsed++;
                stopped = assessor.assessTrial(job, List.copyOf(history)) == AssessResult.BAD;
            }
            if (stopped) {
                assessor.trialEnd(job, false);
                tuner.trialEnd(id, false);
            } else {
                tuner.receiveTrialResult(new TrialResult(id, params, JsonFloat.of(t.finalValue()), false,
                    Optional.of(job)));
                tuner.trialEnd(id, true);
                assessor.trialEnd(job, true);
                bestReported = Math.min(bestReported, t.finalValue());
            }
            if (t.trueFinal() < bestTrue) {
                bestTrue = t.trueFinal();
                bestStopped = stopped;
            }
        }
        return new double[] {(double) epochsUsed / (TRIALS * problem.epochs()), bestStopped ? 1 : 0,
            bestReported - problem.optimum()};
    }
}
