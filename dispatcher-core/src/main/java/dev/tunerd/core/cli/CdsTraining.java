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
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tunerd --cds-training} (hidden): runs a short in-memory session through the real code paths (CLI, registry,
 * classArgs binding, logging, frame codec, daemon threads) so that a class-data-sharing archive recorded during it
 * ({@code -XX:ArchiveClassesAtExit}) covers what a real start loads. {@code scripts/tunerd} and the build use it;
 * the archive roughly halves the time to the first reply. Writes nothing to stdout. Main thread only.
 */
final class CdsTraining {

    private CdsTraining() {
    }

    static int run(PrintWriter listOut) throws InterruptedException {
        new AlgorithmLister(List.of()).print(new PrintWriter(PrintWriter.nullWriter()));
        ClassArgsBinder binder = new ClassArgsBinder();
        binder.describe(binder.bind("training", (JsonObject) Json.parse("{\"optimize_mode\": \"maximize\", \"seed\": 1,"
            + " \"inner\": {\"gamma\": 0.5}, \"extra\": {\"a\": [1, 2.5]}}"), TrainingArgs.class));
        FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        List<Command> script = List.of(new Command(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"choice\", \"_value\": [1]}}"),
            new Command(CommandType.REQUEST_TRIAL_JOBS, "2"),
            new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
                + " \"PERIODICAL\", \"sequence\": 0, \"value\": \"0.5\"}"),
            new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
                + " \"FINAL\", \"sequence\": 0, \"value\": \"{\\\"default\\\": 0.5}\"}"),
            new Command(CommandType.TRIAL_END, "{\"trial_job_id\":\"A\",\"event\":\"SUCCEEDED\",\"hyper_params\":"
                + "\"{\\\"parameter_id\\\": 0}\"}"),
            new Command(CommandType.IMPORT_DATA, "[{\"parameter\": {\"x\": 1}, \"value\": 1}]"),
            new Command(CommandType.PING, ""));
        try {
            for (Command c : script) {
                in.write(encoder.encode(c));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TrainingChannel channel = new TrainingChannel(new PipeChannel(new ByteArrayInputStream(in.toByteArray()),
            new ByteArrayOutputStream(), FrameFormat.DEFAULT), 3);
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher dispatcher = new MsgDispatcher(new TrainingTuner(), (id, history) -> dev.tunerd.spi.AssessResult.GOOD,
            new DispatchState(DispatchObserver.NONE, sink), false);
        ExitCode code = new Daemon(channel, sink, dispatcher, new Daemon.Settings(16, Duration.ofSeconds(5))).run();
        listOut.flush();
        return code.status();
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

    /** A trivial tuner for the training session. */
    private static final class TrainingTuner implements Tuner {
        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            return JsonObject.builder().put("x", 1).build();
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
            result.scalar();
        }
    }
}
