package dev.tunerd.it;

import static dev.tunerd.it.WsHarness.CONNECT;
import static dev.tunerd.it.WsHarness.REPLY;
import static dev.tunerd.it.WsHarness.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The life of a tunerd process on NNI's WebSocket channel, against the built launcher: pongs during a long tuner
 * call, {@code _nop_} and {@code _bye_}, the end on TE (also behind a full queue), connections lost and regained
 * mid-run, a manager that never comes up, drops us for good, refuses us or has no WebSocket at the path, and failures
 * reported with ER. Each test is bounded well under 20 s.
 */
@Timeout(30)
class WebSocketLifecycleIT {

    private static final String BYE = "{\"type\": \"_bye_\"}";

    private static String config(String tuner, String tunerArgs) {
        return TunerdProcess.customConfig(tuner, tunerArgs, null, null);
    }

    private static void initialize(ManagerServer manager) throws InterruptedException {
        manager.awaitConnections(1, CONNECT);
        manager.send(json("IN", "{}"));
        assertEquals("{\"type\": \"ID\", \"content\": \"\"}", manager.next(REPLY));
    }

    private static long parameterId(String message) {
        JsonObject record = (JsonObject) Json.parse(WsHarness.contentOf(message, true));
        return ((JsonInt) record.get("parameter_id")).value();
    }

