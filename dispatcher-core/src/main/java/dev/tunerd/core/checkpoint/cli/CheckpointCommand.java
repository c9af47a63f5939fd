package dev.tunerd.core.checkpoint.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tunerd checkpoint}: reads checkpoints without a running dispatcher. Exit codes: 0 done, 1 a checkpoint or
 * directory could not be read, 2 usage error (picocli's default). Output goes to the command line's
 * {@code getOut()}, errors to {@code getErr()}; tests inject both. Not thread-safe (one instance per invocation).
 */
@Command(name = "checkpoint", mixinStandardHelpOptions = true,
    description = "Reads tunerd checkpoints (the tunerd/ folder of NNI's checkpoint directory).",
    subcommands = {InspectCommand.class, ListCommand.class})
public final class CheckpointCommand implements Callable<Integer> {
    /** Exit code when a checkpoint or directory could not be read. */
    public static final int EXIT_UNREADABLE = 1;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: inspect or list");
    }
}
