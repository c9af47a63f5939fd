package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The multi-fidelity protocol of BENCHMARKS.md: for every contender, problem, worker count and seed one run through
 * its own daemon child with a budget of {@code fullTrainings} times the problem's horizon in epochs. Runs execute in
 * parallel on a fixed pool. {@link #run} is called from one thread.
 */
public final class MultiFidelityBench {

    /**
     * @param contenders    labels of {@link FidelityContender#ALL} (Random is added: scores need it)
     * @param problems      problem names (learning-curve problems)
     * @param workers       worker counts, e.g. 1 and 4
     * @param seeds         the seeds
     * @param fullTrainings the budget in full trainings (100)
     * @param parallelism   runs in flight
     * @param assessWaitMs  wait for a KI after each intermediate result when an assessor runs
     * @param daemon        how to start the daemon; when it {@linkplain DaemonCommand#echoesPing echoes PI} the
     *                      manager reads up to a {@code PI}'s echo instead of waiting {@code assessWaitMs} (or a
     *                      moment for owed trials), so runs repeat whatever the load
     * @param reporting     what trials report and which way every contender optimises it
     */
    public record Plan(List<String> contenders, List<String> problems, List<Integer> workers, List<Long> seeds,
                       int fullTrainings, int parallelism, long assessWaitMs, DaemonCommand daemon,
                       Reporting reporting) {
        public Plan {
            Objects.requireNonNull(reporting, "reporting");
            List<String> all = new ArrayList<>(contenders);
            if (all.stream().noneMatch(c -> c.equalsIgnoreCase("Random"))) {
                all.add(0, "Random");
            }
            all.forEach(FidelityContender::named);
            contenders = List.copyOf(all);
            problems.forEach(p -> {
                if (Problems.create(p, 0).epochs() < 2) {
                    throw new IllegalArgumentException("problem \"" + p + "\" has no learning curve (1 epoch)");
                }
            });
            if (fullTrainings < 1 || parallelism < 1 || seeds.isEmpty() || workers.stream().anyMatch(w -> w < 1)) {
                throw new IllegalArgumentException("--full-trainings, --parallel, --workers and --seeds must be"
                    + " positive");
            }
        }
    }

    /** One finished run. */
    public record Cell(String contender, String problem, int workers, long seed, BudgetedOutcome outcome) {
    }

    private MultiFidelityBench() {
    }

    public static List<Cell> run(Plan plan, PrintWriter progress) throws InterruptedException, SimulationException {
        record Job(String contender, String problem, int workers, long seed) {
        }
        List<Job> jobs = new ArrayList<>();
        for (String p : plan.problems()) {
            for (int w : plan.workers()) {
                for (String c : plan.contenders()) {
                    for (long s : plan.seeds()) {
                        jobs.add(new Job(c, p, w, s));
                    }
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(plan.parallelism(), r -> {
            Thread t = new Thread(r, "bench-multifidelity");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        List<Future<BudgetedOutcome>> futures = new ArrayList<>();
        for (Job j : jobs) {
            futures.add(pool.submit(() -> {
                BudgetedOutcome o = runOne(plan, FidelityContender.named(j.contender()), j.problem(), j.workers(),
                    j.seed());
                synchronized (progress) {
                    progress.printf("bench multifidelity: %d/%d (%s on %s, %d workers, seed %d)%n",
                        done.incrementAndGet(), jobs.size(), j.contender(), j.problem(), j.workers(), j.seed());
                    progress.flush();
                }
                return o;
            }));
        }
        List<Cell> cells = new ArrayList<>();
        try {
            for (int i = 0; i < jobs.size(); i++) {
                Job j = jobs.get(i);
                try {
                    cells.add(new Cell(j.contender(), j.problem(), j.workers(), j.seed(), futures.get(i).get()));
                } catch (ExecutionException e) {
                    throw new SimulationException(j.contender() + " on " + j.problem() + " (seed " + j.seed() + "): "
                        + e.getCause().getMessage(), e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return cells;
    }

    static BudgetedOutcome runOne(Plan plan, FidelityContender c, String problemName, int workers, long seed)
        throws IOException, InterruptedException, SimulationException {
        Problem problem = Problems.create(problemName, seed);
        BudgetedRun run = new BudgetedRun(problem, (long) plan.fullTrainings() * problem.epochs(), workers,
            c.assessor() != null, Duration.ofMillis(plan.assessWaitMs()), c.settle(), Duration.ofSeconds(60),
            plan.reporting(), plan.daemon().echoesPing());
        Path log = Files.createTempFile("tunerd-bench-mf-", ".log");
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(
            c.tunerChoice(problem.epochs(), seed, plan.reporting().mode()), c.assessorChoice(plan.reporting().mode())),
            log, c.environment())) {
            return new BudgetedManager(run, d).run();
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
