package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 13 (session 32): a resume without a checkpoint never names a new trial with an id an earlier trial had. Each
 * case runs the built daemon twice in the same NNI log directory, as NNI's manager does: a first run answers every
 * trial but one or none, is killed with SIGKILL, and a second run ({@code NNI_MODE=resume}, no checkpoint directory)
 * gets the manager's resume stream ({@code IN}, {@code FD} of the finished trials with their {@code trialJobId},
 * {@code AD} of the trial still running or {@code AD []}, {@code GE}). No id of the second run may be one of the
 * first's. Then the first run's trials report late (a {@code FINAL} and an {@code EN} each, under their old ids), and
 * the second run's first trial reports: its result and its end must reach the algorithms as its own, never be
 * dropped as duplicates of the old trial's.
 *
 * <p>Before the fix (main at 2e521c4) a fresh advisor started its counters at 0 (Hyperband {@code 0-1_0_0}, BOHB
 * {@code 1_0_0}, ASHA {@code r0_0}) or past the running trial only, and integer ids restarted at max({@code AD})+1,
 * 1 after {@code AD []}: the second run re-issued ids of finished trials, and the old trial's late {@code FINAL} was
 * taken as the new trial's, whose own was then dropped as a duplicate.
 */
@Timeout(180)
class ResumeWithoutCheckpointIdsIT {
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";
    private static final int FIRST_RUN_TRIALS = 9;

    /** The four tuners: three that name their ids, and one with NNI's integer ids. */
    private static final Map<String, String> CONFIGS = new LinkedHashMap<>();

    static {
        CONFIGS.put("Hyperband", "{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"Hyperband\", \"classArgs\":"
            + " {\"optimize_mode\": \"maximize\", \"R\": 9, \"eta\": 3, \"rank_agreement\": -1, \"seed\": 32301}}}");
        CONFIGS.put("BOHB", "{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"BOHB\", \"classArgs\":"
            + " {\"optimize_mode\": \"maximize\", \"min_budget\": 1, \"max_budget\": 9, \"eta\": 3,"
            + " \"rank_agreement\": -1, \"seed\": 32302}}}");
        CONFIGS.put("ASHA", "{\"trialConcurrency\": 3, \"tuner\": {\"name\": \"ASHA\", \"classArgs\":"
            + " {\"optimize_mode\": \"maximize\", \"min_budget\": 1, \"max_budget\": 9, \"rank_agreement\": -1,"
            + " \"seed\": 32303}}}");
        CONFIGS.put("TPE", "{\"trialConcurrency\": 3, \"tuner\": {\"name\": \"TPE\", \"classArgs\":"
            + " {\"optimize_mode\": \"maximize\"}}}");
    }

    /** One issued trial: its wire id (a string, or an integer's text), its TR record and the trial job id given it. */
    private record Trial(String id, JsonValue wireId, JsonObject record, String trialJobId) {
        JsonObject parameters() {
            return (JsonObject) record.get("parameters");
        }

        double value() {
            return parameters().get("x").asDouble();
        }
    }

    private static String metric(Trial t, String trialJobId, String type, double value) {
        return "{\"parameter_id\": " + Json.write(t.wireId()) + ", \"trial_job_id\": \"" + trialJobId + "\","
            + " \"type\": \"" + type + "\", \"sequence\": 0, \"value\": \"" + value + "\"}";
    }

    private static String end(Trial t, String trialJobId) {
        String hyper = Json.write(t.record());
        return "{\"trial_job_id\": \"" + trialJobId + "\", \"event\": \"SUCCEEDED\", \"hyper_params\": "
            + Json.write(dev.tunerd.spi.json.JsonString.of(hyper)) + "}";
    }

