package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.json.JsonValue;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --echo-ping}: a {@code PI} is answered with a {@code PI} once both workers have handled every command read
 * before it and written their replies, held ones included; without the flag it is ignored, as NNI does.
 */
@Timeout(20)
class PingEchoTest {

    private final ScriptedChannel channel = new ScriptedChannel();

    /** A tuner whose every suggestion takes a while, so a reply that is not waited for would come late. */
    private static final class SlowTuner extends ScriptedTuner {
        SlowTuner() {
            super(10);
        }

        @Override
        public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
            pause();
            return super.generateParameters(parameterId);
        }
    }

    /** An assessor that stops every trial after a while: its KI is held until the end of its worker's batch. */
    private static final class SlowKiller extends MsgDispatcherTest.RecordingAssessor {
        SlowKiller() {
            verdict = AssessResult.BAD;
        }

        @Override
        public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
            pause();
            return super.assessTrial(trialJobId, history);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(60);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ExitCode run(boolean echo) throws InterruptedException {
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher d = new MsgDispatcher(new SlowTuner(), new SlowKiller(),
            new DispatchState(DispatchObserver.NONE, sink), false);
        return new Daemon(channel, sink, d, new Daemon.Settings(64, Duration.ofSeconds(5), echo)).run();
    }

    private static Command cmd(CommandType type, String content) {
        return new Command(type, content);
    }

    private void feedRequestAndAMetric() {
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "2"));
        channel.feed(cmd(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"T0\","
            + " \"type\": \"PERIODICAL\", \"sequence\": 0, \"value\": \"1\"}"));
    }

    private List<CommandType> sentTypes() {
        return channel.sent().stream().map(Command::type).toList();
    }

    @Test
    void theEchoComesAfterTheRepliesOfBothQueues() throws Exception {
        feedRequestAndAMetric();
        channel.feed(cmd(CommandType.PING, ""));
        Thread feeder = new Thread(() -> {
            try {
                while (!sentTypes().contains(CommandType.PING)) {
                    Thread.sleep(5);
                }
                channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
                channel.feed(cmd(CommandType.PING, ""));
                while (sentTypes().stream().filter(t -> t == CommandType.PING).count() < 2) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                channel.feed(cmd(CommandType.TERMINATE, ""));
            }
        });
        feeder.start();
        assertEquals(ExitCode.OK, run(true));
        feeder.join();
        List<CommandType> sent = sentTypes();
        // the two TRs (default queue) and the KI (assessor queue, held to the end of its batch) before the echo,
        // whichever worker finished first; then the third TR before the second echo
        assertEquals(List.of(CommandType.NEW_TRIAL_JOB, CommandType.NEW_TRIAL_JOB, CommandType.KILL_TRIAL_JOB),
            sent.subList(0, 3).stream().sorted().toList());
        assertEquals(List.of(CommandType.PING, CommandType.NEW_TRIAL_JOB, CommandType.PING), sent.subList(3, 6));
        assertEquals(6, sent.size());
        assertEquals("", channel.sent().get(3).content());
    }

    @Test
    void withoutTheFlagAPingIsIgnored() throws Exception {
        feedRequestAndAMetric();
        channel.feed(cmd(CommandType.PING, ""));
        channel.feed(cmd(CommandType.REQUEST_TRIAL_JOBS, "1"));
        Thread feeder = new Thread(() -> {
            try {
                while (sentTypes().size() < 4) { // three TRs and the KI
                    Thread.sleep(5);
                }
                Thread.sleep(100); // an echo, if one were coming, would be in by now: nothing was behind the PI
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                channel.feed(cmd(CommandType.TERMINATE, ""));
            }
        });
        feeder.start();
        assertEquals(ExitCode.OK, run(false));
        feeder.join();
        List<CommandType> sent = sentTypes();
        assertTrue(!sent.contains(CommandType.PING), "no echo without --echo-ping: " + sent);
        assertEquals(4, sent.size());
    }
}
