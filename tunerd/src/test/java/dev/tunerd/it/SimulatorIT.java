package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job and its harness through the built launcher, as a newcomer runs them: {@code tunerd simulate} (which
 * starts the daemon as its child over the framed pipe), {@code tunerd bench throughput}, and the hidden
 * {@code --cds-training} session that {@code scripts/tunerd} records its class-data-sharing archive from.
 */
class SimulatorIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Test
    void simulateRunsAWholeExperimentAndWritesItsRecords(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sim");
        LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("simulate", "--tuner", "TPE", "--problem", "branin",
            "--trials", "30", "--seed", "3", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.describe());
        assertEquals("", r.stdout(), "stdout stays empty; the summary goes to stderr");
        assertTrue(r.stderr().contains("problem                    branin"), r.describe());
        List<String> lines = Files.readAllLines(out.resolve("trials.jsonl"), StandardCharsets.UTF_8);
        assertEquals(30, lines.size());
        Set<Long> ids = new HashSet<>();
        for (String line : lines) {
            JsonObject trial = Json.parseObject(line, "trial record");
            ids.add(((JsonInt) trial.get("id")).value());
            assertEquals("SUCCEEDED", ((JsonString) trial.get("status")).value(), line);
            double x0 = ((JsonObject) trial.get("parameters")).get("x0").asDouble();
            assertTrue(x0 >= -5 && x0 <= 10, "x0 outside branin's domain: " + line);
            assertTrue(trial.get("value").asDouble() >= 0.397887, "below branin's optimum: " + line);
        }
        assertEquals(30, ids.size(), "every trial has its own parameter id");
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<svg"), "the report draws its plots inline");
        // the SVG namespace URI is a name, not a fetch; nothing else may point outside the file
        String fetches = html.replace("xmlns='http://www.w3.org/2000/svg'", "");
        for (String outside : List.of("<script", "<link", "@import", "http://", "https://")) {
            assertTrue(!fetches.contains(outside), "the report must open without scripts or network: " + outside);
        }
    }

    @Test
    void simulateWithAnAssessorStopsTrialsEarlyAndCountsTheEpochs(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("curves");
        LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("simulate", "--tuner", "Random", "--assessor",
            "Medianstop", "--problem", "curves", "--trials", "16", "--concurrency", "3", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.describe());
        List<String> lines = Files.readAllLines(out.resolve("trials.jsonl"), StandardCharsets.UTF_8);
        assertEquals(16, lines.size());
        int stopped = 0;
        for (String line : lines) {
            JsonObject trial = Json.parseObject(line, "trial record");
            long epochs = ((JsonInt) trial.get("epochs")).value();
            assertTrue(epochs >= 1 && epochs <= 20, line);
            if (((JsonString) trial.get("status")).value().equals("EARLY_STOPPED")) {
                stopped++;
                assertTrue(epochs < 20, "an early-stopped trial did not run all its epochs: " + line);
            }
        }
        assertTrue(stopped > 0, "Medianstop (start_step 0 by default, as NNI) stopped no trial:\n" + r.describe());
        assertTrue(r.stderr().contains("stopped early              " + stopped), r.describe());
    }

    /**
     * Issue 13 (session 32): with an advisor {@code simulate} waited for the answer to its first GE and gave up after
     * a minute (string parameter ids). Each advisor, seeded and small, in NNI's bracket order so that small budgets
     * run: every trial ends, trains its {@code TRIAL_BUDGET}, and the records show ids, budgets and the report.
     */
    @Test
    void simulateRunsTheMultiFidelityAdvisors(@TempDir Path dir) throws Exception {
        String budgets = "\"min_budget\": 1, \"max_budget\": 9, \"eta\": 3, \"rank_agreement\": -1, \"seed\": 33010}";
        Map<String, String> advisors = Map.of(
            "Hyperband", "{\"optimize_mode\": \"minimize\", \"R\": 9, \"eta\": 3, \"rank_agreement\": -1, "
                + "\"seed\": 33010}",
            "BOHB", "{\"optimize_mode\": \"minimize\", " + budgets,
            "ASHA", "{\"optimize_mode\": \"minimize\", " + budgets);
        for (Map.Entry<String, String> a : advisors.entrySet()) {
            for (String concurrency : List.of("1", "4")) {
                Path out = dir.resolve(a.getKey() + concurrency);
                LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("simulate", "--tuner", a.getKey(), "--tuner-args",
                    a.getValue(), "--problem", "curves", "--trials", "24", "--concurrency", concurrency,
                    "--out", out.toString()));
                String what = a.getKey() + " with " + concurrency + " workers: " + r.describe();
                assertEquals(0, r.exitCode(), what);
                List<String> lines = Files.readAllLines(out.resolve("trials.jsonl"), StandardCharsets.UTF_8);
                assertEquals(24, lines.size(), what);
                Set<String> ids = new HashSet<>();
                Set<Long> seen = new HashSet<>();
                for (String line : lines) {
                    JsonObject trial = Json.parseObject(line, "trial record");
                    ids.add(((JsonString) trial.get("id")).value());
                    long budget = ((JsonInt) trial.get("budget")).value();
                    assertTrue(budget == 1 || budget == 3 || budget == 9, line);
                    assertEquals(budget, ((JsonObject) trial.get("parameters")).get("TRIAL_BUDGET").asDouble(), line);
                    assertEquals(budget, ((JsonInt) trial.get("epochs")).value(), "trains its budget: " + line);
                    assertEquals("SUCCEEDED", ((JsonString) trial.get("status")).value(), line);
                    seen.add(budget);
                }
                assertEquals(24, ids.size(), "every trial has its own string id: " + what);
                assertTrue(seen.contains(1L) && seen.contains(9L), "small and full budgets both ran: " + seen);
                assertTrue(r.stderr().contains("trial budgets"), what);
                String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
                assertTrue(html.contains("<svg") && html.contains("given a budget below 9 epochs"), what);
            }
        }
    }

    @Test
    void simulateRefusesAnAdvisorOnASingleEpochProblem(@TempDir Path dir) throws Exception {
        LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("simulate", "--tuner", "BOHB", "--problem", "branin",
            "--trials", "3", "--out", dir.resolve("x").toString()));
        assertEquals(2, r.exitCode(), r.describe());
        assertTrue(r.stderr().contains("BOHB is a multi-fidelity advisor") && r.stderr().contains("single epoch"),
            r.describe());
    }

    @Test
    void simulateNamesAnUnknownTunerAndFails(@TempDir Path dir) throws Exception {
        LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("simulate", "--tuner", "Nope", "--problem", "branin",
            "--trials", "3", "--out", dir.resolve("x").toString()));
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.stderr().contains("no tuner has that name; accepted: Random"), r.describe());
    }

    @Test
    void benchThroughputProcessesAShortStreamAndReportsIt() throws Exception {
        LauncherRun r = LauncherRun.launcher(TIMEOUT, List.of("bench", "throughput", "--trials", "60", "--metrics",
            "10", "--runs", "2"));
        assertEquals(0, r.exitCode(), r.describe());
        assertTrue(r.stderr().contains("722 commands"), r.describe()); // 60 x (10 + 1 + 1) + IN + GE
        assertTrue(r.stderr().contains("recorded stream replayed"), r.describe());
        assertTrue(r.stderr().contains("interactive"), r.describe());
        assertTrue(r.stderr().contains("over 2 runs, whole process: replayed median"), r.describe());
        // the replay got the same TRs as its recording (it fails otherwise) and Medianstop stopped the same trials
        java.util.regex.Matcher kills = java.util.regex.Pattern.compile("stopped early \\(KI\\)\\s+(\\d+) \\(replay: "
            + "(\\d+)\\)").matcher(r.stderr());
        assertTrue(kills.find(), r.describe());
        assertEquals(kills.group(1), kills.group(2), r.describe());
    }

    @Test
    void theCdsTrainingSessionSucceedsAndWritesNothingToStdout() throws Exception {
        Path jar = Path.of(System.getProperty("tunerd.jar", "target/tunerd.jar"));
        LauncherRun r = LauncherRun.command(TIMEOUT, List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-jar", jar.toString(), "--cds-training"));
        assertEquals(0, r.exitCode(), r.describe());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().contains("Dispatcher started"), r.describe());
    }
}
