package dev.tunerd.it;

import static dev.tunerd.protocol.CommandType.ERROR;
import static dev.tunerd.protocol.CommandType.INITIALIZED;
import static dev.tunerd.protocol.CommandType.KILL_TRIAL_JOB;
import static dev.tunerd.protocol.CommandType.NEW_TRIAL_JOB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The spec's black-box scenarios (section 8.2 S1-S3, 8.3 R1-R2) against the built launcher. */
@Timeout(60)
class ConformanceIT {

    private static final Duration QUIET = Duration.ofMillis(300);

    private static String periodical(String trial, Object id, int seq, String value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial + "\", \"type\": \"PERIODICAL\", \"sequence\": "
            + seq + ", \"value\": \"" + value + "\"}";
    }

    private static String trialEnd(String trial, String event, int id) {
        return "{\"trial_job_id\":\"" + trial + "\",\"event\":\"" + event + "\",\"hyper_params\":\"{\\\"parameter_id\\\": "
            + id + "}\"}";
    }

    @Test
    void s1DispatcherCore() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("NaiveTuner", "{}", null, null), Map.of())) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\":0,\"type\":\"PERIODICAL\",\"value\":\"10\"}");
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\":1,\"type\":\"FINAL\",\"value\":\"11\"}");
            p.send(CommandType.UPDATE_SEARCH_SPACE, "{\"name\":\"SS0\"}");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            p.send(CommandType.KILL_TRIAL_JOB, "null");
            assertEquals(new Command(NEW_TRIAL_JOB, "{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\":"
                + " {\"param\": 2, \"trial_results\": [], \"search_space\": null}, \"parameter_index\": 0}"), p.reply());
            assertEquals(new Command(NEW_TRIAL_JOB, "{\"parameter_id\": 1, \"parameter_source\": \"algorithm\", \"parameters\":"
                + " {\"param\": 4, \"trial_results\": [], \"search_space\": null}, \"parameter_index\": 0}"), p.reply());
            assertEquals(new Command(NEW_TRIAL_JOB, "{\"parameter_id\": 2, \"parameter_source\": \"algorithm\", \"parameters\":"
                + " {\"param\": 6, \"trial_results\": [[1, 4, 11, false]], \"search_space\": {\"name\": \"SS0\"}},"
                + " \"parameter_index\": 0}"), p.reply());
            // NNI's worker dies silently here (the experiment starves); we report ER and exit 3 on purpose
            Command er = p.reply();
            assertEquals(ERROR, er.type());
            assertTrue(er.content().startsWith("tunerd: KI failed: KI: Unsupported command: CommandType.KillTrialJob"),
                er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(5)));
            assertTrue(p.dispatcherLog().contains("Unsupported command: CommandType.KillTrialJob"));
        }
    }

    private void s2(boolean includeIntermediate) throws Exception {
        Map<String, String> env = Map.of("NNI_INCLUDE_INTERMEDIATE_RESULTS", String.valueOf(includeIntermediate));
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("NaiveTuner", "{}", "NaiveAssessor", "{}"),
            env)) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2"); // ids 0 and 1 exist, so S2b can show the tuner's view
            assertEquals(NEW_TRIAL_JOB, p.reply().type());
            assertEquals(NEW_TRIAL_JOB, p.reply().type());
            p.send(CommandType.REPORT_METRIC_DATA, periodical("A", 0, 0, "2"));
            p.send(CommandType.REPORT_METRIC_DATA, periodical("B", 1, 0, "2"));
            p.send(CommandType.REPORT_METRIC_DATA, periodical("A", 0, 1, "3"));
            p.send(CommandType.TRIAL_END, trialEnd("A", "SYS_CANCELED", 0));
            p.send(CommandType.TRIAL_END, trialEnd("B", "SUCCEEDED", 1));
            assertEquals(new Command(KILL_TRIAL_JOB, "\"A\""), p.reply());
            assertEquals(List.of(), p.drain(QUIET));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            String tr = p.reply().content();
            String expectedResults = includeIntermediate ? "[[0, 2, 3, false]]" : "[]";
            assertTrue(tr.contains("\"trial_results\": " + expectedResults), tr);
            // misdirected TR: sent after the assessor traffic was answered, so the outcome is deterministic
            p.send(CommandType.NEW_TRIAL_JOB, "null");
            assertTrue(p.reply().content().contains("Unsupported command: CommandType.NewTrialJob"));
            assertEquals(3, p.exitCode(Duration.ofSeconds(5)));
            String log = p.dispatcherLog();
            assertInOrder(log, "assess_trial A [2]", "assess_trial B [2]", "assess_trial A [2, 3]", "trial_end A false",
                "trial_end B true");
        }
    }

    @Test
    void s2AssessorPath() throws Exception {
        s2(false);
    }

    @Test
    void s2bIncludeIntermediateResults() throws Exception {
        s2(true);
    }

    @Test
    void s3TerminateWhileAlive() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("SequenceTuner", "{}", "VerdictAssessor",
            "{}"), Map.of())) {
            p.send(CommandType.REPORT_METRIC_DATA, "{\"trial_job_id\":\"A\",\"type\":\"PERIODICAL\",\"value\":1,"
                + "\"sequence\":123}");
            assertEquals(-1, p.exitCode(Duration.ofSeconds(1)));
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void r1ResumeContinuesAfterTheLargestRecoveredId() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("RecordingTuner", "{}", null, null),
            Map.of("NNI_MODE", "resume"))) {
            p.send(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"choice\", \"_value\": [5, 6]}}");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": 4, \"parameter_source\": \"resumed\","
                + " \"parameters\": {\"x\": 5}, \"parameter_index\": 0}]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(INITIALIZED, p.reply().type());
            assertTrue(p.reply().content().startsWith("{\"parameter_id\": 5, "));
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 4, \"trial_job_id\": \"R\", \"type\": \"FINAL\","
                + " \"sequence\": 0, \"value\": \"0.5\"}");
            p.send(CommandType.TRIAL_END, trialEnd("R", "SUCCEEDED", 4));
            assertEquals(List.of(), p.drain(QUIET));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("{\"parameter_id\": 6, \"parameter_source\": \"algorithm\", \"parameters\": {\"id\": 6, \"calls\":"
                + " [\"update_search_space\", \"import {x=5} 0.5\"]}, \"parameter_index\": 0}", p.reply().content());
            p.closeInput();
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void r2EmptyResumeListStartsAtOne() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("SequenceTuner", "{}", null, null),
            Map.of())) {
            p.send(CommandType.INITIALIZE, "{}");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(INITIALIZED, p.reply().type());
            assertEquals("{\"parameter_id\": 1, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 1},"
                + " \"parameter_index\": 0}", p.reply().content());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    static void assertInOrder(String text, String... parts) {
        int from = 0;
        for (String part : parts) {
            int at = text.indexOf(part, from);
            assertTrue(at >= 0, "\"" + part + "\" not found (in order) in:\n" + text);
            from = at + part.length();
        }
    }
}
