package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class DaemonTest {

    private final ScriptedChannel channel = new ScriptedChannel();

    private ExitCode run(ScriptedTuner tuner, int capacity) throws InterruptedException {
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher d = new MsgDispatcher(tuner, new MsgDispatcherTest.RecordingAssessor(),
            new DispatchState(DispatchObserver.NONE, sink), false);
        return new Daemon(channel, sink, d, new Daemon.Settings(capacity, Duration.ofSeconds(5))).run();
    }

    private static Command cmd(CommandType type, String content) {
        return new Command(type, content);
    }

    @Test
    void everyCommandBeforeTheEndIsHandledInOrderWithASmallQueue() throws Exception {
        BlockingTuner tuner = new BlockingTuner();
        channel.feed(cmd(CommandType.INITIALIZE, "{}"));
        for (int i = 0; i < 20; i++) {
            channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        }
        channel.feed(cmd(CommandType.KILL_TRIAL_JOB, "\"x\"")); // misdirected: ends the daemon after the 20 GEs
        tuner.release.countDown();
        assertEquals(ExitCode.PROTOCOL, run(tuner, 1));
        List<Command> sent = channel.sent();
        assertEquals(CommandType.INITIALIZED, sent.get(0).type());
        assertEquals(20, sent.stream().filter(c -> c.type() == CommandType.NEW_TRIAL_JOB).count());
        assertEquals(CommandType.ERROR, sent.get(sent.size() - 1).type());
        assertTrue(sent.get(sent.size() - 1).content().startsWith("tunerd: KI failed: KI: Unsupported command:"));
    }

    @Test
    void terminateDropsQueuedWorkAndEndsCleanly() throws Exception {
        BlockingTuner tuner = new BlockingTuner();
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        Thread releaser = new Thread(() -> {
            try {
                assertTrue(tuner.entered.await(5, TimeUnit.SECONDS));
                channel.feed(cmd(CommandType.TERMINATE, ""));
                Thread.sleep(100);
                tuner.release.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        releaser.start();
        assertEquals(ExitCode.OK, run(tuner, 8));
        releaser.join();
        // the running GE finished and was answered; the two queued ones were dropped
        assertEquals(List.of(CommandType.NEW_TRIAL_JOB), channel.sent().stream().map(Command::type).toList());
        assertEquals(Boolean.FALSE, channel.closedFailed());
    }

    @Test
    void endOfInputEndsCleanly() throws Exception {
        channel.endOfInput();
        assertEquals(ExitCode.OK, run(new ScriptedTuner(1), 4));
        assertEquals(List.of(), channel.sent());
    }

    @Test
    void tunerFailureIsReportedWithErAndExitCodeOne() throws Exception {
        ScriptedTuner tuner = new ScriptedTuner(0) {
            @Override
            public JsonValue generateParameters(long parameterId) {
                throw new IllegalStateException("boom");
            }
        };
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        assertEquals(ExitCode.ALGORITHM_FAILURE, run(tuner, 4));
        Command er = channel.sent().get(0);
        assertEquals(CommandType.ERROR, er.type());
        String[] lines = er.content().split("\n");
        assertEquals("tunerd: GE failed: java.lang.IllegalStateException: boom", lines[0]);
        assertTrue(lines[1].startsWith("java.lang.IllegalStateException: boom"));
        assertEquals(Boolean.TRUE, channel.closedFailed());
    }

    @Test
    void invalidSearchSpaceHasItsOwnExitCode() throws Exception {
        ScriptedTuner tuner = new ScriptedTuner(0) {
            @Override
            public void updateSearchSpace(JsonObject searchSpace) {
                throw new InvalidSearchSpaceException(List.of("x: bad", "y: worse"));
            }
        };
        channel.feed(cmd(CommandType.INITIALIZE, "{}"));
        assertEquals(ExitCode.INVALID_SEARCH_SPACE, run(tuner, 4));
        assertTrue(channel.sent().get(0).content().startsWith("tunerd: IN failed: invalid search space: x: bad; y: worse\n"));
    }

    @Test
    void undecodableInputIsAProtocolErrorAndChannelFailureIsAnIoError() throws Exception {
        channel.fail(new FrameException("frame length field \"abc\" is not a decimal number"));
        assertEquals(ExitCode.PROTOCOL, run(new ScriptedTuner(0), 4));
        assertTrue(channel.sent().get(0).content().startsWith("tunerd: frame length field"));
        ScriptedChannel broken = new ScriptedChannel();
        broken.fail(new IOException("pipe closed"));
        ChannelReplySink sink = new ChannelReplySink(broken);
        MsgDispatcher d = new MsgDispatcher(new ScriptedTuner(0), null, new DispatchState(DispatchObserver.NONE, sink),
            false);
        assertEquals(ExitCode.CHANNEL_IO, new Daemon(broken, sink, d, new Daemon.Settings(4, Duration.ofSeconds(1))).run());
    }

    private static dev.tunerd.protocol.command.InboundCommand parse(CommandType type, String content) {
        return dev.tunerd.protocol.command.InboundCommands.parse(cmd(type, content));
    }

    /**
     * NNI's routing (spec 4.1) for a tuner that does not read intermediate results; for one that does, a PERIODICAL's
     * tuner half goes to the default queue (and its assessor half, when an assessor runs, to the assessor queue).
     */
    @Test
    void routingFollowsNniExceptForATunerThatReadsIntermediateResults() {
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher plain = new MsgDispatcher(new ScriptedTuner(0), new MsgDispatcherTest.RecordingAssessor(),
            new DispatchState(DispatchObserver.NONE, sink), false);
        MsgDispatcher plainAlone = new MsgDispatcher(new ScriptedTuner(0), null,
            new DispatchState(DispatchObserver.NONE, sink), false);
        MsgDispatcher reading = new MsgDispatcher(new ReadingTuner(), new MsgDispatcherTest.RecordingAssessor(),
            new DispatchState(DispatchObserver.NONE, sink), false);
        MsgDispatcher readingAlone = new MsgDispatcher(new ReadingTuner(), null,
            new DispatchState(DispatchObserver.NONE, sink), false);
        var end = parse(CommandType.TRIAL_END, "{\"trial_job_id\": \"A\", \"event\": \"FAILED\"}");
        var periodical = parse(CommandType.REPORT_METRIC_DATA,
            "{\"trial_job_id\": \"A\", \"type\": \"PERIODICAL\", \"value\": \"1\"}");
        var fin = parse(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 1, \"type\": \"FINAL\", \"value\": \"1\"}");
        var ping = parse(CommandType.PING, "");
        for (MsgDispatcher d : List.of(plain, plainAlone, reading, readingAlone)) {
            assertEquals(Daemon.Route.BOTH, Daemon.route(end, d));
            assertEquals(Daemon.Route.DEFAULT, Daemon.route(fin, d));
            assertEquals(Daemon.Route.DEFAULT, Daemon.route(ping, d));
        }
        assertEquals(Daemon.Route.ASSESSOR, Daemon.route(periodical, plain));
        assertEquals(Daemon.Route.ASSESSOR, Daemon.route(periodical, plainAlone));
        assertEquals(Daemon.Route.BOTH, Daemon.route(periodical, reading));
        assertEquals(Daemon.Route.DEFAULT, Daemon.route(periodical, readingAlone));
    }

    private static Command periodical(long id, String trial, int seq) {
        return cmd(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial
            + "\", \"type\": \"PERIODICAL\", \"sequence\": " + seq + ", \"value\": \"" + (seq + 1) + "\"}");
    }

    private static Command trialEnd(long id, String trial) {
        return cmd(CommandType.TRIAL_END, "{\"trial_job_id\": \"" + trial + "\", \"event\": \"SUCCEEDED\","
            + " \"hyper_params\": \"{\\\"parameter_id\\\": " + id + "}\"}");
    }

    /** What a feeder thread does while the daemon runs. */
    private interface Feed {
        void run() throws InterruptedException;
    }

    /** Runs a daemon while {@code feed} runs on a thread of its own, which then sends TE; the daemon's exit code. */
    private ExitCode runFed(ScriptedTuner tuner, MsgDispatcherTest.RecordingAssessor assessor, Feed feed)
        throws InterruptedException {
        Thread feeder = new Thread(() -> {
            try {
                feed.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally { // also after a failed assertion, so the daemon ends and the test reports it
                channel.feed(cmd(CommandType.TERMINATE, ""));
            }
        });
        feeder.start();
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher d = new MsgDispatcher(tuner, assessor, new DispatchState(DispatchObserver.NONE, sink), false);
        ExitCode code = new Daemon(channel, sink, d, new Daemon.Settings(64, Duration.ofSeconds(5))).run();
        feeder.join();
        return code;
    }

    /**
     * With the assessor worker stuck in its first assessment, a tuner that reads intermediate results still gets a
     * trial's PERIODICALs before the FINAL and EN that followed them on the wire, and before the next GE: its half
     * travels on the default queue. The assessor still assesses every one of them, on its own worker. (With NNI's
     * routing the tuner got the first PERIODICAL only, then the FINAL, the EN and the GE, and the rest afterwards.)
     */
    @Test
    void aTunerThatReadsIntermediateResultsGetsThemInWireOrderWhileTheAssessorIsStuck() throws Exception {
        ReadingTuner tuner = new ReadingTuner();
        StuckAssessor assessor = new StuckAssessor();
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        assertEquals(ExitCode.OK, runFed(tuner, assessor, () -> {
            while (channel.sent().isEmpty()) { // the TR of id 0
                Thread.sleep(5);
            }
            for (int k = 0; k < 4; k++) {
                channel.feed(periodical(0, "T0", k));
            }
            channel.feed(cmd(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"T0\","
                + " \"type\": \"FINAL\", \"value\": \"4\"}"));
            channel.feed(trialEnd(0, "T0"));
            channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
            tuner.secondGenerate.await(5, TimeUnit.SECONDS); // the default worker's work is done (or never is)
            assessor.release.countDown();
            assessor.ended.await(5, TimeUnit.SECONDS);
        }));
        assertEquals(List.of("generate 0", "intermediate 0 #0", "intermediate 0 #1", "intermediate 0 #2",
            "intermediate 0 #3", "result 0", "trialEnd 0 true", "generate 1"), tuner.calls);
        assertEquals(List.of("tunerd-default"), tuner.threads.stream().distinct().toList());
        assertEquals(List.of("assess T0 [1]", "assess T0 [1, 2]", "assess T0 [1, 2, 3]", "assess T0 [1, 2, 3, 4]",
            "trialEnd T0 true"), assessor.calls);
        assertEquals(List.of("tunerd-assessor"), assessor.threads.stream().distinct().toList());
    }

    /**
     * A tuner that does not read intermediate results: PERIODICALs travel on the assessor queue alone, as in NNI. The
     * assessor judges them while the default worker is stuck in a GE, and the tuner is never called for them.
     */
    @Test
    void forAPlainTunerPeriodicalsTravelOnTheAssessorQueueAlone() throws Exception {
        BlockingTuner tuner = new BlockingTuner();
        StuckAssessor assessor = new StuckAssessor();
        assessor.release.countDown(); // never stuck here
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        assertEquals(ExitCode.OK, runFed(tuner, assessor, () -> {
            assertTrue(tuner.entered.await(5, TimeUnit.SECONDS));
            for (int k = 0; k < 3; k++) {
                channel.feed(periodical(0, "A", k));
            }
            // all three judged while the GE still runs (the tuner waits for this thread to release it)
            assessor.whileTunerBusy = assessor.assessed.await(5, TimeUnit.SECONDS);
            tuner.release.countDown();
            while (channel.sent().isEmpty()) {
                Thread.sleep(5);
            }
        }));
        assertTrue(assessor.whileTunerBusy, "the assessor judged the PERIODICALs while the default worker was busy");
        assertEquals(List.of("assess A [1]", "assess A [1, 2]", "assess A [1, 2, 3]"), assessor.calls);
        assertEquals(List.of("tunerd-assessor"), assessor.threads.stream().distinct().toList());
        assertEquals(List.of("generate 0"), tuner.calls);
    }

    @Test
    void callsIntoOneTunerNeverOverlapAcrossTheTwoWorkers() throws Exception {
        OverlapDetectingTuner tuner = new OverlapDetectingTuner();
        int n = 200;
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, String.valueOf(n)));
        Thread feeder = new Thread(() -> {
            try {
                while (channel.sent().size() < n) { // every id issued first, so every EN reaches the tuner
                    Thread.sleep(5);
                }
                for (int i = 0; i < n; i++) {
                    channel.feed(cmd(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + i + ", \"trial_job_id\": \"T"
                        + i + "\", \"type\": \"FINAL\", \"value\": \"1\"}"));
                    channel.feed(cmd(CommandType.TRIAL_END, "{\"trial_job_id\": \"T" + i + "\", \"event\": \"SUCCEEDED\","
                        + " \"hyper_params\": \"{\\\"parameter_id\\\": " + i + "}\"}"));
                }
                assertTrue(tuner.done.await(15, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel.feed(cmd(CommandType.TERMINATE, ""));
        });
        feeder.start();
        assertEquals(ExitCode.OK, run(tuner, 1000));
        feeder.join();
        assertEquals(0, tuner.overlaps.get());
        assertEquals(2 * n, tuner.calls.get());
    }

    /**
     * The manager sends a trial's FINAL before its EN; EN's tuner half goes through the default queue behind it, so
     * the tuner sees every result before its trial's end (in NNI the end often overtakes the result, and tuners lose
     * it or crash).
     */
    @Test
    void theTunerSeesEachFinalBeforeItsTrialEnd() throws Exception {
        ScriptedTuner tuner = new ScriptedTuner(1000);
        int n = 300;
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, String.valueOf(n)));
        Thread feeder = new Thread(() -> {
            try {
                while (channel.sent().size() < n) {
                    Thread.sleep(5);
                }
                for (int i = 0; i < n; i++) {
                    channel.feed(cmd(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + i + ", \"trial_job_id\": \"T"
                        + i + "\", \"type\": \"FINAL\", \"value\": \"1\"}"));
                    channel.feed(cmd(CommandType.TRIAL_END, "{\"trial_job_id\": \"T" + i + "\", \"event\": \"SUCCEEDED\","
                        + " \"hyper_params\": \"{\\\"parameter_id\\\": " + i + "}\"}"));
                }
                channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1")); // behind every FINAL and tuner half
                while (channel.sent().size() < n + 1) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel.feed(cmd(CommandType.TERMINATE, ""));
        });
        feeder.start();
        assertEquals(ExitCode.OK, run(tuner, 1000));
        feeder.join();
        List<String> calls = List.copyOf(tuner.calls);
        for (int i = 0; i < n; i++) {
            int result = calls.indexOf("result " + i);
            int end = calls.indexOf("trialEnd " + i + " true");
            assertTrue(result >= 0 && end > result, "trial " + i + ": result at " + result + ", end at " + end);
        }
    }

    /** Counts calls that start while another is still inside the tuner; each call yields to invite a race. */
    private static final class OverlapDetectingTuner extends ScriptedTuner {
        final java.util.concurrent.atomic.AtomicInteger inside = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger overlaps = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        final CountDownLatch done = new CountDownLatch(400);

        OverlapDetectingTuner() {
            super(1000);
        }

        private void enterAndLeave() {
            if (inside.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            Thread.yield();
            inside.decrementAndGet();
            calls.incrementAndGet();
            done.countDown();
        }

        @Override
        public void receiveTrialResult(dev.tunerd.spi.TrialResult result) {
            enterAndLeave();
        }

        @Override
        public void trialEnd(long parameterId, boolean success) {
            enterAndLeave();
        }
    }

    /** A {@link ScriptedTuner} that reads intermediate results and records the thread of every call. */
    private static final class ReadingTuner extends ScriptedTuner
        implements dev.tunerd.spi.ReceivesIntermediateResults {
        final List<String> threads = new java.util.ArrayList<>();
        final CountDownLatch secondGenerate = new CountDownLatch(2);

        ReadingTuner() {
            super(100);
        }

        @Override
        public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
            threads.add(Thread.currentThread().getName());
            JsonValue set = super.generateParameters(parameterId);
            secondGenerate.countDown();
            return set;
        }

        @Override
        public void receiveTrialResult(dev.tunerd.spi.TrialResult result) {
            threads.add(Thread.currentThread().getName());
            super.receiveTrialResult(result);
        }

        @Override
        public void trialEnd(long parameterId, boolean success) {
            threads.add(Thread.currentThread().getName());
            super.trialEnd(parameterId, success);
        }

        @Override
        public void receiveIntermediateResult(dev.tunerd.spi.IntermediateResult result) {
            threads.add(Thread.currentThread().getName());
            calls.add("intermediate " + result.parameterId() + " #" + result.sequence());
        }
    }

    /**
     * An assessor that records its calls and their threads and waits in its first assessment until released (5 s at
     * most), as a slow assessor would. Its lists are written by the assessor worker only.
     */
    private static final class StuckAssessor extends MsgDispatcherTest.RecordingAssessor {
        final List<String> threads = new java.util.ArrayList<>();
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch assessed = new CountDownLatch(3);
        final CountDownLatch ended = new CountDownLatch(1);
        volatile boolean whileTunerBusy;

        @Override
        public dev.tunerd.spi.AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
            threads.add(Thread.currentThread().getName());
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            dev.tunerd.spi.AssessResult verdict = super.assessTrial(trialJobId, history);
            assessed.countDown();
            return verdict;
        }

        @Override
        public void trialEnd(String trialJobId, boolean success) {
            threads.add(Thread.currentThread().getName());
            super.trialEnd(trialJobId, success);
            ended.countDown();
        }
    }

    /** Blocks its first generate until released, so a test can act while a handler runs. */
    private static class BlockingTuner extends ScriptedTuner {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        BlockingTuner() {
            super(1000);
        }

        @Override
        public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return super.generateParameters(parameterId);
        }
    }
}