    @Test
    void pingsAreAnsweredWhileTheTunerComputesForTwelveSeconds() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{\"sleep_ms\": 12000}"))) {
            initialize(manager);
            manager.send(json("GE", "1"));
            long asked = System.nanoTime();
            ScheduledFuture<?> pinging = manager.pingEvery(Duration.ofSeconds(1));
            String tr = manager.next(Duration.ofSeconds(20));
            long answered = System.nanoTime();
            pinging.cancel(false);
            assertTrue(tr.startsWith("{\"type\": \"TR\""), tr);
            assertTrue(answered - asked >= Duration.ofSeconds(12).toNanos(), "the tuner call was slow");
            List<Long> pongs = manager.pongs().stream().filter(t -> t >= asked && t <= answered).toList();
            assertTrue(pongs.size() >= 10, pongs.size() + " pongs in 12 s of pings every second");
            long previous = asked;
            for (long t : pongs) {
                assertTrue(t - previous < Duration.ofMillis(2500).toNanos(), "a pong gap of "
                    + (t - previous) / 1_000_000 + " ms");
                previous = t;
            }
            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
        }
    }

    @Test
    void nopIsIgnoredAndByeFromTheManagerEndsTheProcessCleanly() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("SequenceTuner", "{}"))) {
            manager.awaitConnections(1, CONNECT);
            manager.send(json("IN", "{}"));
            manager.send("{\"type\":\"_nop_\"}");
            manager.send(json("GE", "1"));
            manager.send("{\"type\":\"_nop_\"}");
            List<String> replies = new ArrayList<>(List.of(manager.next(REPLY), manager.next(REPLY)));
            replies.addAll(manager.drain(Duration.ofMillis(300)));
            assertEquals(List.of("{\"type\": \"ID\", \"content\": \"\"}", "{\"type\": \"TR\", \"content\": "
                + "\"{\\\"parameter_id\\\": 0, \\\"parameter_source\\\": \\\"algorithm\\\", \\\"parameters\\\": "
                + "{\\\"x\\\": 0}, \\\"parameter_index\\\": 0}\"}"), replies);
            manager.send("{\"type\":\"_bye_\",\"reason\":\"shutdown\"}");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            assertEquals(List.of(BYE), manager.drain(Duration.ofMillis(100)));
            assertEquals(new ManagerServer.Close(4000, "client intentionally close"),
                manager.awaitClose(Duration.ofSeconds(1)));
            assertTrue(p.dispatcherLog().contains("end of the command stream"), p.dispatcherLog());
        }
    }

    @Test
    void aCloseWithCode4000AloneEndsTheProcessCleanlyBehindABacklog() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{\"sleep_ms\": 1000}"),
                 "--queue-capacity", "1")) {
            initialize(manager);
            for (int i = 0; i < 10; i++) {
                manager.send(json("GE", "1"));
            }
            Thread.sleep(200);
            long sent = System.nanoTime();
            manager.closeWith(4000, "shutdown");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            long millis = (System.nanoTime() - sent) / 1_000_000;
            assertTrue(millis < 2000, "exit took " + millis + " ms (one running 1 s call at most)");
            assertTrue(p.dispatcherLog().contains("the manager closed the connection on purpose (code 4000, shutdown)"),
                p.dispatcherLog());
        }
    }

    @Test
    void terminateEndsTheProcessWithinASecondAfterByeAndClose4000() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("SequenceTuner", "{}"))) {
            initialize(manager);
            long sent = System.nanoTime();
            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            long millis = (System.nanoTime() - sent) / 1_000_000;
            assertTrue(millis < 1000, "exit took " + millis + " ms");
            assertEquals(List.of(BYE), manager.drain(Duration.ofMillis(100)));
            assertEquals(new ManagerServer.Close(4000, "client intentionally close"),
                manager.awaitClose(Duration.ofSeconds(1)));
        }
    }

    @Test
    void terminateIsSeenAheadOfABacklogTheQueuesCannotTake() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{\"sleep_ms\": 2000}"),
                 "--queue-capacity", "1")) {
            initialize(manager);
            for (int i = 0; i < 10; i++) {
                manager.send(json("GE", "1")); // 20 s of work; the reader can hand over only two of them
            }
            Thread.sleep(200);
            long sent = System.nanoTime();
            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            long millis = (System.nanoTime() - sent) / 1_000_000;
            assertTrue(millis < 3000, "exit took " + millis + " ms (one running 2 s call at most)");
            assertTrue(manager.all().size() <= 3, "ID and at most one TR, then _bye_: " + manager.all());
        }
    }

    @Test
    void terminateThenTheManagersByeAndCloseAsNni30SendsThem() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("SequenceTuner", "{}"))) {
            initialize(manager);
            long sent = System.nanoTime();
            manager.send(json("TE"));
            // the dispatcher may already have closed after TE, as it may under NNI's manager
            manager.sendUnlessClosed("{\"type\":\"_bye_\",\"reason\":\"TE command\"}");
            manager.closeWith(4000, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            long millis = (System.nanoTime() - sent) / 1_000_000;
            assertTrue(millis < 1000, "exit took " + millis + " ms");
            assertTrue(!p.dispatcherLog().contains("ERROR"), p.dispatcherLog());
        }
    }

    @Test
    void aConnectionLostMidRunIsRegainedWithNoCommandLostOrRepeated() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{\"sleep_ms\": 1000}"))) {
            initialize(manager);
            manager.send(json("GE", "1"));
            assertEquals(0, parameterId(manager.nextStartingWith("{\"type\": \"TR\"", REPLY)));

            // dispatcher -> manager: the TR is computed while there is no connection at all
            manager.send(json("GE", "1"));
            manager.stopListening();
            manager.drop();
            Thread.sleep(1500);
            manager.listenAgain();
            assertEquals(1, parameterId(manager.nextStartingWith("{\"type\": \"TR\"", REPLY)));
            assertEquals(2, manager.connections());

            // manager -> dispatcher: commands sent meanwhile are queued by the manager and arrive once; this time
            // the manager ends the connection as NNI 3.0 does when it finds the peer unresponsive
            manager.closeWith(4001, "peer lost responsive");
            manager.send(json("GE", "1"));
            manager.send(json("GE", "1"));
            assertEquals(2, parameterId(manager.nextStartingWith("{\"type\": \"TR\"", REPLY)));
            assertEquals(3, parameterId(manager.nextStartingWith("{\"type\": \"TR\"", REPLY)));
            assertEquals(3, manager.connections());

            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            List<String> all = manager.all();
            assertEquals(List.of("ID", "TR", "TR", "TR", "TR", "_bye_"), WsHarness.typesOf(all, true), all::toString);
            assertTrue(p.dispatcherLog().contains("reconnected to the NNI manager"), p.dispatcherLog());
        }
    }

    @Test
    void aConnectionDroppedDuringABurstOfRepliesRepeatsNoneAndKeepsTheirOrder() throws Exception {
        int burst = 5000;
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("SequenceTuner", "{}"))) {
            initialize(manager);
            manager.send(json("GE", Integer.toString(burst)));
            manager.nextStartingWith("{\"type\": \"TR\"", REPLY);
            manager.drop(); // while the dispatcher is writing the other TRs
            manager.awaitConnections(2, Duration.ofSeconds(5));
            manager.drain(Duration.ofMillis(500));
            List<Long> ids = manager.all().stream().filter(m -> m.startsWith("{\"type\": \"TR\"")).map(
                WebSocketLifecycleIT::parameterId).toList();
            for (int i = 1; i < ids.size(); i++) {
                assertTrue(ids.get(i) > ids.get(i - 1), "repeated or out of order at " + i + ": " + ids.get(i));
            }
            // NNI's protocol has no acknowledgements: TRs in the socket buffers when the manager crashed are lost (as
            // with NNI's own client; about 10 of 5000 on a quiet machine, a few hundred when the manager reads slowly
            // under load); every write that failed is sent again, and the stream goes on to the end on the new
            // connection. So what is lost is one run of consecutive TRs, those in flight at the drop, never a TR here
            // and there, and never the end of the stream
            assertEquals(burst - 1, ids.get(ids.size() - 1), "the last TR arrived");
            int gaps = 0;
            for (int i = 1; i < ids.size(); i++) {
                gaps += ids.get(i) - ids.get(i - 1) > 1 ? 1 : 0;
            }
            assertTrue(gaps <= 1, gaps + " runs of lost TRs: " + ids);
            assertTrue(ids.size() >= burst / 2, ids.size() + " of " + burst + " TRs arrived");
            manager.send(json("TE"));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
        }
    }

    @Test
    void aManagerThatNeverComesUpEndsTheProcessWithExit4AfterNnisSchedule() throws Exception {
        String url = "ws://127.0.0.1:" + ManagerServer.unusedPort() + "/tuner";
        long started = System.nanoTime();
        try (TunerdProcess p = TunerdProcess.start(config("SequenceTuner", "{}"), WsHarness.env(url))) {
            int code = p.exitCode(Duration.ofSeconds(20));
            long seconds = (System.nanoTime() - started) / 1_000_000_000;
            assertEquals(4, code, p.stderr());
            assertTrue(seconds >= 9 && seconds < 18, "gave up after " + seconds + " s (pauses 0+1+2+3+4 s)");
            String expected = "could not connect to the NNI manager at " + url + " after 5 attempts (pauses of 0, 1, 2,"
                + " 3, 4 s)";
            List<String> stderr = p.stderr().lines().toList();
            assertTrue(stderr.get(stderr.size() - 1).startsWith("tunerd: " + expected), p.stderr());
            assertTrue(stderr.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace:\n" + p.stderr());
            assertTrue(p.dispatcherLog().contains("tunerd could not start: " + expected), p.dispatcherLog());
        }
    }

    @Test
    void aConnectionLostForGoodEndsTheProcessWithExit4() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            Map<String, String> env = new HashMap<>(WsHarness.env(manager.url()));
            env.put("TUNERD_WS_RECONNECT_DELAYS", "0, 0.2, 0.2"); // NNI's 0, 1, 2, 3, 4 s is tested above
            try (TunerdProcess p = TunerdProcess.start(config("SequenceTuner", "{}"), env)) {
                initialize(manager);
                manager.stopListening();
                manager.drop();
                assertEquals(4, p.exitCode(Duration.ofSeconds(10)), p.stderr());
                String expected = "lost the connection to the NNI manager at " + manager.url() + " and could not"
                    + " reconnect";
                assertTrue(p.dispatcherLog().contains(expected), p.dispatcherLog());
                assertTrue(p.stderr().contains(expected), p.stderr());
                assertTrue(p.stderr().lines().noneMatch(l -> l.startsWith("\tat ")), "no stack trace:\n" + p.stderr());
            }
        }
    }

    @Test
    void aWrongPathIsReportedWithTheManagersAnswer() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            String url = manager.url().replace("/tuner", "/exp1/tuner"); // a URL prefix the manager does not have
            Map<String, String> env = new HashMap<>(WsHarness.env(url));
            env.put("TUNERD_WS_RECONNECT_DELAYS", "0,0.2");
            try (TunerdProcess p = TunerdProcess.start(config("SequenceTuner", "{}"), env)) {
                assertEquals(4, p.exitCode(Duration.ofSeconds(10)), p.stderr());
                List<String> stderr = p.stderr().lines().toList();
                String last = stderr.get(stderr.size() - 1);
                assertTrue(last.startsWith("tunerd: could not connect to the NNI manager at " + url + " after 2 attempts"),
                    last);
                assertTrue(last.endsWith("404 Not Found (the server answered but has no WebSocket at /exp1/tuner;"
                    + " NNI's manager serves /tuner, or /<url prefix>/tuner)"), last);
            }
        }
    }

    @Test
    void aManagerThatRefusesTheConnectionAsNni29DoesEndsTheProcessAtOnce() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            manager.refuseConnectionsWith(4030, "Already serving a tuner");
            try (TunerdProcess p = WsHarness.launch(manager, config("SequenceTuner", "{}"))) {
                assertEquals(4, p.exitCode(Duration.ofSeconds(10)), p.stderr());
                assertEquals(1, manager.connections(), "no retry: it cannot help");
                String expected = "refused the connection with code 4030 (Already serving a tuner): it already serves"
                    + " another dispatcher";
                assertTrue(p.dispatcherLog().contains(expected), p.dispatcherLog());
            }
        }
    }

    @Test
    void aBadAlgorithmConfigurationFailsBeforeConnectingAsInNni() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, "{\"tuner\": {\"name\": \"TPE\", \"classArgs\":"
                 + " {\"optimize_mode\": \"maximise\"}}}")) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            assertEquals(0, manager.connections(), "algorithms are built before the channel opens (spec 1.2)");
            assertTrue(p.dispatcherLog().contains("tunerd could not start: "), p.dispatcherLog());
            assertTrue(p.dispatcherLog().contains("maximise"), p.dispatcherLog());
        }
    }

    @Test
    void anInvalidSearchSpaceIsReportedWithErThenClose4001() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{}"))) {
            manager.awaitConnections(1, CONNECT);
            manager.send(json("IN", "{\"invalid\": 1}"));
            String er = manager.next(REPLY);
            assertEquals("ER", WsHarness.typeOf(er, true), er);
            assertTrue(WsHarness.isPythonJson(er), er);
            assertTrue(WsHarness.contentOf(er, true).startsWith("tunerd: IN failed: invalid search space: invalid:"
                + " _type is missing; second problem\n"), er);
            assertEquals(4001, manager.awaitClose(Duration.ofSeconds(5)).code());
            assertEquals(5, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            assertEquals(List.of(er), manager.all(), "ER only: no ID, no _bye_");
        }
    }

    @Test
    void aTunerExceptionInTheRawFormIsReportedWithARawErThenClose4001() throws Exception {
        try (ManagerServer manager = ManagerServer.start();
             TunerdProcess p = WsHarness.launch(manager, config("FailingTuner", "{}"))) {
            manager.awaitConnections(1, CONNECT);
            manager.send("IN{}");
            assertEquals("ID", manager.next(REPLY));
            manager.send("GE1");
            String er = manager.next(REPLY);
            assertTrue(er.startsWith("ERtunerd: GE failed: java.lang.IllegalStateException: tuner exploded on purpose"
                + " for id 0\n"), er);
            assertEquals(4001, manager.awaitClose(Duration.ofSeconds(5)).code());
            assertEquals(1, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            assertEquals(List.of("ID", er), manager.all());
        }
    }
}
