package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import java.util.Comparator;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One experiment with K trials in flight, played against a {@link Tuner} in this process exactly as
 * {@code tunerd bench quality} plays it through the daemon ({@code SimulatedManager}): the search space first, then
 * K parameter sets (ids 0 .. K-1), each trial lasting {@code 0.5 + u} virtual time units with u drawn in start order
 * from {@code SplittableRandom(seed)}; the trial that ends first (ties: the smaller job id) reports its final
 * result, ends, and one new set is asked for at once. So the best-so-far series equals the daemon's, trial for
 * trial, in a fraction of the time. Not thread-safe; one instance per run.
 */
final class FlightRun {
    private final Tuner tuner;
    private final Problem problem;
    private final int trials;
    private final int concurrency;
    private final SplittableRandom durations;
    private final PriorityQueue<Trial> events = new PriorityQueue<>(
        Comparator.comparingDouble((Trial t) -> t.end).thenComparing(t -> t.jobId));
    private long nextId;
    private int started;

    private record Trial(long id, String jobId, JsonValue parameters, double value, double end) {
    }

    FlightRun(Tuner tuner, Problem problem, int trials, int concurrency, long seed) {
        this.tuner = tuner;
        this.problem = problem;
        this.trials = trials;
        this.concurrency = concurrency;
        this.durations = new SplittableRandom(seed);
    }

    /** Runs every trial; the best value after each finished trial, in the order they finished. */
    double[] bestSoFar() {
        tuner.updateSearchSpace(problem.searchSpace());
        for (int i = 0; i < concurrency && started < trials; i++) {
            start(0);
        }
        double[] best = new double[trials];
        double b = Double.POSITIVE_INFINITY;
        for (int done = 0; done < trials; done++) {
            Trial t = events.poll();
            tuner.receiveTrialResult(new TrialResult(t.id(), t.parameters(), JsonFloat.of(t.value()), false,
                Optional.empty()));
            tuner.trialEnd(t.id(), true);
            b = Math.min(b, t.value());
            best[done] = b;
            if (started < trials) {
                start(t.end());
            }
        }
        return best;
    }

    private void start(double now) {
        JsonValue p;
        try {
            p = tuner.generateParameters(nextId);
        } catch (NoMoreTrialsException e) {
            throw new IllegalStateException("the tuner had nothing more after " + started + " trials", e);
        }
        String jobId = String.format("trial%05d", started++);
        events.add(new Trial(nextId++, jobId, p, problem.evaluate(p).finalValue(), now + 0.5 + durations.nextDouble()));
    }
}