    /** Reads replies until {@code count} TRs came or a NO; returns the trials, named {@code prefix + n}. */
    private static List<Trial> trials(TunerdProcess p, int count, String prefix, List<Trial> all)
        throws InterruptedException {
        List<Trial> out = new ArrayList<>();
        while (out.size() < count) {
            Command c = p.reply(Duration.ofSeconds(30));
            if (c.type() == CommandType.NO_MORE_TRIAL_JOBS) {
                break;
            }
            assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), c.content());
            JsonObject tr = (JsonObject) Json.parse(c.content());
            JsonValue wire = tr.get("parameter_id");
            String id = wire instanceof dev.tunerd.spi.json.JsonString s ? s.value() : Json.write(wire);
            Trial t = new Trial(id, wire, tr, prefix + all.size());
            all.add(t);
            out.add(t);
        }
        return out;
    }

    private static TunerdProcess start(String config, Path logDir, boolean resume) throws Exception {
        Map<String, String> env = resume ? Map.of("NNI_LOG_DIRECTORY", logDir.toString(), "NNI_MODE", "resume")
            : Map.of("NNI_LOG_DIRECTORY", logDir.toString());
        TunerdProcess p = TunerdProcess.start(config, env);
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
        return p;
    }

    /**
     * The first run: {@value #FIRST_RUN_TRIALS} or more trials issued, each answered with a FINAL and an EN (and a new
     * GE 1), except the first one when {@code keepFirstRunning}; then SIGKILL.
     */
    private static List<Trial> firstRun(String config, Path logDir, boolean keepFirstRunning) throws Exception {
        List<Trial> all = new ArrayList<>();
        try (TunerdProcess p = start(config, logDir, false)) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            List<Trial> running = new ArrayList<>(trials(p, 3, "A", all));
            Trial kept = keepFirstRunning ? running.remove(0) : null;
            while (all.size() < FIRST_RUN_TRIALS && !running.isEmpty()) {
                Trial t = running.remove(0);
                p.send(CommandType.REPORT_METRIC_DATA, metric(t, t.trialJobId(), "FINAL", t.value()));
                p.send(CommandType.TRIAL_END, end(t, t.trialJobId()));
                p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
                running.addAll(trials(p, 1, "A", all));
            }
            assertTrue(all.size() >= FIRST_RUN_TRIALS, all.size() + " trials in the first run");
            for (Trial t : running) { // finish them too: the resume has only `kept` in flight
                p.send(CommandType.REPORT_METRIC_DATA, metric(t, t.trialJobId(), "FINAL", t.value()));
                p.send(CommandType.TRIAL_END, end(t, t.trialJobId()));
            }
            Thread.sleep(300);
            p.kill();
            p.exitCode(Duration.ofSeconds(10));
            if (kept != null) {
                all.remove(kept);
                all.add(0, kept);
            }
        }
        return all;
    }

    private static String importData(List<Trial> finished) {
        StringBuilder fd = new StringBuilder("[");
        for (Trial t : finished) {
            fd.append(fd.length() == 1 ? "" : ", ").append("{\"parameter\": ").append(Json.write(t.parameters()))
                .append(", \"value\": ").append(t.value()).append(", \"trialJobId\": \"").append(t.trialJobId())
                .append("\"}");
        }
        return fd.append("]").toString();
    }

    private static String resumed(Trial t) {
        return "[{\"parameter_id\": " + Json.write(t.wireId()) + ", \"parameter_source\": \"resumed\","
            + " \"parameters\": " + Json.write(t.parameters()) + ", \"parameter_index\": 0}]";
    }

    /**
     * Runs one tuner through a kill and a resume without a checkpoint; returns what went wrong, empty when nothing.
     */
    private static List<String> killAndResume(String name, boolean keepFirstRunning) throws Exception {
        String config = CONFIGS.get(name);
        Path logDir = Files.createTempDirectory("resume-ids-" + name);
        List<Trial> before = firstRun(config, logDir, keepFirstRunning);
        Trial kept = keepFirstRunning ? before.get(0) : null;
        List<Trial> finished = keepFirstRunning ? before.subList(1, before.size()) : before;
        List<String> problems = new ArrayList<>();
        List<Trial> after = new ArrayList<>();
        try (TunerdProcess p = start(config, logDir, true)) {
            p.send(CommandType.IMPORT_DATA, importData(finished));
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, kept == null ? "[]" : resumed(kept));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            List<Trial> running = new ArrayList<>(trials(p, 3, "B", after));
            assertFalse(running.isEmpty(), name + ": no trial after the resume; stderr:\n" + p.stderr());
            Trial first = running.get(0);
            // the first run's trials report late, under their old ids, then the new run's first trial reports
            for (Trial old : finished) {
                p.send(CommandType.REPORT_METRIC_DATA, metric(old, old.trialJobId(), "FINAL", 0.001));
                p.send(CommandType.TRIAL_END, end(old, old.trialJobId()));
            }
            p.send(CommandType.REPORT_METRIC_DATA, metric(first, first.trialJobId(), "FINAL", first.value()));
            p.send(CommandType.TRIAL_END, end(first, first.trialJobId()));
            p.send(CommandType.REQUEST_TRIAL_JOBS, "6");
            trials(p, 6, "B", after);
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            String log = Files.readString(logDir.resolve("dispatcher.log"));
            List<String> beforeIds = before.stream().map(Trial::id).toList();
            List<String> repeated = after.stream().map(Trial::id).filter(beforeIds::contains).toList();
            if (!repeated.isEmpty()) {
                problems.add(name + (kept == null ? " (AD [])" : " (AD of " + kept.id() + ")") + ": ids of the first"
                    + " run issued again " + repeated + "; first run " + beforeIds + ", second "
                    + after.stream().map(Trial::id).toList());
            }
            String newOnes = log.substring(log.lastIndexOf("Dispatcher started"));
            long unknown = newOnes.lines().filter(l -> l.contains("Find unknown job parameter id")).count();
            if (unknown < finished.size()) { // each late FINAL of the first run must be refused as not this run's
                problems.add(name + ": " + unknown + " of the first run's " + finished.size() + " late FINALs were"
                    + " refused as unknown; the others were taken as the second run's trials'");
            }
            System.out.println(name + (kept == null ? " (AD [])" : " (AD of " + kept.id() + ")") + ": first run "
                + beforeIds + ", after the resume " + after.stream().map(Trial::id).toList());
            for (String line : newOnes.lines().toList()) {
                if (line.contains("(trial " + first.trialJobId() + ") ignored")
                    || line.contains("trial " + first.trialJobId() + " (parameter id") && line.contains("ignored")) {
                    problems.add(name + ": the new trial " + first.id() + " lost its report to the old trial of that"
                        + " id: " + line);
                }
            }
            assertFalse(p.stderr().contains("Exception"), p.stderr());
        }
        return problems;
    }

    /** Two resumes in a row: the third run continues past the second's ids as well as the first's. */
    @Test
    void aSecondResumeContinuesPastTheFirstResumesIds() throws Exception {
        for (String name : List.of("Hyperband", "TPE")) {
            String config = CONFIGS.get(name);
            Path logDir = Files.createTempDirectory("resume-twice-" + name);
            List<Trial> all = new ArrayList<>(firstRun(config, logDir, false));
            for (int run = 0; run < 2; run++) {
                List<Trial> issued = new ArrayList<>();
                try (TunerdProcess p = start(config, logDir, true)) {
                    p.send(CommandType.IMPORT_DATA, importData(all));
                    p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
                    p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
                    for (Trial t : trials(p, 3, "C" + run + "-", issued)) {
                        p.send(CommandType.REPORT_METRIC_DATA, metric(t, t.trialJobId(), "FINAL", t.value()));
                        p.send(CommandType.TRIAL_END, end(t, t.trialJobId()));
                    }
                    p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
                    trials(p, 3, "C" + run + "-", issued);
                    p.kill();
                    p.exitCode(Duration.ofSeconds(10));
                }
                List<String> earlier = all.stream().map(Trial::id).toList();
                List<String> again = issued.stream().map(Trial::id).filter(earlier::contains).toList();
                assertEquals(List.of(), again, name + ", resume " + (run + 1) + ": earlier " + earlier);
                all.addAll(issued);
            }
        }
    }

    /**
     * The record is outside input on a resume: a forged one (21 bytes holding the start of a log line) is one escaped
     * WARNING (the daemon's log is one line per event), and the resume keeps NNI's numbers (1 after {@code AD []}).
     */
    @Test
    void aForgedRecordIsAWarningAndTheResumeKeepsNnisNumbers() throws Exception {
        Path logDir = Files.createTempDirectory("resume-forged-record");
        Files.writeString(logDir.resolve("tunerd-issued-ids"), "1\n[2026-01-01 00:00:0"); // 21 bytes, as a record
        try (TunerdProcess p = start(CONFIGS.get("TPE"), logDir, true)) {
            p.send(CommandType.IMPORT_DATA, "[]");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals("1", trials(p, 1, "D", new ArrayList<>()).get(0).id());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
        List<String> lines = Files.readAllLines(logDir.resolve("dispatcher.log"));
        String warning = lines.stream().filter(l -> l.contains("Ignoring the record of issued ids")).findFirst()
            .orElseThrow(() -> new AssertionError(String.join("\n", lines)));
        assertTrue(warning.length() < 1_000 && warning.contains("\\n[2026-01-01"), warning);
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("[2026-01-01")), "a forged line");
        assertTrue(lines.stream().anyMatch(l -> l.contains("without a record of the ids issued before")),
            String.join("\n", lines));
        assertEquals("00000000000000000064\n", Files.readString(logDir.resolve("tunerd-issued-ids")),
            "replaced (2 rounded up to 64)");
    }

    /** Every tuner through a kill and a resume; fails listing what went wrong for each. */
    private static void assertNothingIssuedAgain(boolean keepFirstRunning) throws Exception {
        List<String> problems = new ArrayList<>();
        for (String name : CONFIGS.keySet()) {
            problems.addAll(killAndResume(name, keepFirstRunning));
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void noIdOfAFinishedTrialIsIssuedAgainWhenNothingWasRunning() throws Exception {
        assertNothingIssuedAgain(false);
    }

    @Test
    void noIdOfAFinishedTrialIsIssuedAgainWhenTheOldestTrialWasRunning() throws Exception {
        assertNothingIssuedAgain(true);
    }
}
