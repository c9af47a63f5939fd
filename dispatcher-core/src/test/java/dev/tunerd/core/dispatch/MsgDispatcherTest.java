package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MsgDispatcherTest {

    private final List<String> events = new ArrayList<>();
    private final RecordingSink sink = new RecordingSink(events);
    private final ScriptedTuner tuner = new ScriptedTuner(100);
    private final RecordingAssessor assessor = new RecordingAssessor();

    private MsgDispatcher dispatcher(boolean includeIntermediate, DispatchObserver observer) {
        return new MsgDispatcher(tuner, assessor, new DispatchState(observer, sink), includeIntermediate);
    }

    private MsgDispatcher dispatcher() {
        return dispatcher(false, DispatchObserver.NONE);
    }

    private static void send(MsgDispatcher d, CommandType type, String content) {
        Routed.send(d, type, content); // as the reader routes it
    }

    private static String metric(Object id, String trial, String type, int seq, String value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial + "\", \"type\": \"" + type
            + "\", \"sequence\": " + seq + ", \"value\": \"" + value + "\"}";
    }

    private static String end(String trial, String event, Object id) {
        return "{\"trial_job_id\":\"" + trial + "\",\"event\":\"" + event + "\",\"hyper_params\":\"{\\\"parameter_id\\\": "
            + id + "}\"}";
    }

    @Test
    void initializeUpdatesTheSpaceThenRepliesInitialized() {
        send(dispatcher(), CommandType.INITIALIZE, "{\"x\": {\"_type\": \"choice\", \"_value\": [1]}}");
        assertEquals(List.of("updateSearchSpace [x]"), tuner.calls);
        assertEquals(List.of(new Command(CommandType.INITIALIZED, "")), sink.sent());
    }

    @Test
    void requestSendsOneTrialPerSetInIdOrderAndOneNoWithTheFirstIdWhenShort() {
        tuner.remaining = 3;
        MsgDispatcher d = dispatcher();
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        assertEquals(List.of(
            "{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 0}, \"parameter_index\": 0}",
            "{\"parameter_id\": 1, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 10}, \"parameter_index\": 0}",
            "{\"parameter_id\": 2, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 20}, \"parameter_index\": 0}"),
            sink.contents(CommandType.NEW_TRIAL_JOB));
        assertEquals(List.of(
            "{\"parameter_id\": 2, \"parameter_source\": \"algorithm\", \"parameters\": \"\", \"parameter_index\": 0}",
            "{\"parameter_id\": 4, \"parameter_source\": \"algorithm\", \"parameters\": \"\", \"parameter_index\": 0}"),
            sink.contents(CommandType.NO_MORE_TRIAL_JOBS));
    }

    @Test
    void finalResultReachesTheTunerWithTheIssuedParameters() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REPORT_METRIC_DATA, metric(1, "T1", "FINAL", 0, "0.5"));
        assertEquals(1, tuner.results.size());
        assertEquals(1, tuner.results.get(0).parameterId());
        assertEquals(JsonObject.builder().put("x", 10).build(), tuner.results.get(0).parameters());
        assertEquals(new JsonFloat(0.5), tuner.results.get(0).value());
        assertEquals("T1", tuner.results.get(0).trialJobId().orElseThrow());
    }

    @Test
    void unknownCustomizedAndDuplicateFinalsDoNotReachTheTuner() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(7, "T7", "FINAL", 0, "1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(null, "C", "FINAL", 0, "1"));
        tuner.acceptCustomized = true;
        send(d, CommandType.REPORT_METRIC_DATA, metric(null, "C", "FINAL", 0, "1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "FINAL", 0, "1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "FINAL", 0, "2"));
        assertEquals(List.of("generate 0", "result 0"), tuner.calls);
    }

    @Test
    void trialEndBeforeFinalIsHandledAndBothReachTheTunerOnce() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.TRIAL_END, end("T0", "SUCCEEDED", 0));
        send(d, CommandType.TRIAL_END, end("T0", "SUCCEEDED", 0));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "FINAL", 0, "1"));
        assertEquals(List.of("generate 0", "trialEnd 0 true", "result 0"), tuner.calls);
    }

    /** A {@link ScriptedTuner} that also reads intermediate results, as the advisors do. */
    private static final class ReadingTuner extends ScriptedTuner implements dev.tunerd.spi.ReceivesIntermediateResults {
        ReadingTuner() {
            super(100);
        }

        @Override
        public void receiveIntermediateResult(dev.tunerd.spi.IntermediateResult result) {
            calls.add("intermediate " + result.parameterId() + " #" + result.sequence());
        }
    }

    /**
     * Issue 13 session 31 (the hostile-manager streams): a PERIODICAL whose value is not a scalar (a string, null, a
     * list, a dict without a numeric "default") reached the advisors and the assessors, whose {@code Metrics.scalar}
     * threw, so the daemon answered ER and exited. Now neither algorithm gets it, the run goes on, and the assessor
     * judges the gap-free history before it.
     */
    @Test
    void aPeriodicalThatIsNotANumberReachesNeitherTheTunerNorTheAssessor() {
        ReadingTuner reading = new ReadingTuner();
        MsgDispatcher d = new MsgDispatcher(reading, assessor, new DispatchState(DispatchObserver.NONE, sink), false);
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 0, "0.5"));
        for (String bad : List.of("\\\"high\\\"", "null", "[1]", "{\\\"loss\\\": 1}", "{\\\"default\\\": \\\"x\\\"}")) {
            send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 1, bad));
        }
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 2, "{\\\"default\\\": 0.7}"));
        assertEquals(List.of("generate 0", "intermediate 0 #0", "intermediate 0 #2"), reading.calls);
        assertEquals(List.of("assess T0 [0.5]"), assessor.calls, "sequence 1 never came as a number: a gap");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 1, "0.6"));
        assertEquals(List.of("assess T0 [0.5]", "assess T0 [0.5, 0.6, {default=0.7}]"), assessor.calls);
    }

    /**
     * Intermediate results handled after the trial's FINAL and EN (the manager sent them late; the ledger has let the
     * trial's parameters go) still reach a tuner that reads them; an id never issued does not.
     */
    @Test
    void intermediateResultsHandledAfterTheFinalAndTheEndStillReachATunerThatReadsThem() {
        ReadingTuner reading = new ReadingTuner();
        MsgDispatcher d = new MsgDispatcher(reading, null, new DispatchState(DispatchObserver.NONE, sink), false);
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 0, "1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "FINAL", 0, "2"));
        send(d, CommandType.TRIAL_END, end("T0", "SUCCEEDED", 0));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T0", "PERIODICAL", 1, "2"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(5, "T5", "PERIODICAL", 0, "2")); // never issued: not passed on
        assertEquals(List.of("generate 0", "intermediate 0 #0", "result 0", "trialEnd 0 true", "intermediate 0 #1"),
            reading.calls);
    }

    /**
     * A PERIODICAL for a tuner that reads intermediate results has two halves, one per queue: the default queue's gives
     * it to the tuner (and journals it), the assessor queue's to the assessor; neither does the other's work, so the
     * tuner gets each metric once and the assessor never waits for the tuner lock.
     */
    @Test
    void aReadingTunersPeriodicalIsSplitBetweenTheQueues() {
        ReadingTuner reading = new ReadingTuner();
        List<String> journal = new ArrayList<>();
        DispatchObserver observer = new DispatchObserver() {
            @Override
            public void intermediateResultReceived(long parameterId, String trialJobId, int sequence, JsonValue value) {
                journal.add(parameterId + " " + trialJobId + " #" + sequence + " " + value);
            }
        };
        MsgDispatcher d = new MsgDispatcher(reading, assessor, new DispatchState(observer, sink), false);
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        var me = dev.tunerd.protocol.command.InboundCommands.parse(new Command(CommandType.REPORT_METRIC_DATA,
            metric(0, "T0", "PERIODICAL", 0, "5")));
        assertEquals(Daemon.Route.BOTH, Daemon.route(me, d));
        d.handleOnAssessorQueue(me);
        assertEquals(List.of("generate 0"), reading.calls);
        assertEquals(List.of("assess T0 [5]"), assessor.calls);
        d.handle(me);
        assertEquals(List.of("generate 0", "intermediate 0 #0"), reading.calls);
        assertEquals(List.of("0 T0 #0 5"), journal);
        assertEquals(List.of("assess T0 [5]"), assessor.calls);
    }

    @Test
    void periodicalResultsReachTheAssessorAsAGapFreeHistory() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 0, "1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 2, "3"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 1, "2"));
        assertEquals(List.of("assess A [1]", "assess A [1, 2, 3]"), assessor.calls);
    }

    @Test
    void badAssessmentKillsTheTrialAndIntermediatesOfEndedTrialsAreIgnored() {
        MsgDispatcher d = dispatcher();
        assessor.verdict = AssessResult.BAD;
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 0, "1"));
        send(d, CommandType.TRIAL_END, end("A", "EARLY_STOPPED", 0));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 1, "1"));
        send(d, CommandType.TRIAL_END, end("B", "FAILED", 1));
        assertEquals(List.of("\"A\""), sink.contents(CommandType.KILL_TRIAL_JOB));
        assertEquals(List.of("assess A [1]", "trialEnd A false"), assessor.calls);
        send(d, CommandType.TRIAL_END, end("C", "FAILED", 9)); // never issued: not passed to the tuner
        assertEquals(List.of("generate 0", "generate 1", "trialEnd 0 false", "trialEnd 1 false"), tuner.calls);
    }

    @Test
    void withIncludeIntermediateResultsTheKilledTrialsLastValueReachesTheTuner() {
        MsgDispatcher d = dispatcher(true, DispatchObserver.NONE);
        assessor.verdict = AssessResult.BAD;
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", "PERIODICAL", 0, "3"));
        assertEquals(List.of("generate 0", "result 0"), tuner.calls);
        assertEquals(new JsonInt(3), tuner.results.get(0).value());
    }

    @Test
    void resumeMovesTheCounterAndRoutesRecoveredResultsToImport() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB,
            "[{\"parameter_id\": 4, \"parameter_source\": \"resumed\", \"parameters\": {\"x\": 5}, \"parameter_index\": 0}]");
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(4, "R", "FINAL", 0, "0.25"));
        send(d, CommandType.TRIAL_END, end("R", "SUCCEEDED", 4));
        assertTrue(sink.contents(CommandType.NEW_TRIAL_JOB).get(0).startsWith("{\"parameter_id\": 5,"));
        assertEquals(List.of("generate 5", "import 1"), tuner.calls);
        assertEquals(JsonObject.builder().put("x", 5).build(), tuner.imports.get(0).get(0).parameter());
    }

    @Test
    void emptyResumeListStartsIdsAtOne() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "X", "FINAL", 0, "1")); // id 0 was never issued: ignored
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        assertEquals(List.of("generate 1"), tuner.calls);
        assertTrue(sink.contents(CommandType.NEW_TRIAL_JOB).get(0).startsWith("{\"parameter_id\": 1,"));
    }

    @Test
    void importDataPassesNormalisedValues() {
        MsgDispatcher d = dispatcher();
        send(d, CommandType.IMPORT_DATA, "[{\"parameter\": {\"x\": 1}, \"value\": \"{\\\"default\\\": 2}\"}]");
        assertEquals(2.0, tuner.imports.get(0).get(0).scalar());
    }

    @Test
    void deferredParametersAreRecordedObservedThenSent() {
        List<String> order = events;
        DispatchObserver observer = new DispatchObserver() {
            @Override
            public void parametersIssued(long parameterId, JsonValue parameters) {
                synchronized (order) {
                    order.add("issued " + parameterId);
                }
            }
        };
        DispatchState state = new DispatchState(observer, sink);
        tuner.remaining = 0;
        MsgDispatcher d = new MsgDispatcher(tuner, assessor, state, false);
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        state.issuer().send(1, JsonObject.builder().put("late", 1).build());
        send(d, CommandType.REPORT_METRIC_DATA, metric(1, "T", "FINAL", 0, "1"));
        assertEquals(List.of("send NO", "issued 1", "send TR"), events);
        assertEquals(List.of("result 1"), tuner.calls);
        assertThrows(IllegalArgumentException.class, () -> state.issuer().send(9, JsonObject.EMPTY));
        assertThrows(IllegalArgumentException.class, () -> state.issuer().send(1, JsonObject.EMPTY));
    }

    @Test
    void misdirectedAndMultiPhaseCommandsAreProtocolErrors() {
        MsgDispatcher d = dispatcher();
        var e = assertThrows(CommandException.class, () -> send(d, CommandType.KILL_TRIAL_JOB, "null"));
        assertTrue(e.getMessage().contains("Unsupported command: CommandType.KillTrialJob"), e.getMessage());
        assertThrows(CommandException.class, () -> send(d, CommandType.REPORT_METRIC_DATA,
            "{\"trial_job_id\": \"A\", \"type\": \"REQUEST_PARAMETER\", \"sequence\": 0, \"parameter_index\": 0}"));
    }

    @Test
    void observerSeesEveryChangeBeforeItIsAcknowledged() {
        DispatchObserver observer = new DispatchObserver() {
            private void note(String what) {
                synchronized (events) {
                    events.add(what);
                }
            }

            @Override
            public void searchSpaceUpdated(JsonObject space) {
                note("space " + space.keys());
            }

            @Override
            public void idsReserved(long nextParameterId) {
                note("next " + nextParameterId);
            }

            @Override
            public void parametersIssued(long parameterId, JsonValue parameters) {
                note("issued " + parameterId);
            }

            @Override
            public void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
                note("final " + parameterId + " " + trialJobIdOrNull + " " + value);
            }

            @Override
            public void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
                note("ended " + trialJobId + " " + parameterIdOrNull + " " + event);
            }

            @Override
            public void dataImported(List<dev.tunerd.spi.ImportedTrial> trials) {
                note("imported " + trials.size());
            }
        };
        tuner.remaining = 1;
        MsgDispatcher d = dispatcher(false, observer);
        send(d, CommandType.INITIALIZE, "{\"x\": {}}");
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "T", "FINAL", 0, "7"));
        send(d, CommandType.TRIAL_END, end("T", "SUCCEEDED", 0));
        send(d, CommandType.IMPORT_DATA, "[]");
        send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
        assertEquals(List.of("space [x]", "send ID", "next 2", "issued 0", "send TR", "send NO", "final 0 T 7",
            "ended T 0 SUCCEEDED", "imported 0", "next 2"), events);
    }

    /** Records assess and trialEnd calls; answers with {@link #verdict}. */
    static class RecordingAssessor implements Assessor {
        final List<String> calls = new ArrayList<>();
        AssessResult verdict = AssessResult.GOOD;

        @Override
        public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
            calls.add("assess " + trialJobId + " " + history);
            return verdict;
        }

        @Override
        public void trialEnd(String trialJobId, boolean success) {
            calls.add("trialEnd " + trialJobId + " " + success);
        }
    }
}
