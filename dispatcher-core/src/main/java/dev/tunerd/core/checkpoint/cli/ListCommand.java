package dev.tunerd.core.checkpoint.cli;

import dev.tunerd.core.checkpoint.CheckpointSummary;
import dev.tunerd.core.checkpoint.RecoveredState;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tunerd checkpoint list BASE_DIR [--offset N] [--limit M]}: every experiment checkpoint under a base
 * directory, newest first, paged; an unreadable one is listed with its error and does not stop the listing.
 * Not thread-safe.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "Lists experiment checkpoints under a base directory (such as ~/nni-experiments), newest first.")
final class ListCommand implements Callable<Integer> {
    private static final String FORMAT = "%-20s  %-24s  %-24s  %6s  %s";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE_DIR", description = "directory whose sub-directories are experiments")
    Path base;

    @Option(names = "--offset", paramLabel = "N", defaultValue = "0", description = "entries to skip (default 0)")
    int offset;

    @Option(names = "--limit", paramLabel = "M", defaultValue = "20", description = "entries to show (default 20)")
    int limit;

    @Override
    public Integer call() {
        if (offset < 0 || limit < 1) {
            throw new ParameterException(spec.commandLine(), "--offset must be >= 0 and --limit >= 1, got --offset "
                + offset + " --limit " + limit);
        }
        List<CheckpointListing.Entry> all;
        try {
            all = CheckpointListing.scan(base);
        } catch (UncheckedIOException e) {
            spec.commandLine().getErr().println("cannot list " + base + ": " + e.getCause());
            spec.commandLine().getErr().flush();
            return CheckpointCommand.EXIT_UNREADABLE;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format(Locale.ROOT, FORMAT, "EXPERIMENT", "CREATED", "UPDATED", "TRIALS", "BEST"));
        int end = (int) Math.min(all.size(), (long) offset + limit);
        for (CheckpointListing.Entry e : all.subList(Math.min(offset, all.size()), end)) {
            out.println(line(e));
        }
        out.println(all.isEmpty() || offset >= all.size() ? "no entries (" + all.size() + " in total)"
            : "entries " + (offset + 1) + "-" + end + " of " + all.size());
        out.flush();
        return 0;
    }

    private static String line(CheckpointListing.Entry e) {
        if (e.state().isEmpty()) {
            return String.format(Locale.ROOT, FORMAT, e.name(), "-", seconds(e.updated()), "-",
                "UNREADABLE: " + e.error().orElse("unknown error"));
        }
        RecoveredState s = e.state().get();
        CheckpointSummary sum = CheckpointListing.summary(e);
        String best = sum.best().map(Rows::describe).orElse("-") + (sum.modeAssumed() ? "" : " " + sum.mode());
        return String.format(Locale.ROOT, FORMAT, e.name(), s.createdAt().map(ListCommand::seconds).orElse("-"),
            seconds(e.updated()), sum.trials().size(), best);
    }

    private static String seconds(Instant t) {
        return t.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
