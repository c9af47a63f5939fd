package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The dispatcher-side defects of issue #12, each with the test that failed before its fix. */
@Timeout(20)
class HardeningDispatchTest {

    /** Weak spot 1: a FINAL and an EN that came before a corrupt header are handled (and observed) before the ER. */
    @Test
    void commandsBeforeABadFrameAreHandledBeforeTheError() throws Exception {
        ScriptedChannel channel = new ScriptedChannel();
        ScriptedTuner tuner = new ScriptedTuner(5);
        List<String> observed = new ArrayList<>();
        DispatchObserver observer = new DispatchObserver() {
            @Override
            public void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
                observed.add("final " + parameterId);
            }

            @Override
            public void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
                observed.add("end " + parameterIdOrNull);
            }
        };
        ChannelReplySink sink = new ChannelReplySink(channel);
        MsgDispatcher d = new MsgDispatcher(tuner, null, new DispatchState(observer, sink), false);
        channel.feed(new Command(CommandType.INITIALIZE, "{}"));
        channel.feed(new Command(CommandType.REQUEST_TRIAL_JOBS, "1"));
        // the manager's next read holds a FINAL, an EN and then a corrupt header: all three arrive at once
        Thread late = new Thread(() -> {
            while (channel.sent().size() < 2) {
                Thread.onSpinWait();
            }
            channel.feed(new Command(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\","
                + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.5\"}"));
            channel.feed(new Command(CommandType.TRIAL_END, "{\"trial_job_id\": \"A\", \"event\": \"SUCCEEDED\","
                + " \"hyper_params\": \"{\\\"parameter_id\\\": 0}\"}"));
            channel.fail(new FrameException("frame length field \"00x\" is not a decimal number"));
        });
        late.start();
        ExitCode code = new Daemon(channel, sink, d, new Daemon.Settings(64, Duration.ofSeconds(5))).run();
        late.join();
        assertEquals(ExitCode.PROTOCOL, code);
        assertTrue(tuner.calls.contains("result 0"), tuner.calls.toString());
        assertTrue(tuner.calls.contains("trialEnd 0 true"), tuner.calls.toString());
        assertEquals(List.of("final 0", "end 0"), observed);
        List<Command> sent = channel.sent();
        assertEquals(CommandType.ERROR, sent.get(sent.size() - 1).type());
    }

    /** Weak spot 2: a FINAL that is not a number is logged and kept from the tuner; a numeric one later still counts. */
    @Test
    void aNonNumericFinalNeverReachesTheTuner() {
        ScriptedTuner tuner = new ScriptedTuner(5);
        RecordingSink sink = new RecordingSink(new ArrayList<>());
        List<String> observed = new ArrayList<>();
        DispatchObserver observer = new DispatchObserver() {
            @Override
            public void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
                observed.add("final " + parameterId + " " + value);
            }
        };
        MsgDispatcher d = new MsgDispatcher(tuner, null, new DispatchState(observer, sink), false);
        d.handle(parse(CommandType.REQUEST_TRIAL_JOBS, "1"));
        d.handle(parse(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
            + " \"FINAL\", \"sequence\": 0, \"value\": \"\\\"not a number\\\"\"}"));
        d.handle(parse(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
            + " \"FINAL\", \"sequence\": 0, \"value\": \"{\\\"loss\\\": 1}\"}"));
        assertFalse(tuner.calls.contains("result 0"), tuner.calls.toString());
        assertTrue(observed.isEmpty(), observed.toString());
        d.handle(parse(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\":"
            + " \"FINAL\", \"sequence\": 0, \"value\": \"{\\\"default\\\": 0.25}\"}"));
        assertTrue(tuner.calls.contains("result 0"), tuner.calls.toString());
        assertEquals(1, observed.size());
    }

    /** Defect 7: an AD id that no id can follow is refused; the ledger never hands out an id past 2^53 - 1. */
    @Test
    void resumedIdsNearTheTopAreRefusedAndTheCounterNeverWraps() {
        CommandException e = assertThrows(CommandException.class, () -> parse(CommandType.ADD_CUSTOMIZED_TRIAL_JOB,
            "[{\"parameter_id\": 9223372036854775807, \"parameter_source\": \"resumed\", \"parameters\": {},"
                + " \"parameter_index\": 0}]"));
        assertTrue(e.getMessage().startsWith("AD: field \"parameter_id\" of element 0 must be at most "
            + ResumedTrial.MAX_RESUMED_ID), e.getMessage());
        InboundCommand.AddCustomizedTrials top = (InboundCommand.AddCustomizedTrials) parse(
            CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": " + ResumedTrial.MAX_RESUMED_ID
                + ", \"parameters\": {}}]");
        ParameterLedger ledger = new ParameterLedger();
        ledger.resume(top.resumed());
        assertEquals(ResumedTrial.MAX_PARAMETER_ID, ledger.reserve(1));
        IllegalStateException exhausted = assertThrows(IllegalStateException.class, () -> ledger.reserve(1));
        assertTrue(exhausted.getMessage().contains("exhausted"), exhausted.getMessage());
    }

    /** Defect 2: 9,000 problems give an ER of a few KB that says how many were left out; the log gets them all. */
    @Test
    void anErrorReportIsBoundedWhateverTheInput() {
        List<String> problems = IntStream.range(0, 9000).mapToObj(i -> "search space \"x" + i
            + "\" (uniform) must have high > low : {'_type': 'uniform', '_value': [2, 1]}").toList();
        FailureReport r = FailureReport.of(new InvalidSearchSpaceException(problems),
            parse(CommandType.INITIALIZE, "{}"));
        assertEquals(ExitCode.INVALID_SEARCH_SPACE, r.code());
        assertTrue(r.text().length() < 20_000, r.text().length() + " characters");
        assertTrue(r.summary().contains("; ... and 8980 more (9000 problems in all; dispatcher.log lists them one per"
            + " line)"), r.summary());
        assertEquals(9000, r.details().size());
        assertTrue(r.details().get(8999).startsWith("search space problem 9000 of 9000: search space \"x8999\""),
            r.details().get(8999));
        String huge = "a".repeat(5_000_000);
        FailureReport quoted = FailureReport.of(assertThrows(CommandException.class,
            () -> parse(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 1, \"type\": \"" + huge + "\","
                + " \"value\": \"1\"}")), null);
        assertTrue(quoted.text().length() < 10_000, quoted.text().length() + " characters");
        assertTrue(quoted.summary().contains("... (4999800 more)"), quoted.summary());
    }

    /** Defect 3: a trial id holding a forged log line is quoted on the warning's own line, escaped and capped. */
    @Test
    void aTrialIdInAReportCannotStartALineOfItsOwn() {
        String forged = "x\n[2026-01-01 00:00:00] ERROR (x) FORGED";
        FailureReport r = FailureReport.of(new IllegalStateException("boom"), parse(CommandType.TRIAL_END,
            "{\"trial_job_id\": \"" + forged.replace("\n", "\\n") + "\", \"event\": \"FAILED\"}"));
        assertFalse(r.summary().contains("\n"), r.summary());
        assertTrue(r.summary().contains("(trial x\\n[2026-01-01 00:00:00] ERROR (x) FORGED)"), r.summary());
    }

    private static InboundCommand parse(CommandType type, String content) {
        return InboundCommands.parse(new Command(type, content));
    }
}
