package dev.tunerd.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole start path in-process: exp_params with a custom class, the start hook, the observer, and a WebSocket
 * connector standing in for the channel seam.
 */
@Timeout(20)
class WiringTest {

    /** A custom tuner loaded through className + codeDirectory. */
    public static final class EchoTuner implements Tuner {
        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            return JsonObject.builder().put("id", parameterId).build();
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
        }
    }

    /** Hands out a fixed script, then the end of the stream; records replies. */
    private static final class FixedChannel implements CommandChannel {
        final LinkedBlockingQueue<Command> inbound = new LinkedBlockingQueue<>();
        final List<Command> sent = new ArrayList<>();

        @Override
        public Command receive() throws InterruptedException {
            return inbound.take();
        }

        @Override
        public synchronized void send(Command command) {
            sent.add(command);
            if (command.type() == CommandType.NEW_TRIAL_JOB) {
                inbound.add(new Command(CommandType.TERMINATE, ""));
            }
        }

        @Override
        public void close(boolean failed) {
        }
    }

    @Test
    void customClassHookObserverAndChannelSeamWorkTogether() {
        Path classes = Path.of(WiringTest.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        String config = "{\"tuner\": {\"className\": \"" + EchoTuner.class.getName() + "\", \"codeDirectory\": \""
            + classes + "\"}}";
        FixedChannel channel = new FixedChannel();
        channel.inbound.add(new Command(CommandType.INITIALIZE, "{}"));
        channel.inbound.add(new Command(CommandType.REQUEST_TRIAL_JOBS, "1"));
        List<String> seen = new ArrayList<>();
        List<URI> urls = new ArrayList<>();
        DaemonWiring wiring = DaemonWiring.DEFAULT
            .withWebSocket(url -> {
                urls.add(url);
                return channel;
            })
            .withObserver(settings -> new DispatchObserver() {
                @Override
                public void parametersIssued(long parameterId, JsonValue parameters) {
                    seen.add("issued " + parameterId);
                }
            })
            .withStartHook((settings, state, tuner, assessor) -> {
                state.ledger().reserve(7); // as a checkpoint restore would: ids 0..6 are taken
                seen.add("hook " + tuner.getClass().getSimpleName());
            });
        StringWriter err = new StringWriter();
        int code = TunerdCli.commandLine(new DaemonCommand(wiring, Map.of("NNI_TUNER_COMMAND_CHANNEL",
                "ws://localhost:1/tuner")), new PrintWriter(new StringWriter()), new PrintWriter(err))
            .execute("--exp_params", Base64.getEncoder().encodeToString(config.getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, code, err.toString());
        assertEquals(List.of(URI.create("ws://localhost:1/tuner")), urls);
        assertEquals(List.of("hook " + EchoTuner.class.getSimpleName(), "issued 7"), seen);
        assertEquals(CommandType.INITIALIZED, channel.sent.get(0).type());
        assertTrue(channel.sent.get(1).content().startsWith("{\"parameter_id\": 7, "), channel.sent.toString());
    }
}
