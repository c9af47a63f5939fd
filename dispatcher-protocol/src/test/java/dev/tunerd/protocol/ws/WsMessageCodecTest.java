package dev.tunerd.protocol.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WsMessageCodecTest {

    private final WsMessageCodec json = new WsMessageCodec(WsForm.JSON);
    private final WsMessageCodec raw = new WsMessageCodec(WsForm.RAW);

    @Test
    void v3TranscriptManagerMessagesDecodeToCommandsThenBye() {
        List<String> messages = Transcript.load("nni-v3.0-websocket-tpe-medianstop.jsonl").fromManager();
        List<WsMessage> decoded = new ArrayList<>();
        for (String m : messages) {
            decoded.add(json.decode(m));
        }
        assertEquals(new WsMessage.CommandMessage(new Command(CommandType.INITIALIZE,
            "{\"x\":{\"_type\":\"uniform\",\"_value\":[0,1]},\"y\":{\"_type\":\"choice\",\"_value\":[1,2,3]}}")),
            decoded.get(0));
        assertEquals(new WsMessage.CommandMessage(new Command(CommandType.REQUEST_TRIAL_JOBS, "1")), decoded.get(1));
        assertEquals(new WsMessage.CommandMessage(Command.of(CommandType.TERMINATE)), decoded.get(decoded.size() - 2));
        assertEquals(new WsMessage.Bye("TE command"), decoded.get(decoded.size() - 1));
        for (WsMessage m : decoded.subList(0, decoded.size() - 1)) {
            assertInstanceOf(WsMessage.CommandMessage.class, m);
        }
    }

    @Test
    void v3ContentIsTheUnescapedInnerJsonText() {
        String en = Transcript.load("nni-v3.0-websocket-tpe-medianstop.jsonl").fromManager().stream()
            .filter(m -> m.startsWith("{\"type\":\"EN\"")).findFirst().orElseThrow();
        Command c = ((WsMessage.CommandMessage) json.decode(en)).command();
        JsonObject trialEnd = Json.parseObject(c.content(), "EN content");
        assertEquals(JsonString.of("yOiGc"), trialEnd.get("trial_job_id"));
        assertTrue(((JsonString) trialEnd.get("hyper_params")).value().startsWith("{\"parameter_id\": 0,"));
    }

    @Test
    void v3DispatcherMessagesAreReproducedByteForByte() {
        List<String> expected = Transcript.load("nni-v3.0-websocket-tpe-medianstop.jsonl").fromDispatcher();
        assertTrue(expected.size() >= 10);
        for (String wire : expected) {
            JsonObject o = Json.parseObject(wire, "recorded message");
            Command c = new Command(CommandType.fromCode(((JsonString) o.get("type")).value()),
                ((JsonString) o.get("content")).value());
            assertEquals(wire, json.encode(c));
        }
    }

    @Test
    void v210TranscriptRoundTrips() {
        Transcript t = Transcript.load("nni-v2.10-websocket-tpe.jsonl");
        List<String> manager = t.fromManager();
        Command first = ((WsMessage.CommandMessage) raw.decode(manager.get(0))).command();
        assertEquals(CommandType.INITIALIZE, first.type());
        assertTrue(first.content().startsWith("{\"x\":"));
        Command me = ((WsMessage.CommandMessage) raw.decode(manager.get(2))).command();
        assertEquals(CommandType.REPORT_METRIC_DATA, me.type());
        assertTrue(me.content().endsWith("}\n"), "the manager's trailing newline is kept");
        assertEquals(Command.of(CommandType.TERMINATE),
            ((WsMessage.CommandMessage) raw.decode(manager.get(manager.size() - 1))).command());
        for (String wire : t.fromDispatcher()) {
            Command c = new Command(CommandType.fromCode(wire.substring(0, 2)), wire.substring(2));
            assertEquals(wire, raw.encode(c));
        }
        assertEquals("ID", raw.encode(Command.of(CommandType.INITIALIZED)));
    }

    @Test
    void jsonFormGoldenVectors() {
        assertEquals("{\"type\": \"ID\", \"content\": \"\"}", json.encode(Command.of(CommandType.INITIALIZED)));
        assertEquals("{\"type\": \"KI\", \"content\": \"\\\"f1WY7\\\"\"}",
            json.encode(new Command(CommandType.KILL_TRIAL_JOB, "\"f1WY7\"")));
        assertEquals("{\"type\": \"ER\", \"content\": \"Traceback:\\n\\tline \\u00e9\\u2603\\ud83d\\ude00\"}",
            json.encode(new Command(CommandType.ERROR, "Traceback:\n\tline \u00e9\u2603\ud83d\ude00")));
        assertEquals("ERTraceback \u00e9", raw.encode(new Command(CommandType.ERROR, "Traceback \u00e9")));
    }

    @Test
    void absentOrNullContentIsEmpty() {
        assertEquals(new WsMessage.CommandMessage(Command.of(CommandType.TERMINATE)), json.decode("{\"type\":\"TE\"}"));
        assertEquals(new WsMessage.CommandMessage(Command.of(CommandType.PING)),
            json.decode("{\"type\": \"PI\", \"content\": null}"));
    }

    @Test
    void controlMessages() {
        assertEquals(new WsMessage.Nop(), json.decode("{\"type\":\"_nop_\"}"));
        assertEquals(new WsMessage.Bye(""), json.decode("{\"type\":\"_bye_\"}"));
        assertEquals(new WsMessage.Bye("shutdown"), json.decode("{\"type\":\"_bye_\",\"reason\":\"shutdown\"}"));
        assertEquals(Optional.of("{\"type\": \"_bye_\"}"), json.byeMessage());
        assertEquals(Optional.empty(), raw.byeMessage());
    }

    @Test
    void nonAsciiContentDecodes() {
        Command c = ((WsMessage.CommandMessage) json.decode("{\"type\":\"SS\",\"content\":\"{\\\"caf\\u00e9\\\": 1, \\\"\u2603\\\": 2}\"}")).command();
        assertEquals("{\"caf\u00e9\": 1, \"\u2603\": 2}", c.content());
    }

    @Test
    void detectsTheFormFromTheFirstMessage() {
        assertEquals(WsForm.JSON, WsForm.detect("{\"type\":\"IN\",\"content\":\"{}\"}"));
        assertEquals(WsForm.JSON, WsForm.detect("  {\"type\":\"IN\"}"));
        assertEquals(WsForm.RAW, WsForm.detect("IN{}"));
        assertEquals(WsForm.RAW, WsForm.detect("TE"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "I", "in{}", "1", "[1]", "\u00c9T"})
    void undetectableFirstMessagesAreRejectedNamingTheText(String message) {
        FrameException e = assertThrows(FrameException.class, () -> WsForm.detect(message));
        assertTrue(e.getMessage().contains(Json.write(JsonString.of(message))), e.getMessage());
        assertTrue(e.getMessage().contains("NNI 3.0"), e.getMessage());
    }

    @Test
    void malformedJsonMessagesAreRejectedWithTheReason() {
        assertRejected(json, "{\"type\":", "is not valid JSON");
        assertRejected(json, "[\"GE\", \"1\"]", "is a JSON list, expected an object");
        assertRejected(json, "{\"content\":\"1\"}", "has no \"type\"");
        assertRejected(json, "{\"type\":7}", "has a \"type\" that is a int");
        assertRejected(json, "{\"type\":\"XX\",\"content\":\"1\"}", "unknown command type \"XX\"");
        assertRejected(json, "{\"type\":\"ge\",\"content\":\"1\"}", "unknown command type \"ge\"");
        assertRejected(json, "{\"type\":\"GE\",\"content\":1}", "the \"content\" of GE message");
    }

    @Test
    void malformedRawMessagesAreRejected() {
        assertRejected(raw, "XX1", "does not start with a known command type");
        assertRejected(raw, "G", "does not start with a known command type");
        assertRejected(raw, "{\"type\":\"GE\"}", "does not start with a known command type");
    }

    @Test
    void longMessagesAreShortenedInErrors() {
        String longText = "XX" + "a".repeat(5000);
        FrameException e = assertThrows(FrameException.class, () -> raw.decode(longText));
        assertTrue(e.getMessage().contains("(5002 characters)"), e.getMessage());
        assertTrue(e.getMessage().length() < 400, e.getMessage());
    }

    private static void assertRejected(WsMessageCodec codec, String text, String expected) {
        FrameException e = assertThrows(FrameException.class, () -> codec.decode(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
