package dev.tunerd.report;

import dev.tunerd.core.checkpoint.CheckpointException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tunerd report SOURCE [EXPERIMENT_ID] [--output FILE]}: writes the offline HTML report of an experiment and
 * prints the path it wrote on stdout (one line, nothing else, so {@code xdg-open "$(tunerd report ...)"} works);
 * messages go to stderr. Exit codes: 0 written, 1 the source could not be read or the file not written, 2 usage
 * (a source that is not an experiment, a directory as {@code --output}). Paths, ids and anything read from the source
 * reach stderr escaped and capped ({@link SafeText}): a path holding a line break or a terminal escape printed it raw
 * before (issue 13, session 33). Not thread-safe (one picocli invocation).
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write an offline HTML report (charts, parameter importance, trial table) of an experiment, read "
        + "from its tunerd checkpoint or from the trials.jsonl of tunerd simulate. Prints the file's path.")
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SOURCE", description = "a checkpoint directory (NNI_CHECKPOINT_DIRECTORY, "
        + "or its tunerd/ folder), an NNI experiment directory, a trials.jsonl or a tunerd simulate output directory, "
        + "or an experiments directory (with EXPERIMENT_ID)")
    Path source;

    @Parameters(index = "1", arity = "0..1", paramLabel = "EXPERIMENT_ID",
        description = "an experiment under SOURCE (e.g. ~/nni-experiments and its id)")
    String experimentId;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "tunerd-report.html",
        description = "where to write the report (default: ${DEFAULT-VALUE})")
    Path output;

    @Option(names = "--optimize", paramLabel = "MODE",
        description = "minimize or maximize, when the source does not say or to override it")
    String optimize;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (Files.isDirectory(output)) {
            err.println("tunerd report: --output " + SafeText.of(output) + " is a directory; give a file name");
            err.flush();
            return 2;
        }
        Experiment e;
        try {
            Optional<OptimizeMode> mode = Optional.ofNullable(optimize).map(ReportCommand::mode);
            e = ExperimentSources.read(source, Optional.ofNullable(experimentId), mode);
        } catch (IllegalArgumentException ex) {
            err.println("tunerd report: " + SafeText.of(ex.getMessage()));
            err.flush();
            return 2;
        } catch (CheckpointException | IOException ex) {
            err.println("tunerd report: cannot read " + SafeText.of(source) + ": " + SafeText.of(ex.getMessage()));
            err.flush();
            return 1;
        }
        long start = System.nanoTime();
        try {
            ExperimentReport.write(output, e);
        } catch (IOException ex) {
            err.println("tunerd report: cannot write " + SafeText.of(output) + ": " + SafeText.of(ex));
            err.flush();
            return 1;
        }
        err.printf(Locale.ROOT, "tunerd report: %d trials, written in %.2f s%n", e.trials().size(),
            (System.nanoTime() - start) / 1e9);
        err.flush();
        PrintWriter out = spec.commandLine().getOut();
        out.println(output.toAbsolutePath());
        out.flush();
        return 0;
    }

    private static OptimizeMode mode(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "minimize" -> OptimizeMode.MINIMIZE;
            case "maximize" -> OptimizeMode.MAXIMIZE;
            default -> throw new IllegalArgumentException("--optimize must be minimize or maximize, got '" + text
                + "'");
        };
    }
}
