package dev.tunerd.simulator;

import dev.tunerd.simulator.fidelity.MultiFidelityBench;
import dev.tunerd.simulator.fidelity.MultiFidelityHtml;
import dev.tunerd.simulator.fidelity.MultiFidelityReport;
import dev.tunerd.simulator.fidelity.Reporting;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tunerd bench multifidelity}: regret against epochs spent, for advisors, assessors and full trainings. */
@Command(name = "multifidelity",
    description = "Multi-fidelity benchmark: regret at 25/50/100%% of a budget of full trainings in epochs, worker"
        + " utilisation, and every contender paired with random search on the same seeds (BENCHMARKS.md).")
final class MultiFidelityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Option(names = "--algorithms", split = ",", defaultValue = "Random,TPE+Medianstop,TPE+SuccessiveHalving,"
        + "Hyperband,BOHB,ASHA,ASHA-tpe", description = "comma-separated contenders: ${DEFAULT-VALUE}, Hyperband-serial, BOHB-serial, BOHB-nni, BOHB-kde;"
            + " a contender takes more classArgs as <name>#key=value;key=value (a number, true or false; the"
            + " assessor's for a tuner with an assessor), e.g. BOHB#rung_share=0.33, and <name>@tau sets its"
            + " rank_agreement")
    List<String> algorithms;

    @Option(names = "--problems", split = ",", defaultValue = "curves,crossing,longcurves,longcrossing",
        description = "comma-separated learning-curve problems, of: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE},"
            + " the four the multi-fidelity rules were tuned on)", completionCandidates = CurveProblemNames.class)
    List<String> problems;

    @Option(names = "--workers", split = ",", defaultValue = "1,4")
    List<Integer> workers;

    @Option(names = "--seeds", defaultValue = "20", description = "seeds first-seed .. first-seed + n - 1")
    int seeds;

    @Option(names = "--set-size", description = "seeds per set in the table paired with random search, which counts"
        + " the sets at or below it; must divide --seeds (default: all seeds in one set)")
    Integer setSize;

    @Option(names = "--first-seed", defaultValue = "0")
    long firstSeed;

    @Option(names = "--full-trainings", defaultValue = "100", description = "budget in full trainings")
    int fullTrainings;

    @Option(names = "--parallel", description = "runs in flight (default: the number of cores)")
    Integer parallel;

    @Option(names = "--assess-wait-ms", defaultValue = "2",
        description = "with --daemon-command: wait this long for an assessor's KI after each intermediate result (this"
            + " jar's daemon answers a PI barrier instead, so its runs repeat whatever the load)")
    long assessWaitMs;

    @Option(names = "--daemon-command", description = "command that starts the daemon (default: this jar, started"
        + " with --echo-ping; a command that includes --echo-ping gets the same PI barrier)")
    String daemonCommand;

    @Option(names = "--out", description = "also write the tables to this Markdown file")
    Path out;

    @Option(names = "--per-run", description = "also write one CSV line per run (seed) to this file")
    Path perRun;

    @Option(names = "--maximize", description = "the mirror run: trials report the score 1 - loss / 4 (accuracy-like)"
        + " at every epoch and as final, and every contender (tuners, advisors and assessors) is given optimize_mode"
        + " maximize; regret stays the incumbent's true loss. Rank-based, affine-invariant rules decide as without it"
        + " (default: off, losses minimised)")
    boolean maximize;

    @Option(names = "--html", paramLabel = "FILE", description = "also write an offline HTML page: per problem and "
        + "worker count a chart of mean regret against the epochs spent (quartile bands over seeds), the tables")
    Path html;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (setSize != null && seeds >= 1 && (setSize < 1 || setSize > seeds || seeds % setSize != 0)) {
            err.println("tunerd bench multifidelity: --set-size must be 1.." + Math.max(seeds, 1) + " and divide --seeds "
                + seeds + ", got " + setSize);
            return 2;
        }
        for (Map.Entry<String, Path> file : outputs().entrySet()) {
            String why = unwritable(file.getValue());
            if (why != null) {
                err.println("tunerd bench multifidelity: " + file.getKey() + " " + SafeText.of(file.getValue()) + ": "
                    + why);
                return 2;
            }
        }
        List<Long> seedList = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            seedList.add(firstSeed + i);
        }
        String text;
        List<String> contenders;
        List<MultiFidelityBench.Cell> cells;
        try {
            MultiFidelityBench.Plan plan = new MultiFidelityBench.Plan(algorithms, problems, workers, seedList,
                fullTrainings, parallel != null ? parallel : Runtime.getRuntime().availableProcessors(), assessWaitMs,
                daemonCommand == null ? DaemonCommand.sameJar().withEchoPing() : DaemonCommand.parse(daemonCommand),
                maximize ? Reporting.SCORE : Reporting.LOSS);
            contenders = plan.contenders();
            cells = MultiFidelityBench.run(plan, err);
            text = (maximize ? MIRRORED : "") + MultiFidelityReport.render(cells, setSize == null ? 0 : setSize);
            if (perRun != null) {
                Files.writeString(perRun, MultiFidelityReport.perRunCsv(cells), StandardCharsets.UTF_8);
            }
        } catch (IllegalArgumentException e) {
            err.println("tunerd bench multifidelity: " + SafeText.of(e.getMessage()));
            return 2;
        } catch (SimulationException e) {
            err.println("tunerd bench multifidelity: " + SafeText.of(e.getMessage()));
            return 1;
        }
        err.print(text);
        err.flush();
        if (out != null) {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        }
        if (html != null) {
            try {
                MultiFidelityHtml.write(html, cells, new MultiFidelityHtml.Settings(contenders, problems, workers,
                    seeds, firstSeed, setSize == null ? 0 : setSize, fullTrainings, version(), DateTimeFormatter
                    .ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).format(ZonedDateTime.now(ZoneOffset.UTC))));
            } catch (IOException e) {
                err.println("tunerd bench multifidelity: --html " + SafeText.of(html) + ": cannot write: "
                    + SafeText.of(e));
                return 1;
            }
        }
        return 0;
    }

    /** The first line of the tables of a {@code --maximize} run. */
    static final String MIRRORED = "Mirror run (--maximize): trials reported 1 - loss / 4, every contender maximised;"
        + " regret is the incumbent's true loss.\n";

    /** The files the options name, by flag, in the order they are written. */
    private Map<String, Path> outputs() {
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("--per-run", perRun);
        files.put("--out", out);
        files.put("--html", html);
        files.values().removeIf(Objects::isNull);
        return files;
    }

    /**
     * Why {@code file} cannot be written, checked before any run starts so that hours of runs do not end in an error:
     * a directory, an existing file without write permission, or a missing or read-only parent directory. Null when
     * it can.
     */
    static String unwritable(Path file) {
        Path target = file.toAbsolutePath();
        if (Files.isDirectory(target)) {
            return "is a directory";
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            return "is not writable";
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "its directory does not exist";
        }
        return Files.isWritable(dir) ? null : "its directory is not writable";
    }

    /** The version the root command reports (its first line, e.g. "tunerd 0.1.0"), or "unknown". */
    private String version() {
        IVersionProvider provider = spec.root().versionProvider();
        try {
            String[] lines = provider == null ? spec.root().version() : provider.getVersion();
            return lines.length == 0 || lines[0].isBlank() ? "unknown" : lines[0];
        } catch (Exception e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** The problems with a learning curve (more than one epoch), for {@code --help}. */
    static final class CurveProblemNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Problems.names().stream()
                .filter(p -> Problems.create(p, 0).epochs() > 1).iterator();
        }
    }
}
