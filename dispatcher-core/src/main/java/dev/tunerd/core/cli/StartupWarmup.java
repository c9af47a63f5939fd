package dev.tunerd.core.cli;

import dev.tunerd.core.logging.LoggingSetup;
import dev.tunerd.core.plugin.AlgorithmRegistry;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.spi.space.SearchSpace;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Work a daemon start does anyway, done early on a background thread ({@code tunerd-warm-up}) while the main thread
 * reads the command line and Logback initialises on a third: loading and initialising the classes of the algorithm
 * registry and of the command path (frame codec, JSON reader, typed commands, search-space parser) by running each
 * once on sample frames; the registry only after Logback's initialisation (it takes a logger, and SLF4J must be
 * initialised by one thread). Pure: no I/O, no logging, no state kept; whatever it fails on is left to the real start
 * to report.
 */
public final class StartupWarmup implements Runnable {

    private static final String SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [1e-05, 0.1]},"
        + " \"bs\": {\"_type\": \"choice\", \"_value\": [16, 32]},"
        + " \"n\": {\"_type\": \"randint\", \"_value\": [1, 9]}}";
    static final List<Command> SAMPLE = List.of(
        new Command(CommandType.INITIALIZE, SPACE),
        new Command(CommandType.REQUEST_TRIAL_JOBS, "1"),
        new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
            + " \"PERIODICAL\", \"sequence\": 0, \"value\": \"0.5\"}"),
        new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
            + " \"FINAL\", \"sequence\": 0, \"value\": \"{\\\"default\\\": 0.5}\"}"),
        new Command(CommandType.TRIAL_END, "{\"trial_job_id\":\"A\",\"event\":\"SUCCEEDED\",\"hyper_params\":"
            + "\"{\\\"parameter_id\\\": 0, \\\"parameters\\\": {}}\"}"));

    /** Runs the warm-up on a daemon thread of its own. */
    public static void startInBackground() {
        Thread t = new Thread(new StartupWarmup(), "tunerd-warm-up");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (Command c : SAMPLE) {
                bytes.writeBytes(encoder.encode(c));
            }
            FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
            ByteBuffer in = ByteBuffer.wrap(bytes.toByteArray());
            for (Command c = decoder.decode(in); c != null; c = decoder.decode(in)) {
                if (InboundCommands.parse(c) instanceof InboundCommand.Initialize init) {
                    SearchSpace.parse(init.searchSpace(), SearchSpace.ALL_TYPES);
                }
            }
            encoder.encode(OutboundCommands.killTrialJob("A"));
            // the registry takes a logger: SLF4J is initialised by the logging thread, not raced from here
            LoggingSetup.awaitInitialization();
            new AlgorithmRegistry(StartupWarmup.class.getClassLoader());
        } catch (RuntimeException | Error e) {
            // nothing to do: the real start meets the same problem and reports it where it belongs
        }
    }
}
