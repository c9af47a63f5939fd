package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 13's "Bad input" and the hostile sequences that broke an advisor in session 31's generated streams, through
 * the built daemon: a PERIODICAL value that is not a number under an advisor with an assessor configured (the advisor
 * and the SuccessiveHalving assessor both read them; the daemon used to answer ER and exit), a FINAL for an unknown or
 * finished string id (logged escaped and capped, ignored), and a {@code parameter_id} of the wrong type (ER naming the
 * field, exit 3). No case hangs: every one ends in a reply, an exit or a {@code TERMINATE}.
 */
@Timeout(120)
class AdvisorHostileIT {
    private static final Duration QUIET = Duration.ofMillis(400);
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";
    /** Hyperband (NNI's bracket order) with the SuccessiveHalving assessor, both of which read intermediate results. */
    private static final String WITH_ASSESSOR = "{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"Hyperband\","
        + " \"classArgs\": {\"optimize_mode\": \"maximize\", \"R\": 3, \"eta\": 3, \"rank_agreement\": -1, \"seed\": 5}},"
        + " \"assessor\": {\"name\": \"SuccessiveHalving\", \"classArgs\": {\"optimize_mode\": \"maximize\","
        + " \"min_step\": 1, \"eta\": 3, \"rank_agreement\": -1}}}";

    private static TunerdProcess start(String config) throws Exception {
        TunerdProcess p = TunerdProcess.start(config, Map.of());
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
        return p;
    }

