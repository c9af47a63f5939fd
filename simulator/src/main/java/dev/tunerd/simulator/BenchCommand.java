package dev.tunerd.simulator;

import dev.tunerd.simulator.bench.CheckpointCostBench;
import dev.tunerd.simulator.bench.MemoryBench;
import dev.tunerd.simulator.bench.QualityBench;
import dev.tunerd.simulator.bench.QualityHtml;
import dev.tunerd.simulator.bench.QualityReport;
import dev.tunerd.simulator.bench.RegretStats;
import dev.tunerd.simulator.bench.StartupBench;
import dev.tunerd.simulator.bench.ThroughputBench;
import dev.tunerd.simulator.bench.ThroughputReplay;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.problem.Problems;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tunerd bench}: the benchmarks of BENCHMARKS.md run through daemon child processes. Results print on stderr
 * (stdout stays empty) and, with {@code --out}, into a Markdown file. Exit codes: 0 done, 1 a benchmark failed,
 * 2 bad arguments. Not thread-safe (one picocli invocation).
 */
@Command(name = "bench",
    description = "Benchmarks through the daemon as a child process: quality, throughput, startup.",
    subcommands = {BenchCommand.Quality.class, BenchCommand.Throughput.class, BenchCommand.Startup.class,
        MultiFidelityCommand.class, BenchCommand.Checkpoint.class, BenchCommand.Memory.class})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** Options every benchmark shares. */
    abstract static class Common implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
        boolean help;

        @Option(names = "--daemon-command", description = "command that starts the daemon (default: scripts/tunerd "
            + "of this checkout, else java -jar <this jar>)")
        String daemonCommand;

        @Option(names = "--out", description = "also write the results to this Markdown file")
        Path out;

        DaemonCommand daemon() {
            return daemonCommand == null ? DaemonCommand.sameJar() : DaemonCommand.parse(daemonCommand);
        }

        PrintWriter err() {
            return spec.commandLine().getErr();
        }

        @Override
        public Integer call() throws IOException, InterruptedException {
            String text;
            try {
                text = measure();
            } catch (IllegalArgumentException e) {
                err().println("tunerd bench: " + e.getMessage());
                return 2;
            } catch (SimulationException e) {
                err().println("tunerd bench: " + e.getMessage());
                return 1;
            }
            err().print(text);
            err().flush();
            if (out != null) {
                Files.writeString(out, text, StandardCharsets.UTF_8);
            }
            return 0;
        }

        abstract String measure() throws IOException, InterruptedException, SimulationException;
    }

    @Command(name = "quality",
        description = "BENCHMARKS.md section 1: median regret and normalised scores over seeds (Random is always run).")
    static final class Quality extends Common {
        @Option(names = "--tuners", split = ",", defaultValue = "Random", description = "comma-separated tuners")
        List<String> tuners;

        @Option(names = "--problems", split = ",", description = "comma-separated problems (default: the nine "
            + "textbook functions)")
        List<String> problems;

        @Option(names = "--trials", defaultValue = "200")
        int trials;

        @Option(names = "--seeds", defaultValue = "20")
        int seeds;

        @Option(names = "--parallel", description = "runs in flight (default: the number of cores)")
        Integer parallel;

        @Option(names = "--html", paramLabel = "FILE", description = "also write an offline HTML page: regret "
            + "charts (median and quartiles per tuner), the tables, the reference figures")
        Path html;

        @Option(names = "--concurrency", split = ",", description = "also run every tuner but Random with this many "
            + "trials in flight (comma-separated; GE K at the start, GE 1 after each FINAL and EN), reported next to "
            + "the sequential runs")
        List<Integer> concurrency;

        @Option(names = "--seed-sets", defaultValue = "1", description = "run this many disjoint sets of --seeds "
            + "seeds each (consecutive from the first seed) and score every set (default: ${DEFAULT-VALUE})")
        int seedSets;

        @Option(names = "--first-seed", defaultValue = "0",
            description = "seeds are first-seed .. first-seed + seeds - 1 (a disjoint set: e.g. 1000)")
        int firstSeed;

        @Override
        String measure() throws IOException, InterruptedException {
            List<String> chosen = problems == null ? Problems.TEXTBOOK : problems;
            int p = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
            QualityBench.Plan plan = new QualityBench.Plan(tuners, chosen, trials, seeds, seedSets,
                concurrency == null ? List.of() : concurrency, p, daemon(), firstSeed);
            long start = System.nanoTime();
            QualityBench.Outcome o = QualityBench.run(plan, err());
            if (html != null) {
                QualityHtml.write(html, o, chosen, trials, plan.seedList().size());
            }
            return QualityReport.render(o, chosen, trials, plan.seedList().size()) + String.format(Locale.ROOT,
                "%n(%d runs of %d trials in %.1f s, %d in parallel)%n",
                plan.arms().size() * chosen.size() * plan.seedList().size(), trials,
                (System.nanoTime() - start) / 1e9, p);
        }
    }

    @Command(name = "throughput",
        description = "BENCHMARKS.md section 3: trials x (metrics + final + trial end) through Random + Medianstop.")
    static final class Throughput extends Common {
        @Option(names = "--trials", defaultValue = "2000")
        int trials;

        @Option(names = "--metrics", defaultValue = "50", description = "intermediate metrics per trial")
        int metrics;

        @Option(names = "--start-step", defaultValue = "5", description = "Medianstop start_step")
        int startStep;

        @Option(names = "--runs", defaultValue = "1",
            description = "runs of both modes; with more than one, the medians and ranges are printed too "
                + "(default: ${DEFAULT-VALUE})")
        int runs;

        @Override
        String measure() throws IOException, InterruptedException, SimulationException {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
            }
            ThroughputBench.Plan plan = new ThroughputBench.Plan(trials, metrics, daemon(),
                "{\"start_step\": " + startStep + "}");
            double[] replayed = new double[runs];
            double[] interactive = new double[runs];
            ThroughputBench.Result r = null;
            ThroughputReplay.Result replay = null;
            for (int i = 0; i < runs; i++) {
                r = ThroughputBench.run(plan);
                replay = ThroughputReplay.run(plan, r.recording());
                replayed[i] = replay.wallNanos() / 1e9;
                interactive[i] = r.wallNanos() / 1e9;
            }
            return last(r, replay) + (runs == 1 ? "" : String.format(Locale.ROOT, """
                over %d runs, whole process: replayed median %.3f s = %,.0f commands/s (%.3f to %.3f s); \
                interactive median %.3f s = %,.0f commands/s (%.3f to %.3f s)
                """, runs, RegretStats.median(replayed), r.commands() / RegretStats.median(replayed),
                Arrays.stream(replayed).min().orElse(0), Arrays.stream(replayed).max().orElse(0),
                RegretStats.median(interactive), r.commands() / RegretStats.median(interactive),
                Arrays.stream(interactive).min().orElse(0), Arrays.stream(interactive).max().orElse(0)));
        }

        /** The figures of the last run, both modes. */
        private String last(ThroughputBench.Result r, ThroughputReplay.Result replay) {
            return String.format(Locale.ROOT, """
                throughput: %d commands (%d trials x (%d + 1 + 1) + IN + GE), Random + Medianstop start_step %d
                recorded stream replayed (section 3's method: written from process start, as fast as the pipe takes it)
                  whole process (start to exit)   %.3f s   %,.0f commands/s   (NNI 3.0: 28.3 s, 3,700/s; target >= 185,000/s)
                  start to ID                     %.1f ms
                  peak resident memory (VmHWM)    %.1f MiB
                interactive (the manager waits for ID, then for every TR, before it writes the metrics)
                  whole process (start to exit)   %.3f s   %,.0f commands/s
                  start to ID                     %.1f ms
                  GE %d -> first TR / last TR     %.3f ms / %.3f ms
                  stream written -> all processed %.3f s
                  GE 1 after the stream -> TR     %.3f ms
                  trials stopped early (KI)       %d (replay: %d)
                  peak resident memory (VmHWM)    %.1f MiB
                """, r.commands(), trials, metrics, startStep, replay.wallNanos() / 1e9, replay.commandsPerSecond(),
                replay.startNanos() / 1e6, replay.peakKib() / 1024.0, r.wallNanos() / 1e9, r.commandsPerSecond(),
                r.startupNanos() / 1e6, trials, r.firstTrialNanos() / 1e6, r.allTrialsNanos() / 1e6,
                r.drainNanos() / 1e9, r.barrierNanos() / 1e6, r.kills(), replay.kills(), r.peakKib() / 1024.0);
        }
    }

    @Command(name = "startup",
        description = "Time from starting the daemon process to its ID reply (target < 400 ms).")
    static final class Startup extends Common {
        @Option(names = "--runs", defaultValue = "10")
        int runs;

        @Option(names = "--tuner", defaultValue = "Random")
        String tuner;

        @Override
        String measure() throws IOException, InterruptedException, SimulationException {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
            }
            double[] ms = Arrays.stream(StartupBench.run(daemon(), tuner, runs)).mapToDouble(n -> n / 1e6).toArray();
            return String.format(Locale.ROOT, "startup (process start to ID, %s, %d runs): median %.1f ms, "
                + "min %.1f ms, max %.1f ms (target < 400 ms)%n", tuner, runs, RegretStats.median(ms),
                Arrays.stream(ms).min().orElse(0), Arrays.stream(ms).max().orElse(0));
        }
    }

    @Command(name = "checkpoint",
        description = "What the checkpoint journal costs: trials one at a time on a finite space, without and with "
            + "NNI_CHECKPOINT_DIRECTORY, per tuner.")
    static final class Checkpoint extends Common {
        @Option(names = "--tuners", split = ",", defaultValue = "Random,GridSearch,Batch,TPE,Anneal,Evolution",
            description = "comma-separated tuners (default: ${DEFAULT-VALUE})")
        List<String> tuners;

        @Option(names = "--trials", defaultValue = "20000", description = "trials per run (default: ${DEFAULT-VALUE})")
        int trials;

        @Option(names = "--metrics", defaultValue = "0", description = "intermediate results a trial reports before its"
            + " final result (default: ${DEFAULT-VALUE})")
        int metrics;

        @Override
        String measure() throws IOException, InterruptedException, SimulationException {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "checkpoint cost: %d trials one at a time (GE 1, TR, %d PERIODICAL, FINAL, EN) on a finite space%n"
                + "%-12s %8s %14s %14s %8s %12s%n", trials, metrics, "tuner", "trials", "no checkpoint", "journal",
                "ratio", "journal MB"));
            for (CheckpointCostBench.Row r : CheckpointCostBench.run(new CheckpointCostBench.Plan(tuners, trials,
                    daemon(), metrics))) {
                sb.append(String.format(Locale.ROOT, "%-12s %8d %12.2f s %12.2f s %7.2fx %12.1f%n", r.tuner(),
                    r.trials(), r.plainNanos() / 1e9, r.journalNanos() / 1e9, r.ratio(), r.journalBytes() / 1e6));
            }
            return sb.toString();
        }
    }

    @Command(name = "memory",
        description = "Resident memory of the daemon (Random + Medianstop) against finished trials, trials run in "
            + "batches.")
    static final class Memory extends Common {
        @Option(names = "--trials", split = ",", defaultValue = "10000,50000,100000",
            description = "trial counts at which memory is read, ascending (default: ${DEFAULT-VALUE})")
        List<Integer> trials;

        @Option(names = "--metrics", defaultValue = "50", description = "intermediate results per trial (default: "
            + "${DEFAULT-VALUE})")
        int metrics;

        @Option(names = "--batch", defaultValue = "1000", description = "trials in flight (default: ${DEFAULT-VALUE})")
        int batch;

        @Override
        String measure() throws IOException, InterruptedException, SimulationException {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "memory: Random + Medianstop start_step 5, %d intermediate results a trial, %d trials in flight%n"
                + "%10s %12s %12s %16s %10s%n", metrics, batch, "trials", "VmRSS MiB", "VmHWM MiB",
                "MiB per 1k more", "elapsed"));
            long previousKib = -1;
            int previousTrials = 0;
            for (MemoryBench.Sample s : MemoryBench.run(new MemoryBench.Plan(trials, metrics, batch, daemon()))) {
                String slope = previousKib < 0 ? "-" : String.format(Locale.ROOT, "%.2f",
                    (s.rssKib() - previousKib) / 1024.0 / ((s.trials() - previousTrials) / 1000.0));
                sb.append(String.format(Locale.ROOT, "%10d %12.1f %12.1f %16s %8.1f s%n", s.trials(),
                    s.rssKib() / 1024.0, s.peakKib() / 1024.0, slope, s.seconds()));
                previousKib = s.rssKib();
                previousTrials = s.trials();
            }
            return sb.toString();
        }
    }
}
