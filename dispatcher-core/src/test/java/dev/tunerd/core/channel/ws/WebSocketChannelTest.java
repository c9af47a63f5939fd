package dev.tunerd.core.channel.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.protocol.ws.WsMessage;
import dev.tunerd.protocol.ws.WsMessageCodec;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WebSocketChannelTest {

    private static final String IN = "{\"type\":\"IN\",\"content\":\"{}\"}";
    private static final String BYE = "{\"type\": \"_bye_\"}";

    private final WsMessageCodec json = new WsMessageCodec(WsForm.JSON);
    private FakeManager manager;
    private WebSocketChannel channel;

    @BeforeEach
    void startManager() throws InterruptedException {
        manager = FakeManager.start();
    }

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.close(true);
        }
        manager.close();
    }

    @Test
    void replaysTheV3TranscriptThroughTheChannel() throws Exception {
        connect(fast());
        List<Boolean> sawBye = new ArrayList<>();
        replay("nni-v3.0-websocket-tpe-medianstop.jsonl", json, sawBye);
        assertEquals(List.of(true), sawBye);
        assertEquals(WsForm.JSON, channel.form());
        assertNull(channel.receive(), "end of stream stays the end");
    }

    @Test
    void replaysTheV210TranscriptThroughTheChannelThenClosesWithoutBye() throws Exception {
        connect(fast());
        replay("nni-v2.10-websocket-tpe.jsonl", new WsMessageCodec(WsForm.RAW), new ArrayList<>());
        assertEquals(WsForm.RAW, channel.form());
        channel.close(false);
        assertEquals(new FakeManager.Close(4000, "client intentionally close"), manager.closes.poll(5, TimeUnit.SECONDS));
        assertNull(manager.received.poll(), "the raw form has no _bye_ message");
    }

    @Test
    void theEndOfTheSessionIsSignalledOnArrivalAheadOfTheUnreadCommands() throws Exception {
        java.util.concurrent.BlockingQueue<String> ends = new java.util.concurrent.LinkedBlockingQueue<>();
        connect(fast());
        channel.onSessionEnd(ends::add);
        manager.send(IN);
        manager.send("{\"type\":\"GE\",\"content\":\"1\"}");
        manager.send("{\"type\":\"TE\"}");
        manager.send("{\"type\":\"_bye_\",\"reason\":\"TE command\"}");
        assertEquals("TE received", ends.poll(5, TimeUnit.SECONDS), "nothing was read yet");
        assertEquals("the manager said _bye_", ends.poll(5, TimeUnit.SECONDS));
        assertEquals(CommandType.INITIALIZE, channel.receive().type(), "the commands stay readable in order");
        assertEquals(CommandType.REQUEST_TRIAL_JOBS, channel.receive().type());
        assertEquals(CommandType.TERMINATE, channel.receive().type());
        assertNull(channel.receive());
    }

    @Test
    void pingsAreAnsweredWhileTheReaderDoesNotReadAndTheHandOffIsFull() throws Exception {
        connect(fast().withInboundBuffer(10, 1 << 20));
        manager.send(IN);
        for (int i = 0; i < 300; i++) {
            manager.send(ge(i));
        }
        for (int i = 0; i < 4; i++) {
            manager.ping();
            Thread.sleep(700);
        }
        assertTrue(channel.readingPaused(), "the hand-off is over its budget");
        awaitPongs(4, Duration.ofSeconds(5));
        assertEquals(Command.of(CommandType.INITIALIZE).type(), channel.receive().type());
        for (int i = 0; i < 300; i++) {
            assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, Integer.toString(i)), channel.receive());
        }
        assertTrue(!channel.readingPaused());
        manager.send("{\"type\":\"GE\",\"content\":\"last\"}");
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "last"), channel.receive());
    }

    @Test
    void nopIsIgnored() throws Exception {
        connect(fast());
        manager.send(IN);
        manager.send("{\"type\":\"_nop_\"}");
        manager.send("{\"type\":\"GE\",\"content\":\"2\"}");
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "2"), channel.receive());
    }

    @Test
    void byeFromTheManagerEndsTheStreamAfterWhatCameBefore() throws Exception {
        connect(fast());
        manager.send(IN);
        manager.send("{\"type\":\"TE\"}");
        manager.send("{\"type\":\"_bye_\",\"reason\":\"TE command\"}");
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        assertEquals(Command.of(CommandType.TERMINATE), channel.receive());
        assertNull(channel.receive());
        assertNull(channel.receive());
    }

    @Test
    void closeCode4000FromTheManagerEndsTheStreamWithoutReconnecting() throws Exception {
        connect(fast());
        manager.send(IN);
        manager.closeWith(4000, "shutdown");
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        assertNull(channel.receive());
        assertNull(manager.connections.poll(500, TimeUnit.MILLISECONDS), "no reconnection after an intentional close");
    }

    @Test
    void normalCloseSendsByeThenCode4000() throws Exception {
        connect(fast());
        manager.send(IN);
        channel.receive();
        channel.close(false);
        assertEquals(BYE, manager.nextReceived());
        assertEquals(new FakeManager.Close(4000, "client intentionally close"), manager.closes.poll(5, TimeUnit.SECONDS));
    }

    @Test
    void failedCloseSendsCode4001AndNoBye() throws Exception {
        connect(fast());
        manager.send(IN);
        channel.receive();
        channel.close(true);
        assertEquals(4001, manager.closes.poll(5, TimeUnit.SECONDS).code());
        assertNull(manager.received.poll());
    }

    @Test
    void closeWakesABlockedReceive() throws Exception {
        connect(fast());
        Thread closer = new Thread(() -> {
            sleep(300);
            channel.close(false);
        });
        closer.start();
        assertNull(channel.receive());
        closer.join();
    }

    @Test
    void repliesWaitForTheFirstMessageWhenTheFormIsDetected() throws Exception {
        connect(fast());
        channel.send(new Command(CommandType.ERROR, "early"));
        assertNull(manager.received.poll(300, TimeUnit.MILLISECONDS));
        manager.send("IN{}");
        assertEquals("ERearly", manager.nextReceived());
    }

    @Test
    void droppedConnectionLosesAndDuplicatesNothingInEitherDirection() throws Exception {
        connect(fast());
        manager.send(IN);
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        channel.send(Command.of(CommandType.INITIALIZED));
        assertEquals("{\"type\": \"ID\", \"content\": \"\"}", manager.nextReceived());
        manager.send("{\"type\":\"GE\",\"content\":\"1\"}"); // received, not yet taken by the reader
        Thread.sleep(200);

        manager.stopListening();
        Thread.sleep(300);
        channel.send(tr(0));
        channel.send(tr(1));
        Thread.sleep(300);
        manager.listenAgain();
        manager.awaitConnection();

        assertEquals(json.encode(tr(0)), manager.nextReceived());
        assertEquals(json.encode(tr(1)), manager.nextReceived());
        manager.send("{\"type\":\"GE\",\"content\":\"2\"}");
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "1"), channel.receive());
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "2"), channel.receive());
        channel.send(tr(2));
        assertEquals(json.encode(tr(2)), manager.nextReceived());
        assertNull(manager.received.poll(300, TimeUnit.MILLISECONDS), "nothing sent twice");
    }

    @Test
    void managerThatNeverComesUpFailsAfterTheBoundedSchedule() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        URI uri = URI.create("ws://127.0.0.1:" + port + "/tuner");
        WebSocketOptions options = fast().withReconnectDelays(List.of(Duration.ZERO, ms(50), ms(50)));
        IOException e = assertThrows(IOException.class, () -> WebSocketChannel.connect(uri, options));
        assertTrue(e.getMessage().startsWith("could not connect to the NNI manager at " + uri + " after 3 attempts"
            + " (pauses of 0, 0.05, 0.05 s)"), e.getMessage());
    }

    @Test
    void refusalByAnOlderManagerIsFinal() throws Exception {
        manager.closeEveryConnectionWith(4030, "Already serving a tuner");
        channel = WebSocketChannel.connect(manager.uri(), fast());
        IOException e = assertThrows(IOException.class, channel::receive);
        assertTrue(e.getMessage().contains("refused the connection with code 4030 (Already serving a tuner)"),
            e.getMessage());
        manager.awaitConnection();
        assertNull(manager.connections.poll(500, TimeUnit.MILLISECONDS), "no reconnection");
    }

    @Test
    void connectionsDroppedRightAfterOpeningDoNotMakeItRetryForever() throws Exception {
        manager.closeEveryConnectionWith(1001, "Reconnected");
        channel = WebSocketChannel.connect(manager.uri(),
            fast().withReconnectDelays(List.of(Duration.ZERO, ms(50), ms(50), ms(50))));
        IOException e = assertThrows(IOException.class, channel::receive);
        assertTrue(e.getMessage().contains("could not reconnect after 4 attempts")
            && e.getMessage().contains("the manager closed the connection with code 1001 (Reconnected)"), e.getMessage());
        assertTrue(manager.connections.size() <= 5, manager.connections.size() + " connections");
    }

    @Test
    void wrongPathFailsWithTheHandshakeStatus() {
        URI wrong = URI.create(manager.uri().toString().replace("/tuner", "/nope"));
        WebSocketOptions options = fast().withReconnectDelays(List.of(Duration.ZERO, ms(50)));
        IOException e = assertThrows(IOException.class, () -> WebSocketChannel.connect(wrong, options));
        assertTrue(e.getMessage().contains("after 2 attempts") && e.getMessage().contains("404"), e.getMessage());
    }

    @Test
    void managerGoneForGoodFailsReceiveAndSendAfterTheSchedule() throws Exception {
        connect(fast().withReconnectDelays(List.of(Duration.ZERO, ms(50), ms(50), ms(50))));
        manager.send(IN);
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        manager.stopListening();
        IOException e = assertThrows(IOException.class, channel::receive);
        assertTrue(e.getMessage().contains("lost the connection to the NNI manager at " + manager.uri()
            + " and could not reconnect after 4 attempts"), e.getMessage());
        assertThrows(IOException.class, () -> channel.send(Command.of(CommandType.INITIALIZED)));
    }

    @Test
    void largeMessagesPassUpToTheConfiguredLimit() throws Exception {
        connect(fast());
        String content = "[" + String.join(", ", Collections.nCopies(200_000, "{\"parameter\": \"\u00e9t\u00e9\"}"))
            + "]";
        manager.send(IN);
        manager.send(json.encode(new Command(CommandType.IMPORT_DATA, content)));
        channel.receive();
        assertEquals(new Command(CommandType.IMPORT_DATA, content), channel.receive());
    }

    @Test
    void messageOverTheLimitFailsTheReaderNamingTheLimit() throws Exception {
        connect(fast().withMaxFrameBytes(1000));
        manager.send(IN);
        manager.send(json.encode(new Command(CommandType.IMPORT_DATA, "x".repeat(100_000))));
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        FrameException e = assertThrows(FrameException.class, channel::receive);
        assertTrue(e.getMessage().contains("exceeds the limit of 67536 bytes"), e.getMessage());
    }

    @Test
    void undecodableMessageFailsTheReaderNamingIt() throws Exception {
        connect(fast());
        manager.send(IN);
        manager.send("{\"type\":\"XX\",\"content\":\"1\"}");
        assertEquals(CommandType.INITIALIZE, channel.receive().type());
        FrameException e = assertThrows(FrameException.class, channel::receive);
        assertTrue(e.getMessage().contains("unknown command type \"XX\""), e.getMessage());
    }

    @Test
    void onlyPlainWebSocketUrlsAreAccepted() {
        IllegalArgumentException wss = assertThrows(IllegalArgumentException.class,
            () -> WebSocketChannel.parseUri("wss://localhost:8080/tuner"));
        assertTrue(wss.getMessage().contains("wss:// (TLS) is not supported"), wss.getMessage());
        IllegalArgumentException http = assertThrows(IllegalArgumentException.class,
            () -> WebSocketChannel.parseUri("http://localhost:8080/tuner"));
        assertTrue(http.getMessage().contains("got the scheme \"http\""), http.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WebSocketChannel.parseUri("ws://"));
        assertEquals(URI.create("ws://localhost:8080/tuner"), WebSocketChannel.parseUri(" ws://localhost:8080/tuner"));
    }

    // ---- helpers ----

    private void replay(String transcript, WsMessageCodec form, List<Boolean> sawBye) throws Exception {
        for (String[] line : load(transcript)) {
            String raw = line[1];
            if (line[0].equals("mgr->disp")) {
                manager.send(raw);
                WsMessage m = form.decode(raw);
                if (m instanceof WsMessage.CommandMessage c) {
                    assertEquals(c.command(), channel.receive());
                } else if (m instanceof WsMessage.Bye) {
                    assertNull(channel.receive());
                    sawBye.add(true);
                }
            } else {
                channel.send(commandOf(raw, form.form()));
                assertEquals(raw, manager.nextReceived());
            }
        }
    }

    private static Command commandOf(String wire, WsForm form) {
        if (form == WsForm.RAW) {
            return new Command(CommandType.fromCode(wire.substring(0, 2)), wire.substring(2));
        }
        JsonObject o = Json.parseObject(wire, "recorded message");
        return new Command(CommandType.fromCode(((JsonString) o.get("type")).value()),
            ((JsonString) o.get("content")).value());
    }

    private static List<String[]> load(String name) throws IOException {
        try (InputStream in = WebSocketChannelTest.class.getResourceAsStream("/transcripts/" + name)) {
            List<String[]> lines = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    JsonObject o = Json.parseObject(line, "transcript line");
                    lines.add(new String[] {((JsonString) o.get("dir")).value(), ((JsonString) o.get("raw")).value()});
                }
            }
            return lines;
        }
    }

    private void connect(WebSocketOptions options) throws Exception {
        channel = WebSocketChannel.connect(manager.uri(), options);
        manager.awaitConnection();
    }

    private static WebSocketOptions fast() {
        List<Duration> delays = new ArrayList<>(List.of(Duration.ZERO));
        delays.addAll(Collections.nCopies(30, ms(100)));
        return WebSocketOptions.defaults().withReconnectDelays(delays)
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(1));
    }

    private void awaitPongs(int expected, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (manager.pongs.get() < expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(expected, manager.pongs.get(), "pongs for " + expected + " pings");
    }

    private static String ge(int i) {
        return "{\"type\":\"GE\",\"content\":\"" + i + "\"}";
    }

    private static Command tr(int id) {
        return new Command(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": " + id + ", \"parameters\": {}}");
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
