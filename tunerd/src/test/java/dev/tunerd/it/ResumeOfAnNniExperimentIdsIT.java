package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 13 (session 33): the resume without a checkpoint of an experiment begun by NNI's dispatcher (or a tunerd before
 * session 32), so with no record of issued ids in the log directory. What NNI 3.0's manager sends then
 * ({@code ts/nni_manager/core/nnimanager.ts}, {@code resumeExperiment} and {@code addRecoveredTrialJob}): {@code FD}
 * with the finished trials (parameters, value, trial job id: no parameter ids) and {@code AD} with every trial its
 * database still holds as WAITING or RUNNING, each with its parameter id; the manager re-submits those under their old
 * trial job ids and forwards metrics only of trials it tracks in this process. So the ids of trials that never ended
 * are knowable (they are {@code AD}'s), and none may be issued again: integer ids continue at max({@code AD}) + 1, and a
 * name in {@code AD} is never given to a new trial, whichever names a fresh advisor would give first. No seeds: each
 * tuner's first names are fixed by its shape.
 */
@Timeout(120)
class ResumeOfAnNniExperimentIdsIT {
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";

    /** Each tuner, and the ids of NNI's in-flight trials in its shape: names a fresh advisor would issue first. */
    private static final List<List<String>> CASES = List.of(
        List.of("{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"Hyperband\", \"classArgs\": {\"optimize_mode\":"
            + " \"maximize\", \"R\": 9, \"eta\": 3}}}", "\"0-2_0_1\"", "\"0-2_0_4\"", "\"0-2_0_0\""),
        List.of("{\"trialConcurrency\": 3, \"advisor\": {\"name\": \"BOHB\", \"classArgs\": {\"optimize_mode\":"
            + " \"maximize\", \"min_budget\": 1, \"max_budget\": 9, \"eta\": 3}}}", "\"2_0_1\"", "\"2_0_4\"",
            "\"2_0_0\""),
        List.of("{\"trialConcurrency\": 3, \"tuner\": {\"name\": \"ASHA\", \"classArgs\": {\"optimize_mode\":"
            + " \"maximize\", \"min_budget\": 1, \"max_budget\": 9}}}", "\"r0_1\"", "\"r0_4\"", "\"r0_0\""),
        List.of("{\"trialConcurrency\": 3, \"tuner\": {\"name\": \"TPE\", \"classArgs\": {\"optimize_mode\":"
            + " \"maximize\"}}}", "3", "7", "5"));

    private static String resumed(List<String> ids) {
        StringBuilder ad = new StringBuilder("[");
        for (int i = 0; i < ids.size(); i++) {
            ad.append(i == 0 ? "" : ", ").append("{\"parameter_id\": ").append(ids.get(i))
                .append(", \"parameter_source\": \"resumed\", \"parameters\": {\"x\": 0.").append(i + 1)
                .append("}, \"parameter_index\": 0}");
        }
        return ad.append("]").toString();
    }

    private static String importData() {
        return "[{\"parameter\": {\"x\": 0.5}, \"value\": 0.5, \"trialJobId\": \"Old01\"},"
            + " {\"parameter\": {\"x\": 0.25}, \"value\": 0.25, \"trialJobId\": \"Old02\"}]";
    }

    private static String idOf(Command tr) {
        JsonValue id = ((JsonObject) Json.parse(tr.content())).get("parameter_id");
        return id instanceof JsonString s ? Json.write(s) : Json.write(id);
    }

    @Test
    void noTrialStillRunningInNnisDatabaseGivesItsIdToANewTrial() throws Exception {
        List<String> problems = new ArrayList<>();
        for (List<String> c : CASES) {
            List<String> inFlight = c.subList(1, c.size());
            Path logDir = Files.createTempDirectory("resume-nni-ids");
            List<String> issued = new ArrayList<>();
            try (TunerdProcess p = TunerdProcess.start(c.get(0),
                Map.of("NNI_LOG_DIRECTORY", logDir.toString(), "NNI_MODE", "resume"))) {
                p.send(CommandType.INITIALIZE, SPACE);
                assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
                p.send(CommandType.IMPORT_DATA, importData());
                p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, resumed(inFlight));
                p.send(CommandType.REQUEST_TRIAL_JOBS, "9");
                while (issued.size() < 9) {
                    Command r = p.reply(Duration.ofSeconds(30));
                    if (r.type() == CommandType.NO_MORE_TRIAL_JOBS) {
                        break;
                    }
                    assertEquals(CommandType.NEW_TRIAL_JOB, r.type(), r.content());
                    issued.add(idOf(r));
                }
                p.send(CommandType.TERMINATE, "");
                assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
                assertFalse(p.stderr().contains("Exception"), p.stderr());
            }
            assertTrue(issued.size() >= 3, c.get(0) + ": " + issued);
            List<String> again = issued.stream().filter(inFlight::contains).toList();
            if (!again.isEmpty()) {
                problems.add(c.get(0) + ": in-flight ids " + again + " issued again: " + issued);
            }
            if (!inFlight.get(0).startsWith("\"")) {
                long max = inFlight.stream().mapToLong(Long::parseLong).max().orElseThrow();
                if (issued.stream().mapToLong(Long::parseLong).min().orElseThrow() <= max) {
                    problems.add(c.get(0) + ": an integer id at or below max(AD) " + max + ": " + issued);
                }
            }
            String log = Files.readString(logDir.resolve("dispatcher.log"));
            assertTrue(log.contains("without a record of the ids issued before"), log);
            System.out.println("AD " + inFlight + " -> " + issued);
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }
}
