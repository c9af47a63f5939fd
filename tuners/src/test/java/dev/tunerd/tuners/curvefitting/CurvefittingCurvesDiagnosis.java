package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;

/**
 * Where Curvefitting's epochs go with TPE on {@code curves} (how its figures in docs/benchmarks/s01-s05.md, "PBT and
 * Curvefitting", were found): NNI's rule replayed on each trial, one at a time, with the loss fed to the ensemble as
 * {@code -Ddiag.feed=neg} (the negated loss), {@code exp} ({@code exp(-loss)}) or {@code inv} ({@code 1 / (1 + loss)},
 * what {@link LossScore} feeds), judging from {@code -Ddiag.start} (default 6) on seeds {@code -Ddiag.first} (0) to
 * first + {@code -Ddiag.count} (10) - 1. Prints how the epochs split between stopped, completed good and completed bad
 * trials (bad: a final loss at or above best / 0.95 when it ended) and, per step, how many judgements were made, how
 * many got a prediction, how many predictions kept a trial that ended bad, and how many stopped one. Opt-in:
 * {@code -Dtunerd.diag=true}; {@code -Ddiag.verbose=true} prints each completed bad trial's curve.
 */
class CurvefittingCurvesDiagnosis {

    private static final String FEED = System.getProperty("diag.feed", "neg");
    private static final int START = Integer.getInteger("diag.start", 6);

    static double feed(double loss) {
        return switch (FEED) {
            case "inv" -> 1 / (1 + loss);
            case "exp" -> Math.exp(-loss);
            default -> -loss;
        };
    }

    static double unfeed(double y) {
        return switch (FEED) {
            case "inv" -> y > 0 ? 1 / y - 1 : Double.POSITIVE_INFINITY;
            case "exp" -> y > 0 ? -Math.log(y) : Double.POSITIVE_INFINITY;
            default -> -y;
        };
    }

    @Test
    void whereTheEpochsGo() {
        assumeTrue(Boolean.getBoolean("tunerd.diag"), "opt-in diagnosis: -Dtunerd.diag=true");
        int first = Integer.getInteger("diag.first", 0);
        int count = Integer.getInteger("diag.count", 10);
        int[] predicted = new int[21];
        int[] judged = new int[21];
        int[] aboveButBad = new int[21];
        long epochs = 0;
        long epochsOnCompletedBad = 0;
        long epochsOnCompletedGood = 0;
        long epochsOnKilled = 0;
        int completedBad = 0;
        int completedBadNeverPredicted = 0;
        int killed = 0;
        int[] killStep = new int[21];
        int completed = 0;
        for (long seed = first; seed < first + count; seed++) {
            Problem problem = Problems.create("curves", seed);
            AlgorithmContext ctx = new AlgorithmContext((id, p) -> {
                throw new IllegalStateException();
            }, Optional.empty(), Clock.systemUTC());
            TpeTuner tuner = new TpeTuner(ctx, new TpeClassArgs(OptimizeMode.MINIMIZE, seed, TpeArgs.defaults()));
            tuner.updateSearchSpace(problem.searchSpace());
            double best = Double.NaN; // best completed final loss
            for (long id = 0; id < 100; id++) {
                JsonValue params = tuner.generateMultipleParameters(List.of(id)).get(0);
                Trajectory t = problem.evaluate(params);
                boolean stopped = false;
                boolean everPredicted = false;
                int e = 0;
                List<Double> preds = new ArrayList<>();
                for (; e < t.epochs() && !stopped; e++) {
                    int step = e + 1;
                    if (Double.isNaN(best) || step < START) {
                        continue;
                    }
                    double[] curve = new double[step];
                    for (int i = 0; i < step; i++) {
                        curve[i] = feed(t.at(i));
                    }
                    judged[step]++;
                    OptionalDouble p = new CurveEnsemble(20, curve).predict(Rng.withSeed(id * 31 + step));
                    boolean finalBad = t.finalValue() >= best / 0.95;
                    if (p.isPresent()) {
                        predicted[step]++;
                        everPredicted = true;
                        double loss = unfeed(p.getAsDouble());
                        preds.add(loss);
                        if (loss >= best / 0.95) {
                            stopped = true;
                            killed++;
                            killStep[step]++;
                        } else if (finalBad) {
                            aboveButBad[step]++;
                        }
                    }
                }
                int used = stopped ? e : t.epochs();
                epochs += used;
                if (stopped) {
                    epochsOnKilled += used;
                    tuner.trialEnd(id, false);
                } else {
                    completed++;
                    boolean bad = !Double.isNaN(best) && t.finalValue() >= best / 0.95;
                    if (bad) {
                        completedBad++;
                        epochsOnCompletedBad += used;
                        if (!everPredicted) {
                            completedBadNeverPredicted++;
                        }
                        if (Boolean.getBoolean("diag.verbose")) {
                            System.out.printf("seed %d trial %d best %.3f final %.3f curve %s preds %s%n", seed, id,
                                best, t.finalValue(), java.util.Arrays.toString(t.perEpoch()), preds);
                        }
                    } else {
                        epochsOnCompletedGood += used;
                    }
                    tuner.receiveTrialResult(new TrialResult(id, params, JsonFloat.of(t.finalValue()), false,
                        Optional.of("t" + id)));
                    tuner.trialEnd(id, true);
                    best = Double.isNaN(best) ? t.finalValue() : Math.min(best, t.finalValue());
                }
            }
        }
        double total = count * 100 * 20.0;
        System.out.printf("epochs %.1f%%: killed %.1f%%, completed good %.1f%%, completed bad %.1f%%%n",
            100 * epochs / total, 100 * epochsOnKilled / total, 100 * epochsOnCompletedGood / total,
            100 * epochsOnCompletedBad / total);
        System.out.printf("killed %d, completed %d of which bad %d (never predicted %d)%n", killed, completed,
            completedBad, completedBadNeverPredicted);
        StringBuilder s = new StringBuilder("step: judged/predicted/predicted-but-kept-bad/killed\n");
        for (int i = 6; i <= 20; i++) {
            s.append(String.format("  %d: %d/%d/%d/%d%n", i, judged[i], predicted[i], aboveButBad[i], killStep[i]));
        }
        System.out.print(s);
    }
}
