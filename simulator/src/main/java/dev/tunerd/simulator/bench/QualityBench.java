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
 * The quality protocol of BENCHMARKS.md section 1: for every tuner, problem and seed one sequential run (concurrency
 * 1) through its own daemon child, recording the best-so-far value after every trial. Runs execute in parallel on a
 * fixed pool (one thread and one child per run in flight). A tuner whose run fails is reported with the first
 * failure and left out of the tables. {@link #run} is called from one thread.
 */
public final class QualityBench {

    /**
     * @param tuners      tuner names (Random is added when missing: normalised scores need it)
     * @param problems    problem names
     * @param trials      trials per run
     * @param seeds       seeds firstSeed .. firstSeed + seeds - 1
     * @param parallelism runs in flight
     * @param daemon      how to start the daemon
     * @param firstSeed   the first seed (0 unless a disjoint seed set is wanted)
     */
    public record Plan(List<String> tuners, List<String> problems, int trials, int seeds, int parallelism,
                       DaemonCommand daemon, int firstSeed) {
        /** Seeds 0 .. seeds-1. */
        public Plan(List<String> tuners, List<String> problems, int trials, int seeds, int parallelism,
                    DaemonCommand daemon) {
            this(tuners, problems, trials, seeds, parallelism, daemon, 0);
        }

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
            if (trials < 1 || seeds < 1 || parallelism < 1) {
                throw new IllegalArgumentException("--trials, --seeds and --parallel must be at least 1, got "
                    + trials + ", " + seeds + ", " + parallelism);
            }
        }
    }

    /**
     * What the runs produced.
     *
     * @param bestSoFar tuner to problem to one best-so-far series per seed
     * @param failures  tuner to the first failure message of its runs
     * @param optimum   problem to f*
     */
    public record Outcome(Map<String, Map<String, List<double[]>>> bestSoFar, Map<String, String> failures,
                          Map<String, Double> optimum) {
    }

    private record Job(String tuner, String problem, int seed) {
    }

    private QualityBench() {
    }

    public static Outcome run(Plan plan, PrintWriter progress) throws InterruptedException {
        List<Job> jobs = new ArrayList<>();
        for (String t : plan.tuners()) {
            for (String p : plan.problems()) {
                for (int s = 0; s < plan.seeds(); s++) {
                    jobs.add(new Job(t, p, plan.firstSeed() + s));
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
                    progress.printf("bench quality: %d/%d runs (%s on %s, seed %d)%n", n, jobs.size(), j.tuner(),
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
                    series.computeIfAbsent(j.tuner(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(j.problem(), k -> new ArrayList<>()).add(best);
                } catch (ExecutionException e) {
                    failures.putIfAbsent(j.tuner(), j.problem() + " seed " + j.seed() + ": "
                        + e.getCause().getMessage());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        failures.keySet().forEach(series::remove);
        return new Outcome(series, failures, optimum);
    }

    private static double[] runOne(Plan plan, Job job) throws IOException, InterruptedException, SimulationException {
        Problem problem = Problems.create(job.problem(), job.seed());
        AlgorithmChoice tuner = AlgorithmChoice.withDefaults(job.tuner(), null, job.seed());
        Path log = Files.createTempFile("tunerd-bench-", ".log");
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(tuner, null), log)) {
            RunResult r = new SimulatedManager(ExperimentSettings.of(problem, plan.trials(), 1, job.seed(), false), d,
                ProgressListener.NONE).run();
            if (r.trials().size() < plan.trials()) {
                throw new SimulationException(job.tuner() + " stopped after " + r.trials().size() + " of "
                    + plan.trials() + " trials");
            }
            return r.bestSoFar();
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
