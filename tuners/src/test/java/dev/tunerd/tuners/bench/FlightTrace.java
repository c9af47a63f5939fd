package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Traces single sequential runs of one problem, seed by seed, for several {@link FlightTuners} arms: the regret after
 * 100 and the last trial, the trial of the last new best, every new best that gains more than {@code bench.gain}, the
 * best point, and the first trial whose parameters differ from the first arm's. Arms that differ in one rule's key
 * (e.g. {@code TPE} and {@code TPE:floor=0}) draw alike until that rule first changes a draw, so that trial shows when
 * the rule first acts in the first arm's run. Properties: {@code bench.problem} (hartmann3), {@code bench.trials}
 * (200), {@code bench.gain} (0.01). Arguments: first seed, number of seeds, arms.
 */
public final class FlightTrace {
    private FlightTrace() {
    }

    /** Passes every call through and keeps each result's parameters and loss in the order received. */
    private static final class Recorder implements Tuner {
        private final Tuner tuner;
        private final List<String> points = new ArrayList<>();
        private final List<Double> losses = new ArrayList<>();

        Recorder(Tuner tuner) {
            this.tuner = tuner;
        }

        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
            tuner.updateSearchSpace(searchSpace);
        }

        @Override
        public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
            return tuner.generateParameters(parameterId);
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
            points.add(result.parameters().toString());
            losses.add(result.scalar());
            tuner.receiveTrialResult(result);
        }

        @Override
        public void trialEnd(long parameterId, boolean success) {
            tuner.trialEnd(parameterId, success);
        }
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: FlightTrace <first seed> <seeds> <arm> [<arm> ...]");
        }
        String problem = System.getProperty("bench.problem", "hartmann3");
        int trials = Integer.getInteger("bench.trials", 200);
        double gain = Double.parseDouble(System.getProperty("bench.gain", "0.01"));
        long first = Long.parseLong(args[0]);
        int seeds = Integer.parseInt(args[1]);
        for (long seed = first; seed < first + seeds; seed++) {
            List<String> reference = null;
            for (int a = 2; a < args.length; a++) {
                Problem p = Problems.create(problem, seed);
                Recorder r = new Recorder(FlightTuners.named(args[a]).apply(seed));
                double[] best = new FlightRun(r, p, trials, 1, seed).bestSoFar();
                StringBuilder steps = new StringBuilder();
                double b = Double.POSITIVE_INFINITY;
                int bestAt = 0;
                for (int i = 0; i < r.losses.size(); i++) {
                    double loss = r.losses.get(i);
                    if (loss < b) {
                        if (b - loss > gain) {
                            steps.append(String.format(Locale.ROOT, " %d:%.3f", i + 1, loss));
                        }
                        b = loss;
                        bestAt = i;
                    }
                }
                int differs = -1;
                if (reference == null) {
                    reference = r.points;
                } else {
                    for (int i = 0; i < Math.min(reference.size(), r.points.size()) && differs < 0; i++) {
                        differs = reference.get(i).equals(r.points.get(i)) ? -1 : i + 1;
                    }
                }
                System.out.printf(Locale.ROOT, "%d %s regret@%d=%.4f regret@%d=%.4f lastBest=%d differs=%d best=%s"
                    + " steps:%s%n", seed, args[a], Math.min(100, trials), best[Math.min(100, trials) - 1]
                    - p.optimum(), trials, best[trials - 1] - p.optimum(), bestAt + 1, differs,
                    r.points.get(bestAt), steps);
            }
        }
    }
}
