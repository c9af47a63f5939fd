package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.ReceivesTrialParameters;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ReceivesTrialParameters} through the dispatcher (issue 13 session 32): an assessor that implements it is told
 * a trial's parameters once, before its first judgement, for issued sets and sets restored into the ledger, a
 * customized trial's before its end from the end's {@code hyper_params}, a previous run's trial not at all (it is not
 * judged); one that does not implement it is called exactly as before.
 */
class AssessorParametersTest {

    private final List<String> events = new ArrayList<>();
    private final RecordingSink sink = new RecordingSink(events);
    private final ScriptedTuner tuner = new ScriptedTuner(100);

    /** A {@link MsgDispatcherTest.RecordingAssessor} that is also told parameters. */
    private static final class ToldAssessor extends MsgDispatcherTest.RecordingAssessor
        implements ReceivesTrialParameters {
        @Override
        public void trialParameters(String trialJobId, JsonValue parameters) {
            calls.add("parameters " + trialJobId + " " + Json.writeAllowingNonFinite(parameters));
        }
    }

    private static void send(MsgDispatcher d, CommandType type, String content) {
        Routed.send(d, type, content);
    }

    private static String metric(Object id, String trial, int seq, String value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial + "\", \"type\": \"PERIODICAL\","
            + " \"sequence\": " + seq + ", \"value\": \"" + value + "\"}";
    }

    private static String end(String trial, String event, String hyperParams) {
        return "{\"trial_job_id\":\"" + trial + "\",\"event\":\"" + event + "\",\"hyper_params\":\""
            + hyperParams.replace("\"", "\\\"") + "\"}";
    }

    /** The same script for an assessor that is told and one that is not. */
    private static void script(MsgDispatcher d) {
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        send(d, CommandType.REPORT_METRIC_DATA, metric(1, "B", 0, "0.5"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(1, "B", 1, "0.4"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(0, "A", 0, "0.7"));
        send(d, CommandType.TRIAL_END, end("B", "SUCCEEDED", "{\"parameter_id\": 1, \"parameters\": {\"x\": 10}}"));
        send(d, CommandType.REPORT_METRIC_DATA, metric("null", "C", 0, "0.9"));
        send(d, CommandType.TRIAL_END, end("C", "SUCCEEDED",
            "{\"parameter_id\": null, \"parameter_source\": \"customized\", \"parameters\": {\"x\": 77}}"));
    }

    @Test
    void issuedAndCustomizedTrialsAreToldTheirParametersOnceBeforeTheirFirstJudgementOrTheirEnd() {
        ToldAssessor assessor = new ToldAssessor();
        script(new MsgDispatcher(tuner, assessor, new DispatchState(DispatchObserver.NONE, sink), false));
        assertEquals(List.of("parameters B {\"x\": 10}", "assess B [0.5]", "assess B [0.5, 0.4]",
            "parameters A {\"x\": 0}", "assess A [0.7]", "trialEnd B true",
            "assess C [0.9]", "parameters C {\"x\": 77}", "trialEnd C true"), assessor.calls);
    }

    @Test
    void anAssessorThatDoesNotAskIsCalledExactlyAsBefore() {
        MsgDispatcherTest.RecordingAssessor plain = new MsgDispatcherTest.RecordingAssessor();
        script(new MsgDispatcher(tuner, plain, new DispatchState(DispatchObserver.NONE, sink), false));
        assertEquals(List.of("assess B [0.5]", "assess B [0.5, 0.4]", "assess A [0.7]", "trialEnd B true",
            "assess C [0.9]", "trialEnd C true"), plain.calls);
    }

    /**
     * A set the ledger got from a checkpoint (in the daemon such a trial reaches the assessor only when its tuner names
     * its ids and was restored from its own state, spec 4.7; the ledger lookup is the same).
     */
    @Test
    void aSetRestoredIntoTheLedgerIsToldBeforeTheTrialsNextJudgement() {
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        JsonObject params = JsonObject.builder().put("lr", 0.01).put("opt", "adam").build();
        state.ledger().restore(new ParameterLedger.Snapshot(3, -1, Map.of(2L, params), Set.of(), Set.of()));
        ToldAssessor assessor = new ToldAssessor();
        MsgDispatcher d = new MsgDispatcher(tuner, assessor, state, false);
        send(d, CommandType.REPORT_METRIC_DATA, metric(2, "R", 4, "0.3")); // a gap: not judged, not told yet
        send(d, CommandType.REPORT_METRIC_DATA, metric(2, "R", 0, "0.1"));
        send(d, CommandType.REPORT_METRIC_DATA, metric(2, "R", 1, "0.2"));
        assertEquals(List.of("parameters R {\"lr\": 0.01, \"opt\": \"adam\"}", "assess R [0.1]", "assess R [0.1, 0.2]"),
            assessor.calls);
    }

    @Test
    void aPreviousRunsTrialIsNeitherJudgedNorToldAndTheNextIssuedOneIs() {
        ToldAssessor assessor = new ToldAssessor();
        MsgDispatcher d = new MsgDispatcher(tuner, assessor, new DispatchState(DispatchObserver.NONE, sink), false);
        send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB,
            "[{\"parameter_id\": 4, \"parameter_source\": \"resumed\", \"parameters\": {\"x\": 5},"
                + " \"parameter_index\": 0}]");
        send(d, CommandType.REPORT_METRIC_DATA, metric(4, "R", 0, "0.25")); // the previous run's: dropped (spec 4.7)
        send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(d, CommandType.REPORT_METRIC_DATA, metric(5, "N", 0, "0.5"));
        assertEquals(List.of("parameters N {\"x\": 50}", "assess N [0.5]"), assessor.calls);
    }
}
