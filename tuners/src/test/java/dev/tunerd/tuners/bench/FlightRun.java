package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One experiment with K trials in flight, played against a {@link Tuner} in this process exactly as
 * {@code tunerd bench quality} plays it through the daemon ({@code SimulatedManager}): the search space first, then
 * K parameter sets (ids 0 .. K-1), each trial lasting {@code 0.5 + u} virtual time units with u drawn in start order
 * from {@code SplittableRandom(seed)}; the trial that ends first (ties: the smaller job id) reports its final
 * result, ends, and one new set is asked for at once. So the best-so-far series equals the daemon's, trial for
 * trial, in a fraction of the time. With {@code imports} > 0 the run is a warm start: after the search space, that
 * many random results (random search's draws from a generator of their own, the same for every tuner on a seed) are
 * imported ({@code FD}) before the first request, and the best-so-far series starts from their best. Not thread-safe;
 * one instance per run.
 */
final class FlightRun {
    private final Tuner tuner;
    private final Problem problem;
    private final int trials;
    private final int concurrency;
    private final SplittableRandom durations;
    private final long seed;
    private final int imports;
    private final PriorityQueue<Trial> events = new PriorityQueue<>(
        Comparator.comparingDouble((Trial t) -> t.end).thenComparing(t -> t.jobId));
    private long nextId;
    private int started;

    private record Trial(long id, String jobId, JsonValue parameters, double value, double end) {
    }

    /** Offset of the imported results' generator from the run's seed. */
    private static final long IMPORT_SEED = 0x1A2B3C4DL;

    FlightRun(Tuner tuner, Problem problem, int trials, int concurrency, long seed) {
        this(tuner, problem, trials, concurrency, seed, 0);
    }

    FlightRun(Tuner tuner, Problem problem, int trials, int concurrency, long seed, int imports) {
        this.tuner = tuner;
        this.problem = problem;
        this.trials = trials;
        this.concurrency = concurrency;
        this.durations = new SplittableRandom(seed);
        this.seed = seed;
        this.imports = imports;
    }

    /** Runs every trial; the best value after each finished trial, in the order they finished. */
    double[] bestSoFar() {
        tuner.updateSearchSpace(problem.searchSpace());
        double b = importRandom();
        for (int i = 0; i < concurrency && started < trials; i++) {
            start(0);
        }
        double[] best = new double[trials];
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

    /** Imports {@link #imports} random results; their best value (infinite without). */
    private double importRandom() {
        if (imports == 0) {
            return Double.POSITIVE_INFINITY;
        }
        dev.tunerd.tuners.random.RandomTuner random = new dev.tunerd.tuners.random.RandomTuner(seed + IMPORT_SEED);
        random.updateSearchSpace(problem.searchSpace());
        List<ImportedTrial> past = new ArrayList<>(imports);
        double b = Double.POSITIVE_INFINITY;
        for (int i = 0; i < imports; i++) {
            JsonValue p;
            try {
                p = random.generateParameters(i);
            } catch (NoMoreTrialsException e) {
                throw new IllegalStateException("random search had nothing more after " + i + " imports", e);
            }
            double v = problem.evaluate(p).finalValue();
            b = Math.min(b, v);
            past.add(new ImportedTrial(p, JsonFloat.of(v), Optional.empty()));
        }
        tuner.importData(past);
        return b;
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