    private static String trial(TunerdProcess p) throws InterruptedException {
        Command c = p.reply();
        assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), c.content());
        return ((JsonString) ((JsonObject) Json.parse(c.content())).get("parameter_id")).value();
    }

    private static String metric(String id, String type, int sequence, String value) {
        return "{\"parameter_id\": \"" + id + "\", \"trial_job_id\": \"T" + id + "\", \"type\": \"" + type + "\","
            + " \"sequence\": " + sequence + ", \"value\": \"" + value + "\"}";
    }

    private static String end(String id, String event) {
        return "{\"trial_job_id\":\"T" + id + "\",\"event\":\"" + event + "\",\"hyper_params\":\"{\\\"parameter_id\\\":"
            + " \\\"" + id + "\\\"}\"}";
    }

    private static void expectSilence(TunerdProcess p) throws InterruptedException {
        assertEquals(List.of(), p.drain(QUIET));
        assertTrue(p.isAlive(), "daemon died; stderr:\n" + p.stderr());
    }

    /**
     * Values that are not numbers (a string, a forged log line, null, a list, a dict without a numeric default) reach
     * neither Hyperband nor SuccessiveHalving: a WARNING each, escaped; the run goes on, the assessor judges the
     * numbers (KI for the trial outside the top third of its rung), the stopped trial's end does not hold its round
     * up, and the round's best is promoted.
     */
    @Test
    void aPeriodicalThatIsNotANumberIsAWarningForAnAdvisorAndItsAssessor() throws Exception {
        try (TunerdProcess p = start(WITH_ASSESSOR)) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            String a = trial(p);
            String b = trial(p);
            String c = trial(p);
            for (String bad : List.of("\\\"high\\\"", "\\\"x\\\\n[2026-01-01 00:00:00] ERROR FORGED\\\"",
                "null", "[1]", "{\\\"loss\\\": 1}")) {
                p.send(CommandType.REPORT_METRIC_DATA, metric(a, "PERIODICAL", 0, bad));
            }
            expectSilence(p);
            p.send(CommandType.REPORT_METRIC_DATA, metric(a, "PERIODICAL", 0, "0.9"));
            p.send(CommandType.REPORT_METRIC_DATA, metric(b, "PERIODICAL", 0, "0.1"));
            Command ki = p.reply(Duration.ofSeconds(30));
            assertEquals(CommandType.KILL_TRIAL_JOB, ki.type(), ki.content());
            assertTrue(ki.content().contains("T" + b), ki.content());
            p.send(CommandType.TRIAL_END, end(b, "EARLY_STOPPED"));
            p.send(CommandType.REPORT_METRIC_DATA, metric(a, "FINAL", 0, "0.9"));
            p.send(CommandType.TRIAL_END, end(a, "SUCCEEDED"));
            p.send(CommandType.TRIAL_END, end(c, "FAILED"));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            String promoted = trial(p);
            assertTrue(promoted.contains("_1_"), promoted + ": the round's best goes on to its next round");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            List<String> lines = p.dispatcherLog().lines().toList();
            assertEquals(5, lines.stream().filter(l -> l.contains("Intermediate result 0 of trial T" + a)
                && l.contains("not passed to the algorithms")).count(), String.join("\n", lines));
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("[2026-01-01")), "a forged line");
            assertFalse(p.stderr().contains("Exception"), p.stderr());
        }
    }

    /**
     * A FINAL for a finished string id (its FINAL and EN were handled), for an unknown one, and for a 100,000-character
     * one holding a forged log line: each logged (escaped, capped at 200 characters) and ignored; the advisor answers
     * the next request as if they had not come.
     */
    @Test
    void aFinalForAnUnknownOrFinishedStringIdIsLoggedAndIgnored() throws Exception {
        try (TunerdProcess p = start(WITH_ASSESSOR)) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            String a = trial(p);
            p.send(CommandType.REPORT_METRIC_DATA, metric(a, "FINAL", 0, "0.5"));
            p.send(CommandType.TRIAL_END, end(a, "SUCCEEDED"));
            p.send(CommandType.REPORT_METRIC_DATA, metric(a, "FINAL", 0, "0.99")); // finished
            p.send(CommandType.REPORT_METRIC_DATA, metric("7-7_7_7", "FINAL", 0, "0.99")); // unknown
            String huge = "y\\n[2026-01-01 00:00:00] ERROR FORGED " + "z".repeat(100_000);
            p.send(CommandType.REPORT_METRIC_DATA, metric(huge, "FINAL", 0, "0.99"));
            expectSilence(p);
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            trial(p);
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            List<String> lines = p.dispatcherLog().lines().toList();
            String log = String.join("\n", lines);
            assertTrue(log.contains("Duplicate final result for parameter id"), log);
            assertTrue(log.contains("unknown job parameter id 7-7_7_7 (FINAL metric"), log);
            String forged = lines.stream().filter(l -> l.contains("unknown job parameter id y\\n[2026")).findFirst()
                .orElseThrow();
            assertTrue(forged.length() < 1_000 && forged.contains("more)"), forged.length() + " characters");
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("[2026-01-01")), "a forged line");
        }
    }

    /** A {@code parameter_id} that is neither a string, an integer nor null: ER naming the field and the type, exit 3. */
    @Test
    void aParameterIdOfTheWrongTypeIsAnErNamingTheField() throws Exception {
        for (String id : List.of("[1]", "1.5", "{\"a\": 1}")) {
            try (TunerdProcess p = start(WITH_ASSESSOR)) {
                p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
                trial(p);
                p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + id + ", \"trial_job_id\": \"T\","
                    + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.5\"}");
                Command er = p.reply(Duration.ofSeconds(30));
                assertEquals(CommandType.ERROR, er.type(), er.content());
                assertTrue(er.content().contains("field \"parameter_id\" must be an integer"), er.content());
                assertEquals(3, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            }
        }
    }

    /**
     * Session 31's first finding, through the daemon: an ASHA trial ends without its FINAL, the next request's state
     * holds that (the checkpoint takes one at the second call), the daemon is killed and resumed, and then the FINAL
     * comes. The restored ASHA must take it as the uninterrupted one does: it is now the best of rung 0, so it is
     * promoted. Before the fix the restored ASHA had forgotten the trial, ignored the FINAL and drew a new one.
     */
    @Test
    void aFinalAfterTheEndCountsAfterAKillAndAResume() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("asha-late-final");
        String asha = "{\"trialConcurrency\": 4, \"tuner\": {\"name\": \"ASHA\", \"classArgs\": {\"min_budget\": 1,"
            + " \"max_budget\": 9, \"optimize_mode\": \"minimize\", \"rank_agreement\": -1, \"seed\": 3}}}";
        java.util.Map<String, JsonObject> params = new java.util.HashMap<>();
        try (TunerdProcess p = TunerdProcess.start(asha, Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString()))) {
            p.send(CommandType.INITIALIZE, SPACE);
            assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "4");
            for (int i = 0; i < 4; i++) {
                Command c = p.reply();
                JsonObject tr = (JsonObject) Json.parse(c.content());
                params.put(((JsonString) tr.get("parameter_id")).value(), (JsonObject) tr.get("parameters"));
            }
            p.send(CommandType.REPORT_METRIC_DATA, metric("r0_0", "PERIODICAL", 0, "9"));
            p.send(CommandType.TRIAL_END, end("r0_0", "SUCCEEDED")); // its FINAL comes after the resume
            p.send(CommandType.REPORT_METRIC_DATA, metric("r0_1", "FINAL", 0, "5"));
            p.send(CommandType.TRIAL_END, end("r0_1", "SUCCEEDED"));
            p.send(CommandType.REPORT_METRIC_DATA, metric("r0_2", "FINAL", 0, "6"));
            p.send(CommandType.TRIAL_END, end("r0_2", "SUCCEEDED"));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            JsonObject promoted = (JsonObject) Json.parse(p.reply().content());
            assertEquals(JsonString.of("r1_1"), promoted.get("parameter_id"), "5 is the best of rung 0 so far");
            params.put("r1_1", (JsonObject) promoted.get("parameters"));
            p.kill();
            p.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess p = TunerdProcess.start(asha, Map.of("NNI_MODE", "resume", "NNI_CHECKPOINT_DIRECTORY",
            dir.toString()))) {
            p.send(CommandType.INITIALIZE, SPACE);
            assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.IMPORT_DATA, "[{\"parameter\": " + Json.write(params.get("r0_1")) + ", \"value\": 5,"
                + " \"trialJobId\": \"Tr0_1\"}, {\"parameter\": " + Json.write(params.get("r0_2")) + ", \"value\": 6,"
                + " \"trialJobId\": \"Tr0_2\"}]");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": \"r0_3\", \"parameter_source\":"
                + " \"resumed\", \"parameters\": " + Json.write(params.get("r0_3")) + "}, {\"parameter_id\": \"r1_1\","
                + " \"parameter_source\": \"resumed\", \"parameters\": " + Json.write(params.get("r1_1")) + "}]");
            p.send(CommandType.REPORT_METRIC_DATA, metric("r0_0", "FINAL", 0, "1")); // late: now the best
            p.send(CommandType.REPORT_METRIC_DATA, metric("r0_3", "FINAL", 0, "7"));
            p.send(CommandType.TRIAL_END, end("r0_3", "SUCCEEDED"));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("r1_0", trial(p), "the late 1 makes r0_0 the best of rung 0: promoted");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }
}
