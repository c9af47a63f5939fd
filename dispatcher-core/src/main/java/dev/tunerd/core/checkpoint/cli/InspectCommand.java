package dev.tunerd.core.checkpoint.cli;

import dev.tunerd.core.checkpoint.AlgorithmSnapshot;
import dev.tunerd.core.checkpoint.CheckpointException;
import dev.tunerd.core.checkpoint.CheckpointLayout;
import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.core.checkpoint.CheckpointSummary;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.spi.OptimizeMode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tunerd checkpoint inspect DIR}: trials with their states, the best result, ids issued. Not thread-safe. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
    description = "Shows one checkpoint: trials with their states, the best result, ids issued.")
final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "NNI_CHECKPOINT_DIRECTORY of the experiment"
        + " (the directory holding tunerd/), or the tunerd/ directory itself")
    Path directory;

    @Option(names = "--optimize", paramLabel = "MODE", converter = OptimizeModeConverter.class,
        description = "minimize or maximize, when the checkpoint does not say or to override it")
    OptimizeMode optimize;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = directory.getFileName() != null && directory.getFileName().toString().equals(CheckpointLayout.ROOT)
            && directory.getParent() != null ? directory.getParent() : directory;
        RecoveredState state;
        try {
            state = CheckpointReader.read(dir);
        } catch (CheckpointException e) {
            spec.commandLine().getErr().println("cannot read checkpoint " + dir + ": " + e.getMessage());
            spec.commandLine().getErr().flush();
            return CheckpointCommand.EXIT_UNREADABLE;
        }
        print(out, dir, state, CheckpointSummary.of(state, Optional.ofNullable(optimize)));
        out.flush();
        return 0;
    }

    private static void print(PrintWriter out, Path dir, RecoveredState s, CheckpointSummary summary) {
        out.println("checkpoint:   " + CheckpointLayout.root(dir));
        out.println("created:      " + s.createdAt().map(Object::toString).orElse("unknown"));
        out.println("tuner:        " + s.info().tunerName().orElse("unknown"));
        out.println("optimize:     " + summary.mode() + (summary.modeAssumed() ? " (assumed)" : ""));
        out.println("search space: " + s.searchSpace().map(sp -> sp.size() + " parameters").orElse("not set"));
        out.println("ids issued:   " + s.issuedParameters().size() + " (next id " + s.nextParameterId() + ")");
        out.println("results:      " + s.results().size() + ", ended trials: " + s.endedTrials().size()
            + ", imported: " + s.importedData().size());
        for (AlgorithmSnapshot a : s.algorithmSnapshots().values()) {
            out.println("snapshot:     " + a.role().key() + " (covers " + a.covered().results() + " results)");
        }
        s.warnings().forEach(w -> out.println("warning:      " + w));
        out.println("best:         " + summary.best().map(Rows::describe).orElse("none"));
        out.println(Rows.HEADER);
        summary.trials().forEach(t -> out.println(Rows.row(t)));
    }
}
