package dev.tunerd.it;

import static dev.tunerd.it.WsHarness.CONNECT;
import static dev.tunerd.it.WsHarness.REPLY;
import static dev.tunerd.it.WsHarness.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Message sizes over the WebSocket, through the whole process: a resume-sized FD passes with the default limit (NNI
 * caps nothing), and a message over the configured limit ends the run with ER (the connection is still ours to
 * say why) and a protocol exit.
 */
@Timeout(30)
class WebSocketLimitsIT {

    /** An FD content of {@code trials} imported results, about 60 bytes each. */
    private static String importData(int trials) {
        StringBuilder sb = new StringBuilder(trials * 64).append('[');
        for (int i = 0; i < trials; i++) {
            sb.append(i == 0 ? "" : ", ").append("{\"parameter\": {\"x\": ").append(i)
                .append("}, \"value\": 0.").append(1000 + i).append('}');
        }
        return sb.append(']').toString();
    }

    @Test
    void aTwelveMegabyteImportPassesWithTheDefaultLimit() throws Exception {
        String fd = importData(200_000);
        assertTrue(fd.length() > 9_000_000, "size " + fd.length());
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, TunerdProcess.customConfig("SequenceTuner", "{}", null, null))) {
            manager.awaitConnections(1, CONNECT);
            manager.send(json("IN", "{}"));
            manager.send(json("FD", fd));
            manager.send(json("GE", "1"));
            assertEquals("{\"type\": \"ID\", \"content\": \"\"}", manager.next(REPLY));
            String tr = manager.next(Duration.ofSeconds(20));
            assertTrue(tr.startsWith("{\"type\": \"TR\", \"content\": \"{\\\"parameter_id\\\": 0, "), tr);
            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
        }
    }

    @Test
    void aMessageOverTheLimitEndsTheRunWithErAndExit3() throws Exception {
        String fd = importData(10_000); // about 600 KB; the limit is 2 x 100,000 + 64 KiB
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, TunerdProcess.customConfig("SequenceTuner", "{}", null, null),
                 "--max-frame-bytes", "100000")) {
            manager.awaitConnections(1, CONNECT);
            manager.send(json("IN", "{}"));
            assertEquals("{\"type\": \"ID\", \"content\": \"\"}", manager.next(REPLY));
            manager.send(json("FD", fd));
            assertEquals(3, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            String log = p.dispatcherLog();
            assertTrue(log.contains("a WebSocket message from the manager exceeds the limit of 265536 bytes"), log);
            List<String> sent = manager.drain(Duration.ofMillis(300));
            assertEquals(1, sent.size(), "ER, then nothing: " + sent + "\n" + log);
            String er = sent.get(0);
            assertEquals("ER", WsHarness.typeOf(er, true), er);
            assertTrue(WsHarness.contentOf(er, true).contains("exceeds the limit of 265536 bytes"), er);
            assertEquals(4001, manager.awaitClose(Duration.ofSeconds(2)).code());
        }
    }
}
