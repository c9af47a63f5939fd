package dev.tunerd.simulator;

import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.ExperimentSettings;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.SimulatedManager;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.report.HtmlReport;
import dev.tunerd.simulator.report.ProgressReporter;
import dev.tunerd.simulator.report.SummaryTable;
import dev.tunerd.simulator.report.TrialsJsonl;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tunerd simulate}: runs one whole experiment against a built-in problem, with the daemon as a child process
 * over the framed pipe, and leaves a summary on stderr plus {@code trials.jsonl} and {@code report.html} in the
 * output directory. Prints nothing on stdout. Exit codes: 0 done, 1 the experiment failed, 2 bad arguments.
 * Not thread-safe (one picocli invocation).
 */
@Command(name = "simulate", sortOptions = false,
    description = "Run a simulated NNI experiment against the daemon (started as a child process) on a built-in "
        + "problem, and write trials.jsonl and report.html.")
public final class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Option(names = "--tuner", defaultValue = "TPE",
        description = "builtin tuner name, e.g. Random, TPE, Anneal (default: ${DEFAULT-VALUE})")
    String tuner;

    @Option(names = "--tuner-args", description = "classArgs JSON (default: {\"optimize_mode\": \"minimize\"}, "
        + "plus --seed for Random, TPE, Anneal, Evolution, PBT, GP, CMAES, SMAC, Auto, Metis and DNGO; for the "
        + "advisors Hyperband, BOHB and ASHA also the budgets of the problem's horizon E, as bench multifidelity: "
        + "R = E, budgets 1..E, E/9..E, eta 3, and --seed)")
    String tunerArgs;

    @Option(names = "--assessor", description = "builtin assessor name, e.g. Medianstop")
    String assessor;

    @Option(names = "--assessor-args", description = "assessor classArgs JSON (default: minimize; Curvefitting also "
        + "epoch_num = the problem's horizon)")
    String assessorArgs;

    @Option(names = "--problem", defaultValue = "mixed",
        description = "one of: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})",
        completionCandidates = ProblemNames.class)
    String problem;

    @Option(names = "--trials", defaultValue = "100", description = "how many trials to run (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = "--concurrency", defaultValue = "1", description = "trials in flight (default: ${DEFAULT-VALUE})")
    int concurrency;

    @Option(names = "--seed", defaultValue = "0", description = "seed of the run (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--out", description = "output directory (default: ./tunerd-sim-<timestamp>)")
    Path out;

    @Option(names = "--daemon-command", description = "command that starts the daemon, words separated by spaces "
        + "(default: scripts/tunerd of this checkout, else java -jar <this jar>)")
    String daemonCommand;

    @Option(names = "--assess-wait-ms", defaultValue = "5",
        description = "with --daemon-command: how long a trial waits for a KI after each intermediate metric (default:"
            + " ${DEFAULT-VALUE}); this jar's daemon answers a PI barrier instead (--echo-ping), so runs repeat whatever"
            + " the load")
    long assessWaitMillis;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Problem p;
        ExperimentSettings settings;
        AlgorithmChoice tunerChoice;
        AlgorithmChoice assessorChoice;
        DaemonCommand daemon;
        try {
            p = Problems.create(problem, seed);
            daemon = daemonCommand == null ? DaemonCommand.sameJar().withEchoPing()
                : DaemonCommand.parse(daemonCommand);
            settings = new ExperimentSettings(p, trials, concurrency, seed, assessor != null,
                Duration.ofMillis(assessWaitMillis), Duration.ofSeconds(60), daemon.echoesPing());
            tunerChoice = SimulateChoices.tuner(tuner, tunerArgs, p, seed);
            assessorChoice = SimulateChoices.assessor(assessor, assessorArgs, p, seed).orElse(null);
        } catch (IllegalArgumentException e) {
            err.println("tunerd simulate: " + SafeText.of(e.getMessage()));
            return 2;
        }
        Path dir = out != null ? out : Path.of("tunerd-sim-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC).format(clock.instant()));
        try { // an existing file as --out was a FileAlreadyExistsException's stack trace, exit 1
            Files.createDirectories(dir);
        } catch (IOException e) {
            err.println("tunerd simulate: --out " + SafeText.of(dir) + " cannot be the output directory"
                + (Files.exists(dir) && !Files.isDirectory(dir) ? ": it is a file, not a directory"
                : " (" + SafeText.of(e.getMessage()) + ")"));
            return 2;
        }
        ProgressReporter progress = new ProgressReporter(err, System.console() != null);
        RunResult result;
        DaemonProcess started = null;
        try (DaemonProcess d = DaemonProcess.start(daemon.commandLine(tunerChoice, assessorChoice, trials, concurrency),
                dir.resolve("daemon.log"))) {
            started = d;
            result = new SimulatedManager(settings, d, progress).run();
        } catch (SimulationException e) {
            progress.finish();
            err.println("tunerd simulate: " + e.getMessage());
            return refusedItsOptions(started) ? 2 : 1;
        } catch (IOException e) { // a daemon that exits at once closes its input before the first command is written
            progress.finish();
            boolean refused = refusedItsOptions(started);
            err.println("tunerd simulate: cannot talk to the daemon (" + SafeText.of(e.getMessage()) + ")"
                + (refused ? "; it exited with code 2, see " + dir.resolve("daemon.log") : ""));
            return refused ? 2 : 1;
        }
        progress.finish();
        err.print(SummaryTable.render(result, tuner, assessor));
        TrialsJsonl.write(dir.resolve("trials.jsonl"), result);
        HtmlReport.write(dir.resolve("report.html"), result, tuner, assessor);
        err.println("report: " + dir.resolve("report.html").toAbsolutePath());
        err.flush();
        return 0;
    }

    /**
     * Whether the daemon exited with code 2, a usage error: classArgs out of range or of the wrong type reach only the
     * daemon (the algorithms are not in this module), which names the key and exits 2; simulate said exit 1, "the
     * experiment failed" (issue 13 hardening). The message, with the end of the daemon's log, is printed either way.
     */
    private static boolean refusedItsOptions(DaemonProcess daemon) {
        try {
            Integer exit = daemon == null ? null : daemon.awaitExit(0, TimeUnit.SECONDS);
            return exit != null && exit == 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The problem names for {@code --help}. */
    static final class ProblemNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Problems.names().iterator();
        }
    }
}
