package dev.tunerd.core.cli;

import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.dispatch.ExitCode;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Builds the picocli {@link CommandLine} for {@code tunerd} with the documented exit codes: a bad flag or a
 * {@link ConfigurationException} is 2 (message on stderr, no stack trace), a channel that cannot be opened is 4
 * (message only, too: the channel has logged its attempts), anything else escaping is 1 (with the stack trace). The application adds subcommands to the returned object:
 * {@code cli.addSubcommand("simulate", new SimulateCommand())}. Not thread-safe.
 */
public final class TunerdCli {

    private TunerdCli() {
    }

    /**
     * @param root the daemon command
     * @param out  where {@code --help}, {@code --version} and {@code --list} print (the real stdout)
     * @param err  where errors print (stderr)
     */
    public static CommandLine commandLine(DaemonCommand root, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(DaemonCommandSpec.of(root));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(TunerdCli::exitCode);
        cli.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("tunerd: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try 'tunerd --help' for the accepted flags.");
            return ExitCode.USAGE.status();
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ex, commandLine.getErr()));
        return cli;
    }

    /**
     * Runs a daemon command whose fields {@link DaemonLaunchArgs} filled, without picocli, with the exit codes and
     * error output {@link #commandLine}'s execution would give.
     */
    public static int call(DaemonCommand root, PrintWriter err) {
        try {
            return root.call();
        } catch (Exception e) {
            return failed(e, err);
        }
    }

    /** Says why a command failed on {@code err} and returns its exit code. */
    private static int failed(Exception ex, PrintWriter err) {
        int code = exitCode(ex);
        if (code == ExitCode.USAGE.status() || ex instanceof DaemonRunner.ChannelOpenException) {
            err.println("tunerd: " + ex.getMessage());
        } else {
            err.println("tunerd: " + ex);
            ex.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    /**
     * Gives every subcommand added since {@link #commandLine} the root's output streams and exit-code handling
     * (picocli applies those settings only to the subcommands present when they are set). Call after the last
     * {@code addSubcommand}; without it a subcommand would print to the {@code System} output stream, which {@code Main} points at
     * stderr.
     */
    public static void configureSubcommands(CommandLine cli) {
        cli.setOut(cli.getOut());
        cli.setErr(cli.getErr());
        cli.setExitCodeExceptionMapper(cli.getExitCodeExceptionMapper());
        cli.setParameterExceptionHandler(cli.getParameterExceptionHandler());
        cli.setExecutionExceptionHandler(cli.getExecutionExceptionHandler());
    }

    static int exitCode(Throwable t) {
        if (t instanceof ConfigurationException || t instanceof CommandLine.ParameterException) {
            return ExitCode.USAGE.status();
        }
        if (t instanceof DaemonRunner.ChannelOpenException) {
            return ExitCode.CHANNEL_IO.status();
        }
        return ExitCode.ALGORITHM_FAILURE.status();
    }
}
