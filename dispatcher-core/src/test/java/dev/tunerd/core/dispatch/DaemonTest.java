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

    @Test
    void routingFollowsNni() {
        assertTrue(Daemon.isForAssessor(dev.tunerd.protocol.command.InboundCommands.parse(cmd(CommandType.TRIAL_END,
            "{\"trial_job_id\": \"A\", \"event\": \"FAILED\"}"))));
        assertTrue(Daemon.isForAssessor(dev.tunerd.protocol.command.InboundCommands.parse(cmd(
            CommandType.REPORT_METRIC_DATA, "{\"trial_job_id\": \"A\", \"type\": \"PERIODICAL\", \"value\": \"1\"}"))));
        assertFalse(Daemon.isForAssessor(dev.tunerd.protocol.command.InboundCommands.parse(cmd(
            CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 1, \"type\": \"FINAL\", \"value\": \"1\"}"))));
        assertFalse(Daemon.isForAssessor(dev.tunerd.protocol.command.InboundCommands.parse(cmd(CommandType.PING, ""))));
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
