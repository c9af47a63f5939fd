package dev.tunerd.it;

import static dev.tunerd.it.WsHarness.REPLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Replays the manager's side of the two recorded sessions (NNI 3.0 JSON form with TPE + Medianstop, NNI 2.10 raw form
 * with TPE) against the built tunerd over a real WebSocket, in lockstep as the manager does (after IN it waits for ID,
 * after each GE for the TR), and checks the dispatcher's side message by message: its form and bytes (the recorded
 * lines with the sampled values masked), the parameter ids, the KIs (computed from the replayed results with
 * Medianstop's rule, independently of tunerd), nothing extra, and a clean end. The tuner is the builtin TPE, as
 * recorded; its values are sampled (and the replayed results are the recorded ones, not functions of them), so only
 * their types and ranges can be checked.
 */
@Timeout(60)
class WebSocketReplayIT {

    /** As recorded: TPE, maximising (seeded here; NNI's run was not, and numpy's stream cannot be reproduced). */
    private static final String TUNER = "{\"name\": \"TPE\", \"classArgs\": {\"optimize_mode\": \"maximize\","
        + " \"seed\": 7}}";

    @Test
    void nni30JsonSessionWithMedianstop() throws Exception {
        Transcript transcript = Transcript.load("nni-v3.0-websocket-tpe-medianstop.jsonl");
        String config = "{\"trialConcurrency\": 1, \"tuner\": " + TUNER + ", \"assessor\": {\"name\": "
            + "\"Medianstop\", \"classArgs\": {\"optimize_mode\": \"maximize\", \"start_step\": 2}}}";
        List<String> sent = replay(transcript, config, true);

        List<String[]> commands = new ArrayList<>();
        for (String m : transcript.fromManager()) {
            commands.add(new String[] {WsHarness.typeOf(m, true), WsHarness.contentOf(m, true)});
        }
        Set<String> expectedKills = MedianstopOracle.kills(2, commands);
        assertEquals(List.of("f1WY7", "TISSl"), List.copyOf(expectedKills), "the oracle agrees with the recording");

        Set<String> kills = new LinkedHashSet<>();
        List<String> recordedKis = transcript.fromDispatcher().stream()
            .filter(t -> WsHarness.typeOf(t, true).equals("KI")).toList();
        for (String m : sent) {
            if (WsHarness.typeOf(m, true).equals("KI")) {
                assertTrue(recordedKis.contains(m), "KI written as NNI writes it: " + m);
                assertTrue(kills.add(((JsonString) Json.parse(WsHarness.contentOf(m, true))).value()), "one KI per trial");
            }
        }
        assertEquals(expectedKills, kills);
        assertEquals("{\"type\": \"_bye_\"}", sent.get(sent.size() - 1), "the dispatcher says _bye_ last");
    }

    @Test
    void nni210RawSession() throws Exception {
        Transcript transcript = Transcript.load("nni-v2.10-websocket-tpe.jsonl");
        String config = "{\"trialConcurrency\": 1, \"tuner\": " + TUNER + "}";
        List<String> sent = replay(transcript, config, false);
        assertEquals("TR", WsHarness.typeOf(sent.get(sent.size() - 1), false), "no _bye_ in the raw form");
    }

    @Test
    void nonAsciiValuesAreWrittenAsNnisJsonDumpsWritesThemInBothForms() throws Exception {
        // the manager sends UTF-8 as is (JSON.stringify); Python's dispatcher answers with ensure_ascii escapes,
        // surrogate pairs beyond the BMP, inside a JSON string inside the message (JSON form)
        String space = "{\"s\":{\"_type\":\"choice\",\"_value\":[\"\u00e9t\u00e9\",\"\u2603\",\"\ud83d\ude00\"]}}";
        String config = "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"GridSearch\"}}";
        List<String> values = List.of("\\u00e9t\\u00e9", "\\u2603", "\\ud83d\\ude00");
        for (boolean jsonForm : List.of(true, false)) {
            try (ManagerServer manager = ManagerServer.start(); TunerdProcess p = WsHarness.launch(manager, config)) {
                manager.awaitConnections(1, WsHarness.CONNECT);
                manager.send(jsonForm ? WsHarness.json("IN", space) : "IN" + space);
                manager.send(jsonForm ? WsHarness.json("GE", "3") : "GE3");
                assertEquals(jsonForm ? "{\"type\": \"ID\", \"content\": \"\"}" : "ID", manager.next(REPLY));
                for (int id = 0; id < 3; id++) {
                    String record = "{\"parameter_id\": " + id + ", \"parameter_source\": \"algorithm\", \"parameters\":"
                        + " {\"s\": \"" + values.get(id) + "\"}, \"parameter_index\": 0}";
                    String expected = jsonForm ? "{\"type\": \"TR\", \"content\": \"" + record.replace("\\", "\\\\")
                        .replace("\"", "\\\"") + "\"}" : "TR" + record;
                    assertEquals(expected, manager.next(REPLY));
                }
                manager.send(jsonForm ? WsHarness.json("TE") : "TE");
                assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            }
        }
    }

    /**
     * Replays the manager's messages in lockstep and checks what every reply stream must satisfy; returns all the
     * dispatcher's messages.
     */
    private static List<String> replay(Transcript transcript, String config, boolean jsonForm) throws Exception {
        try (ManagerServer manager = ManagerServer.start(); TunerdProcess p = WsHarness.launch(manager, config)) {
            manager.awaitConnections(1, WsHarness.CONNECT);
            String idPrefix = jsonForm ? "{\"type\": \"ID\"" : "ID";
            String trPrefix = jsonForm ? "{\"type\": \"TR\"" : "TR";
            int requests = 0;
            boolean terminated = false;
            for (String message : transcript.fromManager()) {
                String type = WsHarness.typeOf(message, jsonForm);
                if (terminated) {
                    // after TE the dispatcher closes on its own; the recorded _bye_ may find the connection closed
                    manager.sendUnlessClosed(message);
                    continue;
                }
                manager.send(message);
                terminated = type.equals("TE");
                if (type.equals("IN")) {
                    manager.nextStartingWith(idPrefix, REPLY);
                } else if (type.equals("GE")) {
                    assertEquals("1", WsHarness.contentOf(message, jsonForm), "the recordings ask one at a time");
                    manager.nextStartingWith(trPrefix, REPLY);
                    requests++;
                }
            }
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            assertEquals(4000, manager.awaitClose(Duration.ofSeconds(2)).code(), "closed on purpose");
            List<String> sent = manager.all();
            checkReplies(transcript, sent, requests, jsonForm);
            assertTrue(p.drain(Duration.ofMillis(50)).isEmpty(), "nothing on stdout in WebSocket mode");
            String log = p.dispatcherLog();
            assertTrue(log.contains("Dispatcher terminiated"), log);
            assertTrue(log.lines().noneMatch(l -> l.contains("DEBUG (io.netty")), "no Netty chatter at debug:\n" + log);
            return sent;
        }
    }

    private static void checkReplies(Transcript transcript, List<String> sent, int requests, boolean jsonForm) {
        List<String> recordedTrs = transcript.fromDispatcher().stream()
            .filter(t -> WsHarness.typeOf(t, jsonForm).equals("TR")).toList();
        assertEquals(transcript.fromDispatcher().get(0), sent.get(0), "ID first, byte for byte");
        int trs = 0;
        for (String m : sent.subList(1, sent.size())) {
            String type = WsHarness.typeOf(m, jsonForm);
            if (type.equals("TR")) {
                checkParameters(WsHarness.contentOf(m, jsonForm), trs);
                assertEquals(maskValues(recordedTrs.get(trs)), maskValues(m), "TR written as NNI writes it");
                trs++;
            } else {
                assertTrue(type.equals("KI") || m.equals("{\"type\": \"_bye_\"}"), "unexpected message " + m);
            }
            if (jsonForm) {
                assertTrue(WsHarness.isPythonJson(m), "json.dumps form: " + m);
            }
        }
        assertEquals(requests, trs, "exactly one TR per GE 1: " + sent);
        assertEquals(recordedTrs.size(), trs);
    }

    /** The parameter record: keys in NNI's order, consecutive ids, x a float in [0, 1), y one of the choices. */
    private static void checkParameters(String content, int expectedId) {
        assertTrue(WsHarness.isPythonJson(content), content);
        JsonObject record = (JsonObject) Json.parse(content);
        assertEquals(List.of("parameter_id", "parameter_source", "parameters", "parameter_index"),
            List.copyOf(record.keys()));
        assertEquals(JsonInt.of(expectedId), record.get("parameter_id"));
        JsonObject parameters = (JsonObject) record.get("parameters");
        assertEquals(List.of("x", "y"), List.copyOf(parameters.keys()));
        double x = assertInstanceOf(JsonFloat.class, parameters.get("x")).asDouble();
        assertTrue(x >= 0 && x < 1, content);
        long y = assertInstanceOf(JsonInt.class, parameters.get("y")).value();
        assertTrue(y >= 1 && y <= 3, content);
    }

    /** The message with the sampled values of x and y replaced by {@code #} (JSON form: they are escaped once). */
    private static String maskValues(String message) {
        return message.replaceAll("(\\\\?\"[xy]\\\\?\": )[-+0-9.eE]+", "$1#");
    }
}
