package dev.tunerd.core.cli;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.core.channel.PipeChannel;
import dev.tunerd.core.dispatch.ChannelReplySink;
import dev.tunerd.core.dispatch.Daemon;
import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.core.dispatch.DispatchState;
import dev.tunerd.core.dispatch.ExitCode;
import dev.tunerd.core.dispatch.MsgDispatcher;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.core.plugin.ClassArgsBinder;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.plugin.AlgorithmFactory;
import dev.tunerd.core.plugin.AlgorithmRegistry;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tunerd --cds-training} (hidden): runs short in-memory sessions through the real code paths (CLI, registry,
 * classArgs binding, logging, frame codec, daemon threads, the builtin algorithms on a space with every parameter
 * type: Random with Medianstop as in the throughput stream, then TPE, Anneal, Evolution and GridSearch) so that a
 * class-data-sharing archive recorded during it ({@code -XX:ArchiveClassesAtExit}) covers what a real start loads.
 * {@code scripts/tunerd} uses it; the archive roughly halves the time to the first reply. Writes nothing to stdout.
 * Main thread only.
 */
final class CdsTraining {

    private CdsTraining() {
    }

    /** A space with every kind of parameter the builtins handle: numeric, log, integer, q-type, nested choice. */
    private static final String SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [1e-5, 0.1]},"
        + " \"x\": {\"_type\": \"uniform\", \"_value\": [-1, 1]}, \"n\": {\"_type\": \"randint\", \"_value\": [1, 9]},"
        + " \"q\": {\"_type\": \"quniform\", \"_value\": [0, 10, 2]},"
        + " \"g\": {\"_type\": \"normal\", \"_value\": [0, 1]},"
        + " \"opt\": {\"_type\": \"choice\", \"_value\": [{\"_name\": \"sgd\", \"m\": {\"_type\": \"uniform\","
        + " \"_value\": [0, 1]}}, {\"_name\": \"adam\"}]}, \"bs\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}}";
    private static final int TRIALS = 24;
    private static final int STEPS = 6;

    static int run(PrintWriter listOut) throws InterruptedException {
        new AlgorithmLister(List.of()).print(new PrintWriter(PrintWriter.nullWriter()));
        ClassArgsBinder binder = new ClassArgsBinder();
        binder.describe(binder.bind("training", (JsonObject) Json.parse("{\"optimize_mode\": \"maximize\", \"seed\": 1,"
            + " \"inner\": {\"gamma\": 0.5}, \"extra\": {\"a\": [1, 2.5]}}"), TrainingArgs.class));
        // a real start reads its command line without picocli and validates the settings (see DaemonLaunchArgs)
        DaemonCommand launch = new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
        if (DaemonLaunchArgs.fill(launch, new String[] {"--tuner", "Random", "--tuner-args", "{\"seed\": 0}",
            "--assessor", "Medianstop", "--assessor-args", "{\"start_step\": 5}"})) {
            launch.settings();
        }
        ClassLoader loader = CdsTraining.class.getClassLoader();
        AlgorithmFactory factory = new AlgorithmFactory(new AlgorithmRegistry(loader), binder, loader);
        int status = session(factory, "Random", "Medianstop");
        for (String tuner : List.of("TPE", "Anneal", "Evolution", "GridSearch")) {
            session(factory, tuner, null);
        }
        listOut.flush();
        return status;
    }

    /**
     * One in-memory experiment through the real daemon: IN, GE for every trial, intermediate and final metrics,
     * trial ends, an import and a ping, with builtin algorithms created the way a launch creates them.
     */
    private static int session(AlgorithmFactory factory, String tunerName, String assessorName)
            throws InterruptedException {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
        List<Command> script = new ArrayList<>();
        script.add(new Command(CommandType.INITIALIZE, SPACE));
        script.add(new Command(CommandType.REQUEST_TRIAL_JOBS, Integer.toString(TRIALS)));
        for (int id = 0; id < TRIALS; id++) {
            String job = "job" + id;
            for (int step = 0; step < STEPS; step++) {
                script.add(metric(id, job, "PERIODICAL", step, "\"" + (0.1 * step + 0.01 * id) + "\""));
            }
            script.add(metric(id, job, "FINAL", 0, "\"{\\\"default\\\": " + (0.5 + 0.01 * (id % 7)) + "}\""));
            script.add(new Command(CommandType.TRIAL_END, "{\"trial_job_id\":\"" + job + "\",\"event\":\"SUCCEEDED\","
                + "\"hyper_params\":\"{\\\"parameter_id\\\": " + id + "}\"}"));
        }
        script.add(new Command(CommandType.IMPORT_DATA, "[{\"parameter\": {\"lr\": 0.001, \"x\": 0.5, \"n\": 3,"
            + " \"q\": 4, \"g\": 0.1, \"opt\": {\"_name\": \"adam\"}, \"bs\": 32}, \"value\": 0.7}]"));
        script.add(new Command(CommandType.PING, ""));
        for (Command c : script) {
            in.writeBytes(encoder.encode(c));
        }
        TrainingChannel channel = new TrainingChannel(new PipeChannel(new ByteArrayInputStream(in.toByteArray()),
            new ByteArrayOutputStream(), FrameFormat.DEFAULT), 2);
        LateSink sink = new LateSink(); // as DaemonRunner wires it
        sink.bind(new ChannelReplySink(channel));
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        AlgorithmContext context = new AlgorithmContext(state.issuer(), Optional.empty(), Clock.systemUTC());
        Tuner tuner = factory.createTuner(AlgorithmSpec.named(tunerName,
            (JsonObject) Json.parse("{\"optimize_mode\": \"maximize\"}")), context);
        Assessor assessor = assessorName == null ? null : factory.createAssessor(AlgorithmSpec.named(assessorName,
            (JsonObject) Json.parse("{\"optimize_mode\": \"maximize\", \"start_step\": 2}")), context);
        MsgDispatcher dispatcher = new MsgDispatcher(tuner, assessor, state, false);
        ExitCode code = new Daemon(channel, sink, dispatcher, new Daemon.Settings(16, Duration.ofSeconds(5))).run();
        return code.status();
    }

    private static Command metric(int id, String job, String type, int sequence, String value) {
        return new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + job
            + "\", \"type\": \"" + type + "\", \"sequence\": " + sequence + ", \"value\": " + value + "}");
    }

    /** The pipe over memory; at the end of input it waits for the expected replies so that every handler runs. */
    private static final class TrainingChannel implements CommandChannel {
        private final PipeChannel pipe;
        private final CountDownLatch replies;

        TrainingChannel(PipeChannel pipe, int expectedReplies) {
            this.pipe = pipe;
            this.replies = new CountDownLatch(expectedReplies);
        }

        @Override
        public Command receive() throws IOException, InterruptedException {
            Command c = pipe.receive();
            if (c == null && replies.await(5, TimeUnit.SECONDS)) {
                Thread.sleep(100); // let the assessor worker finish its queue as well
            }
            return c;
        }

        @Override
        public void send(Command command) throws IOException {
            pipe.send(command);
            replies.countDown();
        }

        @Override
        public void close(boolean failed) {
            pipe.close(failed);
        }
    }

    /** classArgs shaped like the builtins' (enum, number, nested record, free JSON), so binding is warmed up. */
    record TrainingArgs(OptimizeMode optimizeMode, Long seed, TrainingInner inner, JsonValue extra) {
    }

    /** The nested part of {@link TrainingArgs}. */
    record TrainingInner(Double gamma) {
    }
}
