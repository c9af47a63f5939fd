package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hyperband through the built daemon and NNI's protocol (spec 6.3): string ids and {@code TRIAL_BUDGET} in
 * {@code TR}, promotions of the best third, serial mode's {@code NO} and later payment, a failed trial that does not
 * block its round, unknown string ids, ME/EN in either order, and resume after SIGKILL with and without the
 * checkpoint (NNI 2.10-3.0 crash on the first metric here, issue #5263).
 */
@Timeout(120)
class HyperbandIT {
    private static final Duration QUIET = Duration.ofMillis(400);
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";

    private final Set<String> issued = new HashSet<>();
    private final List<JsonObject> records = new ArrayList<>();

    private static String config(String mode, String block) {
        return "{\"trialConcurrency\": 3, \"" + block + "\": {\"name\": \"Hyperband\", \"classArgs\":"
            + " {\"optimize_mode\": \"maximize\", \"R\": 3, \"eta\": 3, \"exec_mode\": \"" + mode + "\","
            + " \"rank_agreement\": -1, \"seed\": 5}}}"; // -1: NNI's bracket order, which these tests follow
    }

    private static String finalMetric(String id, String value) {
        return "{\"parameter_id\": \"" + id + "\", \"trial_job_id\": \"T" + id + "\", \"type\": \"FINAL\","
            + " \"sequence\": 0, \"value\": \"" + value + "\"}";
    }

    private static String trialEnd(String id, String event) {
        return "{\"trial_job_id\":\"T" + id + "\",\"event\":\"" + event + "\",\"hyper_params\":\"{\\\"parameter_id\\\": \\\""
            + id + "\\\", \\\"parameter_source\\\": \\\"algorithm\\\", \\\"parameters\\\": {}}\"}";
    }

    /** Reads one TR, checks NNI's advisor shape, records it, returns its id. */
    private String expectTrial(TunerdProcess p, int budget) throws InterruptedException {
        Command c = p.reply();
        assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), c.content());
        JsonObject tr = (JsonObject) Json.parse(c.content());
        assertEquals(List.of("parameter_id", "parameter_source", "parameters"), List.copyOf(tr.keys()), c.content());
        JsonObject params = (JsonObject) tr.get("parameters");
        assertEquals(JsonInt.of(budget), params.get("TRIAL_BUDGET"), c.content());
        String id = ((JsonString) tr.get("parameter_id")).value();
        assertTrue(issued.add(id), "id " + id + " issued twice");
        records.add(tr);
        return id;
    }

    private JsonObject paramsOf(String id) {
        return records.stream().filter(r -> r.get("parameter_id").equals(JsonString.of(id))).findFirst()
            .map(r -> (JsonObject) r.get("parameters")).orElseThrow();
    }

    private static double x(JsonObject params) {
        return params.get("x").asDouble();
    }

    private static void expectSilence(TunerdProcess p) throws InterruptedException {
        assertEquals(List.of(), p.drain(QUIET));
        assertTrue(p.isAlive(), "daemon died; stderr:\n" + p.stderr());
    }

    private static TunerdProcess start(String config, Map<String, String> env) throws Exception {
        TunerdProcess p = TunerdProcess.start(config, env);
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
        return p;
    }

    @Test
    void bracketsPromoteTheBestThirdThroughTheRealProtocol() throws Exception {
        try (TunerdProcess p = start(config("parallelism", "advisor"), Map.of())) { // NNI <= 2.7's v2 "advisor:" block
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            assertEquals(List.of("0-1_0_0", "0-1_0_1", "0-1_0_2"),
                List.of(expectTrial(p, 1), expectTrial(p, 1), expectTrial(p, 1)));
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_0", "0.25"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_1", "SUCCEEDED")); // EN before its ME
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_1", "0.75"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_0", "SUCCEEDED"));
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("9-9_9_9", "1.0")); // unknown: logged, ignored
            p.send(CommandType.TRIAL_END, trialEnd("9-9_9_9", "FAILED"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_2", "FAILED")); // no result at all: not promoted
            // a customized trial (added by hand in the web UI): parameter_id null everywhere, ignored by the advisor
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": null, \"trial_job_id\": \"C1\", \"type\":"
                + " \"PERIODICAL\", \"sequence\": 0, \"value\": \"0.9\"}");
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": null, \"trial_job_id\": \"C1\", \"type\":"
                + " \"FINAL\", \"sequence\": 0, \"value\": \"0.99\"}");
            p.send(CommandType.TRIAL_END, "{\"trial_job_id\":\"C1\",\"event\":\"SUCCEEDED\",\"hyper_params\":"
                + "\"{\\\"parameter_id\\\": null, \\\"parameter_source\\\": \\\"customized\\\", \\\"parameters\\\": {}}\"}");
            expectSilence(p);
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            assertEquals("0-1_1_1", expectTrial(p, 3), "the best of round 0 continues at budget 3");
            assertEquals(x(paramsOf("0-1_0_1")), x(paramsOf("0-1_1_1")));
            assertEquals("0-0_0_3", expectTrial(p, 3), "then bracket 0 starts");
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_1", "0.75")); // duplicate: dropped
            expectSilence(p);
            assertTrue(p.dispatcherLog().contains("unknown job parameter id 9-9_9_9 (FINAL metric"), p.dispatcherLog());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    @Test
    void serialModeAnswersNoAndSendsTheOwedTrialWhenTheRoundEnds() throws Exception {
        serialRoundOwesTheFourthRequestAndPaysItAtItsEnd(config("serial", "tuner"), "0-1");
    }

    /** BOHB's {@code exec_mode: serial} (NNI's BOHB): the same credit as Hyperband's, with BOHB's ids. */
    @Test
    void bohbSerialModeAnswersNoAndSendsTheOwedTrialWhenTheRoundEnds() throws Exception {
        serialRoundOwesTheFourthRequestAndPaysItAtItsEnd("{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"BOHB\","
            + " \"classArgs\": {\"min_budget\": 1, \"max_budget\": 3, \"exec_mode\": \"serial\", \"rank_agreement\": -1,"
            + " \"seed\": 5}}}", "1");
    }

    /**
     * A serial bracket of 3 configurations at budget 1 ({@code "<bracket>_0_i"}): the fourth request is answered NO;
     * when the round ends its best (the first) is sent at budget 3 unprompted, and nothing else.
     */
    private void serialRoundOwesTheFourthRequestAndPaysItAtItsEnd(String config, String bracket) throws Exception {
        try (TunerdProcess p = start(config, Map.of())) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "4");
            for (int i = 0; i < 3; i++) {
                assertEquals(bracket + "_0_" + i, expectTrial(p, 1));
            }
            assertEquals(new Command(CommandType.NO_MORE_TRIAL_JOBS,
                "{\"parameter_id\": \"-1_0_0\", \"parameter_source\": \"algorithm\", \"parameters\": \"\"}"), p.reply());
            for (int i = 0; i < 3; i++) {
                p.send(CommandType.REPORT_METRIC_DATA, finalMetric(bracket + "_0_" + i, Double.toString(0.1 * (3 - i))));
                p.send(CommandType.TRIAL_END, trialEnd(bracket + "_0_" + i, "SUCCEEDED"));
            }
            assertEquals(bracket + "_1_0", expectTrial(p, 3), "owed: sent unprompted when the round completes");
            assertEquals(x(paramsOf(bracket + "_0_0")), x(paramsOf(bracket + "_1_0")), "the best of the round goes on");
            expectSilence(p);
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    @Test
    void aKilledAdvisorResumesItsBracketFromTheCheckpoint() throws Exception {
        Path dir = Files.createTempDirectory("hyperband-resume");
        Map<String, String> env = Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString());
        String fd;
        try (TunerdProcess first = start(config("parallelism", "tuner"), env)) {
            first.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                expectTrial(first, 1);
            }
            first.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_0", "0.5"));
            first.send(CommandType.TRIAL_END, trialEnd("0-1_0_0", "SUCCEEDED"));
            first.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_1", "0.25"));
            first.send(CommandType.TRIAL_END, trialEnd("0-1_0_1", "SUCCEEDED"));
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1"); // a barrier: everything before it was handled
            assertEquals("0-0_0_3", expectTrial(first, 3));
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
            fd = "[{\"parameter\": " + Json.write(paramsOf("0-1_0_0")) + ", \"value\": 0.5, \"trialJobId\": \"T0-1_0_0\"},"
                + " {\"parameter\": " + Json.write(paramsOf("0-1_0_1")) + ", \"value\": 0.25, \"trialJobId\":"
                + " \"T0-1_0_1\"}]";
        }
        try (TunerdProcess resumed = start(config("parallelism", "tuner"), Map.of("NNI_MODE", "resume",
            "NNI_CHECKPOINT_DIRECTORY", dir.toString()))) {
            resumed.send(CommandType.IMPORT_DATA, fd);
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": \"0-1_0_2\", \"parameter_source\":"
                + " \"resumed\", \"parameters\": " + Json.write(paramsOf("0-1_0_2")) + "}, {\"parameter_id\": \"0-0_0_3\","
                + " \"parameter_source\": \"resumed\", \"parameters\": " + Json.write(paramsOf("0-0_0_3")) + "}]");
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-0_0_4", expectTrial(resumed, 3), "bracket 0 continues; nothing is issued again");
            // the re-submitted trial of the killed run reports: its round completes and the best is promoted
            resumed.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_2", "0.125"));
            resumed.send(CommandType.TRIAL_END, trialEnd("0-1_0_2", "SUCCEEDED"));
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-1_1_0", expectTrial(resumed, 3), "0.5 was the best of round 0, before the kill");
            assertEquals(x(paramsOf("0-1_0_0")), x(paramsOf("0-1_1_0")));
            expectSilence(resumed);
            resumed.send(CommandType.TERMINATE, "");
            assertEquals(0, resumed.exitCode(Duration.ofSeconds(10)), resumed.stderr());
        }
    }

    private static String periodical(String id, int sequence, String value) {
        return "{\"parameter_id\": \"" + id + "\", \"trial_job_id\": \"T" + id + "\", \"type\": \"PERIODICAL\","
            + " \"sequence\": " + sequence + ", \"value\": \"" + value + "\"}";
    }

    /**
     * Killed mid-bracket after its trials reported only intermediate results (no FINAL) and ended, all after the
     * tuner's last saved state (states follow the doubling interval, so the second GE took none): the journal's
     * intermediate results are given again to the restored advisor, so round 0 is ranked by them and its best is
     * promoted after the resume; no id is issued twice and no configuration runs twice at budget 1.
     */
    @Test
    void aKilledAdvisorReplaysTheIntermediateResultsRecordedAfterItsLastState() throws Exception {
        Path dir = Files.createTempDirectory("hyperband-intermediate-resume");
        try (TunerdProcess first = start(config("parallelism", "tuner"), Map.of("NNI_CHECKPOINT_DIRECTORY",
            dir.toString()))) {
            first.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                expectTrial(first, 1);
            }
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-0_0_3", expectTrial(first, 3));
            String[] values = {"0.5", "0.25", "0.875"};
            for (int i = 0; i < 3; i++) {
                first.send(CommandType.REPORT_METRIC_DATA, periodical("0-1_0_" + i, 0, "0.1"));
                first.send(CommandType.REPORT_METRIC_DATA, periodical("0-1_0_" + i, 1, values[i]));
            }
            for (int i = 0; i < 3; i++) {
                first.send(CommandType.TRIAL_END, trialEnd("0-1_0_" + i, "SUCCEEDED"));
            }
            Thread.sleep(700); // nothing answers these; give the daemon time to handle and journal them
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess resumed = start(config("parallelism", "tuner"), Map.of("NNI_MODE", "resume",
            "NNI_CHECKPOINT_DIRECTORY", dir.toString()))) {
            resumed.send(CommandType.IMPORT_DATA, "[]"); // no trial reported a final result
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": \"0-0_0_3\", \"parameter_source\":"
                + " \"resumed\", \"parameters\": " + Json.write(paramsOf("0-0_0_3")) + "}]");
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-1_1_2", expectTrial(resumed, 3), "round 0 ended before the kill: its best, config 2, is promoted");
            assertEquals(x(paramsOf("0-1_0_2")), x(paramsOf("0-1_1_2")), "0.875, an intermediate result, was the best");
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-0_0_4", expectTrial(resumed, 3), "bracket 0 continues after the id issued before the kill");
            expectSilence(resumed);
            assertTrue(resumed.dispatcherLog().contains("intermediate results recorded after it replayed"),
                resumed.dispatcherLog());
            resumed.send(CommandType.TERMINATE, "");
            assertEquals(0, resumed.exitCode(Duration.ofSeconds(10)), resumed.stderr());
        }
    }

    @Test
    void anOwedTrialSentBeforeAKillIsNotNamedAgainAfterTheResume() throws Exception {
        Path dir = Files.createTempDirectory("hyperband-serial-resume");
        String fd;
        String ad;
        try (TunerdProcess first = start(config("serial", "tuner"), Map.of("NNI_CHECKPOINT_DIRECTORY",
            dir.toString()))) {
            first.send(CommandType.REQUEST_TRIAL_JOBS, "4");
            for (int i = 0; i < 3; i++) {
                expectTrial(first, 1);
            }
            assertEquals(CommandType.NO_MORE_TRIAL_JOBS, first.reply().type());
            StringBuilder done = new StringBuilder("[");
            for (int i = 0; i < 3; i++) {
                String id = "0-1_0_" + i;
                first.send(CommandType.REPORT_METRIC_DATA, finalMetric(id, Double.toString(0.1 * (3 - i))));
                first.send(CommandType.TRIAL_END, trialEnd(id, "SUCCEEDED"));
                done.append(i == 0 ? "" : ", ").append("{\"parameter\": ").append(Json.write(paramsOf(id)))
                    .append(", \"value\": ").append(0.1 * (3 - i)).append(", \"trialJobId\": \"T").append(id)
                    .append("\"}");
            }
            assertEquals("0-1_1_0", expectTrial(first, 3), "the owed trial, sent from the last trial end");
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
            fd = done.append("]").toString();
            ad = "[{\"parameter_id\": \"0-1_1_0\", \"parameter_source\": \"resumed\", \"parameters\": "
                + Json.write(paramsOf("0-1_1_0")) + "}]";
        }
        try (TunerdProcess resumed = start(config("serial", "tuner"), Map.of("NNI_MODE", "resume",
            "NNI_CHECKPOINT_DIRECTORY", dir.toString()))) {
            resumed.send(CommandType.IMPORT_DATA, fd);
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, ad);
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("0-0_0_3", expectTrial(resumed, 3), "bracket 1 issued its last round before the kill");
            resumed.send(CommandType.TERMINATE, "");
            assertEquals(0, resumed.exitCode(Duration.ofSeconds(10)), resumed.stderr());
        }
    }

    /**
     * A FINAL that arrives after its trial's EN and after the round was promoted on the trial's intermediate result
     * still counts: the configuration it makes the best takes the queued place of the one it overtook.
     */
    @Test
    void aFinalAfterTheTrialsEndAndTheRoundsPromotionStillDecidesThePromotion() throws Exception {
        try (TunerdProcess p = start(config("parallelism", "tuner"), Map.of())) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            assertEquals(List.of("0-1_0_0", "0-1_0_1", "0-1_0_2"),
                List.of(expectTrial(p, 1), expectTrial(p, 1), expectTrial(p, 1)));
            p.send(CommandType.REPORT_METRIC_DATA, periodical("0-1_0_0", 0, "0.1"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_0", "SUCCEEDED")); // its FINAL is still on its way
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_1", "0.5"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_1", "SUCCEEDED"));
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_2", "0.25"));
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_2", "SUCCEEDED")); // the round is promoted here: 0-1_0_1
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_0", "0.75")); // late, and the best
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            assertEquals("0-1_1_0", expectTrial(p, 3), "the late FINAL decides the promotion");
            assertEquals(x(paramsOf("0-1_0_0")), x(paramsOf("0-1_1_0")));
            assertEquals("0-0_0_3", expectTrial(p, 3), "0-1_0_1 is not trained at 3: bracket 0 starts");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    /**
     * The rung share of issue 13 session 26 and the bounded scout of session 30: a value outside its range is a usage
     * error naming the key and range.
     */
    @Test
    void aRungShareOrChoiceScoutOutsideItsRangeIsAUsageErrorNamingTheKey() throws Exception {
        Map<String, String> bad = Map.of("\"rung_share\": 1.5", "rung_share must be between 0 and 1, got 1.5",
            "\"choice_scout\": 1001", "choice_scout must be an integer between 0 and 1000, got 1001");
        for (String advisor : List.of("BOHB", "ASHA")) {
            for (Map.Entry<String, String> arg : bad.entrySet()) {
                String config = "{\"tuner\": {\"name\": \"" + advisor + "\", \"classArgs\": {\"min_budget\": 1,"
                    + " \"max_budget\": 9, " + arg.getKey() + "}}}";
                try (TunerdProcess p = TunerdProcess.start(config, Map.of())) {
                    assertEquals(2, p.exitCode(Duration.ofSeconds(10)), p.stderr());
                    assertTrue(p.stderr().contains(arg.getValue()), p.stderr());
                }
            }
        }
    }

    @Test
    void bohbAndAshaSpeakTheSameProtocol() throws Exception {
        String bohb = "{\"trialConcurrency\": 2, \"tuner\": {\"name\": \"BOHB\", \"classArgs\": {\"min_budget\": 1,"
            + " \"max_budget\": 9, \"rank_agreement\": -1, \"seed\": 3}}}"; // -1: NNI's bracket order
        try (TunerdProcess p = start(bohb, Map.of())) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            assertEquals(List.of("2_0_0", "2_0_1"), List.of(expectTrial(p, 1), expectTrial(p, 1)));
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("2_0_0", "0.5"));
            p.send(CommandType.TRIAL_END, trialEnd("2_0_0", "SUCCEEDED"));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("2_0_2", expectTrial(p, 1));
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
        String asha = "{\"trialConcurrency\": 2, \"tuner\": {\"name\": \"ASHA\", \"classArgs\": {\"min_budget\": 1,"
            + " \"max_budget\": 9, \"optimize_mode\": \"minimize\", \"rank_agreement\": -1, \"seed\": 3}}}";
        try (TunerdProcess p = start(asha, Map.of())) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                String id = expectTrial(p, 1);
                assertEquals("r0_" + i, id);
                // a trial that dies after two epochs still ranks by its last intermediate result
                p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": \"" + id + "\", \"trial_job_id\": \"T" + id
                    + "\", \"type\": \"PERIODICAL\", \"sequence\": 0, \"value\": \"" + (i + 1) + "\"}");
            }
            for (int i = 0; i < 3; i++) {
                p.send(CommandType.TRIAL_END, trialEnd("r0_" + i, "FAILED"));
            }
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("r1_0", expectTrial(p, 3), "the smallest loss is promoted at once");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    @Test
    void withoutACheckpointAResumedRunNamesNothingTheManagerStillHolds() throws Exception {
        try (TunerdProcess p = start(config("parallelism", "tuner"), Map.of("NNI_MODE", "resume"))) {
            p.send(CommandType.IMPORT_DATA, "[{\"parameter\": {\"x\": 0.5, \"TRIAL_BUDGET\": 1}, \"value\": 0.5}]");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": \"0-1_0_2\", \"parameter_source\":"
                + " \"resumed\", \"parameters\": {\"x\": 0.5, \"TRIAL_BUDGET\": 1}}]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            String id = expectTrial(p, 1);
            assertEquals("1-1_0_3", id, "a new Hyperband iteration, past the previous run's counter");
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric("0-1_0_2", "0.9")); // previous run's: imported
            p.send(CommandType.TRIAL_END, trialEnd("0-1_0_2", "SUCCEEDED"));
            expectSilence(p);
            assertFalse(p.stderr().contains("Exception"), p.stderr());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }
}
