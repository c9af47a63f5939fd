package dev.tunerd.app;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.core.checkpoint.cli.CheckpointCommand;
import dev.tunerd.core.channel.ws.WebSocketChannel;
import dev.tunerd.core.channel.ws.WebSocketOptions;
import dev.tunerd.core.cli.DaemonCommand;
import dev.tunerd.core.cli.DaemonLaunchArgs;
import dev.tunerd.core.cli.DaemonWiring;
import dev.tunerd.core.cli.StartupWarmup;
import dev.tunerd.core.cli.TunerdCli;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.logging.LoggingSetup;
import dev.tunerd.report.ReportCommand;
import dev.tunerd.simulator.BenchCommand;
import dev.tunerd.simulator.SimulateCommand;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Entry point of the runnable jar and the only place that calls {@link System#exit}.
 *
 * <p>stdout carries protocol frames only: the {@code System} output stream is pointed at stderr before anything else runs, so a
 * stray print from a library or plugin cannot corrupt the stream. The real stdout is reached through
 * {@link FileDescriptor#out} by the pipe channel, and by picocli for {@code --help}, {@code --version} and
 * {@code --list}.
 */
public final class Main {

    /** Hidden, for tests: the reconnection schedule instead of NNI's (docs/PROTOCOL.md 2.4). */
    private static final String RECONNECT_DELAYS = "TUNERD_WS_RECONNECT_DELAYS";

    private Main() {
    }

    private static CommandChannel connectWebSocket(URI url, DaemonSettings settings)
            throws IOException, InterruptedException {
        WebSocketOptions options = WebSocketOptions.defaults()
            .withMaxFrameBytes(settings.frameFormat().maxFrameBytes())
            .withForm(settings.wsForm().orElse(null));
        String delays = System.getenv(RECONNECT_DELAYS);
        if (delays != null) {
            try {
                options = options.withReconnectDelays(WebSocketOptions.parseReconnectDelays(delays));
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(RECONNECT_DELAYS + ": " + e.getMessage(), e);
            }
        }
        return WebSocketChannel.connect(url, options);
    }

    /** The tools beside the daemon: {@code simulate}, {@code bench}, {@code checkpoint}, {@code report}. */
    static void addSubcommands(CommandLine cli) {
        cli.addSubcommand("simulate", new SimulateCommand());
        cli.addSubcommand("bench", new BenchCommand());
        cli.addSubcommand("checkpoint", new CheckpointCommand());
        cli.addSubcommand("report", new ReportCommand());
        TunerdCli.configureSubcommands(cli); // after the last subcommand
    }

    /**
     * False when the command line is a daemon launch (it starts with an option, as NNI's {@code -m nni ...} and
     * {@code --tuner ...} do) and asks for no help: then no subcommand can be meant and none is registered.
     */
    static boolean mayNameSubcommand(String[] args) {
        if (args.length == 0 || !args[0].startsWith("-")) {
            return true;
        }
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help")) {
                return true;
            }
        }
        return false;
    }

    public static void main(String[] args) {
        boolean daemonLaunch = !mayNameSubcommand(args);
        if (daemonLaunch) { // overlaps the command-line reading below (2 cores or more)
            LoggingSetup.initializeInBackground(); // first: the main thread waits for it before the first log line
            StartupWarmup.startInBackground();
        }
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
            StandardCharsets.UTF_8), true);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(err);
        System.setErr(err);
        CheckpointWiring checkpoint = new CheckpointWiring();
        DaemonWiring wiring = checkpoint.applyTo(DaemonWiring.DEFAULT.withWebSocket(Main::connectWebSocket));
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        DaemonCommand root = new DaemonCommand(wiring);
        int status;
        if (daemonLaunch && DaemonLaunchArgs.fill(root, args)) { // the plain launch form: no picocli model to build
            status = TunerdCli.call(root, errWriter);
        } else {
            CommandLine cli = TunerdCli.commandLine(root, out, errWriter);
            if (!daemonLaunch) { // building their picocli models is start-up time the daemon does not need
                addSubcommands(cli);
            }
            status = cli.execute(args);
        }
        checkpoint.close();
        out.flush();
        err.flush();
        System.exit(status);
    }
}
