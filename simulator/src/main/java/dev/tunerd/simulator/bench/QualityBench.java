package dev.tunerd.simulator.bench;

import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.ExperimentSettings;
import dev.tunerd.simulator.manager.ProgressListener;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.SimulatedManager;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The quality protocol of BENCHMARKS.md section 1: for every tuner, problem and seed one run through its own daemon
 * child, recording the best-so-far value after every trial. Runs are sequential (one trial in flight) unless the
 * plan asks for more trials in flight too: then every tuner but Random also runs with K in flight (NNI's
 * trialConcurrency: {@code GE K} at the start, then {@code GE 1} after each trial's FINAL and EN), reported as the
 * arm "tuner, K in flight" beside the sequential one. Runs execute in parallel on a fixed pool (one thread and one
 * child per run in flight). A tuner whose run fails is reported with the first failure and left out of the tables.
 * {@link #run} is called from one thread.
 */
public final class QualityBench {

    /**
     * @param tuners      tuner names (Random is added when missing: normalised scores need it)
     * @param problems    problem names
     * @param trials      trials per run
     * @param seeds       seeds per seed set
     * @param seedSets    disjoint sets of {@code seeds} seeds each, consecutive from {@code firstSeed}: the runs
     *                    use {@code seeds * seedSets} seeds and the report scores every set on its own
     * @param concurrency trials in flight besides 1 (sequential runs are always made); Random runs sequentially only
     * @param parallelism runs in flight
     * @param daemon      how to start the daemon
     * @param firstSeed   the first seed (0 unless a disjoint seed set is wanted)
     */
    public record Plan(List<String> tuners, List<String> problems, int trials, int seeds, int seedSets,
                       List<Integer> concurrency, int parallelism, DaemonCommand daemon, int firstSeed) {
        public Plan {
            List<String> all = new ArrayList<>(tuners);
            if (all.stream().noneMatch(t -> t.equalsIgnoreCase("Random"))) {
                all.add(0, "Random");
            }
            tuners = List.copyOf(all);
            problems = List.copyOf(problems);
            problems.forEach(p -> Problems.create(p, 0));
            if (firstSeed < 0) {
                throw new IllegalArgumentException("--first-seed must be at least 0, got " + firstSeed);
            }
            if (trials < 1 || seeds < 1 || parallelism < 1 || seedSets < 1) {
                throw new IllegalArgumentException("--trials, --seeds, --seed-sets and --parallel must be at least 1,"
                    + " got " + trials + ", " + seeds + ", " + seedSets + ", " + parallelism);
            }
            List<Integer> k = new ArrayList<>(List.of(1));
            for (int c : concurrency) {
                if (c < 1 || c > MAX_CONCURRENCY) {
                    throw new IllegalArgumentException("--concurrency must be between 1 and " + MAX_CONCURRENCY
                        + ", got " + c);
                }
                if (!k.contains(c)) {
                    k.add(c);
                }
            }
            concurrency = List.copyOf(k);
        }

        /** Sequential runs on seeds 0 .. seeds-1 (one seed set). */
        public Plan(List<String> tuners, List<String> problems, int trials, int seeds, int parallelism,
                    DaemonCommand daemon) {
            this(tuners, problems, trials, seeds, 1, List.of(), parallelism, daemon, 0);
        }

        /** Every seed run, in order: {@code seedSets} consecutive blocks of {@code seeds}. */
        public List<Long> seedList() {
            List<Long> out = new ArrayList<>();
            for (long s = 0; s < (long) seeds * seedSets; s++) {
                out.add(firstSeed + s);
            }
            return out;
        }

        /** The arms (tuner and trials in flight) in report order: each tuner sequential, then in flight. */
        public List<Arm> arms() {
            List<Arm> out = new ArrayList<>();
            for (String t : tuners) {
                for (int k : concurrency) {
                    if (k == 1 || !t.equalsIgnoreCase("Random")) {
                        out.add(new Arm(t, k));
                    }
                }
            }
            return out;
        }
    }

    /** Most trials in flight a run may ask for (NNI's own limit on trialConcurrency is far above what helps here). */
    public static final int MAX_CONCURRENCY = 256;

    /**
     * One tuner at one number of trials in flight.
     *
     * @param tuner       the tuner's name
     * @param concurrency trials in flight
     */
    public record Arm(String tuner, int concurrency) {
        /** The row label: the tuner's name, with ", K in flight" when K is above 1. */
        public String label() {
            return concurrency == 1 ? tuner : tuner + ", " + concurrency + " in flight";
        }
    }

    /**
     * What the runs produced.
     *
     * @param bestSoFar   arm label ({@link Arm#label()}) to problem to one best-so-far series per seed, in the order
     *                    of {@code seeds}
     * @param failures    arm label to the first failure message of its runs
     * @param optimum     problem to f*
     * @param seeds       the seeds run, in order
     * @param seedsPerSet the size of one seed set: set i is {@code seeds[i * seedsPerSet ..]}
     */
    public record Outcome(Map<String, Map<String, List<double[]>>> bestSoFar, Map<String, String> failures,
                          Map<String, Double> optimum, List<Long> seeds, int seedsPerSet) {
        public Outcome {
            seeds = List.copyOf(seeds);
            if (seedsPerSet < 1) {
                throw new IllegalArgumentException("seedsPerSet must be at least 1, got " + seedsPerSet);
            }
        }

        /** One seed set, seeds 0 .. n-1. */
        public Outcome(Map<String, Map<String, List<double[]>>> bestSoFar, Map<String, String> failures,
                       Map<String, Double> optimum, int seeds) {
            this(bestSoFar, failures, optimum, java.util.stream.LongStream.range(0, seeds).boxed().toList(), seeds);
        }

        /** How many seed sets the seeds form (a last incomplete set counts). */
        public int seedSets() {
            return (seeds.size() + seedsPerSet - 1) / seedsPerSet;
        }
    }

    private record Job(Arm arm, String problem, long seed) {
    }

    private QualityBench() {
    }

    public static Outcome run(Plan plan, PrintWriter progress) throws InterruptedException {
        List<Job> jobs = new ArrayList<>();
        for (Arm a : plan.arms()) {
            for (String p : plan.problems()) {
                for (long s : plan.seedList()) {
                    jobs.add(new Job(a, p, s));
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(plan.parallelism(), r -> {
            Thread t = new Thread(r, "bench-quality");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        List<Future<double[]>> futures = new ArrayList<>();
        for (Job j : jobs) {
            futures.add(pool.submit(() -> {
                double[] result = runOne(plan, j);
                int n = done.incrementAndGet();
                synchronized (progress) {
                    progress.printf("bench quality: %d/%d runs (%s on %s, seed %d)%n", n, jobs.size(), j.arm().label(),
                        j.problem(), j.seed());
                    progress.flush();
                }
                return result;
            }));
        }
        Map<String, Map<String, List<double[]>>> series = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        Map<String, Double> optimum = new LinkedHashMap<>();
        try {
            for (int i = 0; i < jobs.size(); i++) {
                Job j = jobs.get(i);
                optimum.put(j.problem(), Problems.create(j.problem(), 0).optimum());
                try {
                    double[] best = futures.get(i).get();
                    series.computeIfAbsent(j.arm().label(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(j.problem(), k -> new ArrayList<>()).add(best);
                } catch (ExecutionException e) {
                    failures.putIfAbsent(j.arm().label(), j.problem() + " seed " + j.seed() + ": "
                        + e.getCause().getMessage());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        failures.keySet().forEach(series::remove);
        return new Outcome(series, failures, optimum, plan.seedList(), plan.seeds());
    }

    private static double[] runOne(Plan plan, Job job) throws IOException, InterruptedException, SimulationException {
        Problem problem = Problems.create(job.problem(), job.seed());
        AlgorithmChoice tuner = AlgorithmChoice.withDefaults(job.arm().tuner(), null, job.seed());
        Path log = Files.createTempFile("tunerd-bench-", ".log");
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(tuner, null, plan.trials(),
                job.arm().concurrency()), log)) {
            RunResult r = new SimulatedManager(ExperimentSettings.of(problem, plan.trials(), job.arm().concurrency(),
                job.seed(), false), d, ProgressListener.NONE).run();
            if (r.trials().size() < plan.trials()) {
                throw new SimulationException(job.arm().label() + " stopped after " + r.trials().size() + " of "
                    + plan.trials() + " trials");
            }
            return r.bestSoFar();
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
