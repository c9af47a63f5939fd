package dev.tunerd.it;

import static dev.tunerd.protocol.CommandType.ERROR;
import static dev.tunerd.protocol.CommandType.INITIALIZED;
import static dev.tunerd.protocol.CommandType.NEW_TRIAL_JOB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #12 through the built launcher: every defect and weak spot found by trying tunerd as a hostile manager
 * would, each as the manager sees it (frames on stdout, exit code, dispatcher.log). See docs/ROBUSTNESS.md.
 */
@Timeout(120)
class HardeningIT {

    private static final String UNIFORM = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";

    private static String builtin(String tuner) {
        return "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"" + tuner + "\"}}";
    }

    private static TunerdProcess start(String tuner, Map<String, String> env, String... args) throws Exception {
        return TunerdProcess.start(builtin(tuner), env, args);
    }

    private static long parameterId(Command tr) {
        assertEquals(NEW_TRIAL_JOB, tr.type(), tr.content());
        return ((JsonInt) ((JsonObject) Json.parse(tr.content())).get("parameter_id")).value();
    }

    private static byte[] frame(CommandType type, String content) {
        byte[] payload = content.getBytes(StandardCharsets.UTF_8);
        return (type.code() + String.format("%014d", payload.length) + content).getBytes(StandardCharsets.UTF_8);
    }

    /** Defect 1: a reply larger than --max-frame-bytes is sent; only what the manager sends is limited. */
    @Test
    void maxFrameBytesLimitsOnlyWhatTheManagerSends() throws Exception {
        String value = "y".repeat(920);
        String space = "{\"x\": {\"_type\": \"choice\", \"_value\": [\"" + value + "\"]}}";
        try (TunerdProcess p = start("Random", Map.of(), "--max-frame-bytes", "1000")) {
            p.send(CommandType.INITIALIZE, space);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            Command tr = p.reply();
            assertTrue(tr.content().getBytes(StandardCharsets.UTF_8).length > 1000, tr.content().length() + "");
            assertEquals(0, parameterId(tr));
            p.send(CommandType.UPDATE_SEARCH_SPACE, "{\"z\": \"" + "w".repeat(1000) + "\"}");
            Command er = p.reply();
            assertEquals(ERROR, er.type());
            assertTrue(er.content().startsWith("tunerd: frame length 1009 exceeds the limit of 1000 bytes"), er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(10)));
        }
    }

    /** Defect 2: 9,000 problems under 6-digit headers: a readable ER that fits, exit 5; every problem in the log. */
    @Test
    void anErForThousandsOfProblemsFitsASixDigitFrame() throws Exception {
        String space = IntStream.range(0, 9000).mapToObj(i -> "\"x" + i + "\": {\"_type\": \"uniform\", \"_value\":"
            + " [2, 1]}").collect(Collectors.joining(", ", "{", "}"));
        try (TunerdProcess p = TunerdProcess.start(new FrameFormat(6, 999_999), builtin("TPE"), Map.of(),
            "--header-digits", "6")) {
            byte[] payload = space.getBytes(StandardCharsets.UTF_8);
            p.sendRaw(("IN" + String.format("%06d", payload.length) + space).getBytes(StandardCharsets.UTF_8));
            Command er = p.reply(Duration.ofSeconds(30));
            assertEquals(ERROR, er.type());
            assertTrue(er.content().length() < 40_000, er.content().length() + " characters");
            String summary = er.content().lines().findFirst().orElseThrow();
            assertTrue(summary.startsWith("tunerd: IN failed: invalid search space: search space \"x0\" (uniform)"
                + " must have high > low"), summary);
            assertTrue(summary.contains("... and 8980 more (9000 problems in all; dispatcher.log lists them one per line)"),
                summary);
            assertEquals(5, p.exitCode(Duration.ofSeconds(10)));
            assertTrue(p.dispatcherLog().contains("search space problem 9000 of 9000: search space \"x8999\" (uniform)"
                + " must have high > low"), "every problem is in the log");
        }
    }

    /**
     * Defect 2: a 5 MB metric type is quoted in 200 characters; neither the ER nor the log grows with it. (A string
     * parameter_id is no longer an error since advisors name their ids: it is logged, capped, and ignored.)
     */
    @Test
    void aHugeValueIsQuotedCappedInTheErAndTheLog() throws Exception {
        String huge = "a".repeat(5_000_000);
        try (TunerdProcess p = start("Random", Map.of())) {
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 1, \"type\": \"" + huge + "\", "
                + "\"value\": \"1\"}");
            Command er = p.reply(Duration.ofSeconds(30));
            assertEquals(ERROR, er.type());
            assertTrue(er.content().length() < 10_000, er.content().length() + " characters");
            assertTrue(er.content().startsWith("tunerd: ME: field \"type\" must be FINAL, PERIODICAL or REQUEST_PARAMETER, got"
                + " \"aaa"),
                er.content().substring(0, 100));
            assertTrue(er.content().contains("... (4999800 more)"), er.content().substring(0, 400));
            assertEquals(3, p.exitCode(Duration.ofSeconds(10)));
            assertTrue(p.dispatcherLog().length() < 100_000, p.dispatcherLog().length() + " characters of log");
        }
    }

    /** Defect 3: a trial id holding a forged log line stays inside its warning; a 2 MB one makes a short line. */
    @Test
    void trialIdsCannotForgeOrFloodLogLines() throws Exception {
        String forged = "x\\n[2026-01-01 00:00:00] ERROR (dev.tunerd.core.dispatch.Daemon/main) FORGED";
        try (TunerdProcess p = start("Random", Map.of())) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.TRIAL_END, "{\"trial_job_id\": \"" + forged + "\", \"event\": \"SUCCEEDED\","
                + " \"hyper_params\": \"{\\\"parameter_id\\\": 7}\"}");
            p.send(CommandType.TRIAL_END, "{\"trial_job_id\": \"" + "b".repeat(2_000_000) + "\", \"event\":"
                + " \"SUCCEEDED\", \"hyper_params\": \"{\\\"parameter_id\\\": 8}\"}");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(NEW_TRIAL_JOB, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)));
            List<String> lines = p.dispatcherLog().lines().toList();
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("[2026-01-01")), "a forged line");
            assertTrue(lines.stream().anyMatch(l -> l.contains("Trial end for unknown parameter id 7 (trial x\\n[2026-01-01"
                + " 00:00:00] ERROR")), String.join("\n", lines));
            String eight = lines.stream().filter(l -> l.contains("unknown parameter id 8")).findFirst().orElseThrow();
            assertTrue(eight.length() < 500 && eight.contains("... (1999800 more)"), eight.length() + " characters");
        }
    }

    /** Defect 4: a second daemon on the directory exits 2 naming it and the holder; a kill -9 leaves no lock. */
    @Test
    void oneDaemonPerCheckpointDirectory() throws Exception {
        Path dir = Files.createTempDirectory("tunerd-lock");
        Map<String, String> env = Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString());
        List<dev.tunerd.spi.json.JsonValue> running = new ArrayList<>();
        try (TunerdProcess first = start("GridSearch", env)) {
            first.send(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"randint\", \"_value\": [0, 100]}}");
            assertEquals(INITIALIZED, first.reply(Duration.ofSeconds(30)).type(), first.stderr());
            first.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                Command tr = first.reply();
                assertEquals(i, parameterId(tr));
                running.add(((JsonObject) Json.parse(tr.content())).get("parameters"));
            }
            try (TunerdProcess second = start("GridSearch", env, "--checkpoint-mode", "best-effort")) {
                assertEquals(2, second.exitCode(Duration.ofSeconds(30)), second.stderr());
                assertTrue(second.stderr().contains("checkpoint directory " + dir + " is in use by another tunerd (PID "
                    + first.pid() + ","), second.stderr());
            }
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess resumed = start("GridSearch", Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString(),
            "NNI_MODE", "resume"))) {
            resumed.send(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"randint\", \"_value\": [0, 100]}}");
            assertEquals(INITIALIZED, resumed.reply(Duration.ofSeconds(30)).type(), resumed.stderr());
            resumed.send(CommandType.IMPORT_DATA, "[]");
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, IntStream.range(0, 3).mapToObj(i -> "{\"parameter_id\": "
                + i + ", \"parameter_source\": \"resumed\", \"parameters\": " + Json.write(running.get(i))
                + ", \"parameter_index\": 0}").collect(Collectors.joining(", ", "[", "]")));
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(3, parameterId(resumed.reply(Duration.ofSeconds(10))), "the resume goes on from the journal");
            resumed.send(CommandType.TERMINATE, "");
            assertEquals(0, resumed.exitCode(Duration.ofSeconds(10)), resumed.stderr());
        }
    }

    /**
     * Defect 5: a journal abandoned after a write failure (best-effort) still raises the id floor on resume: its
     * readable part, and the ids issued after it stopped ({@code next-id}); {@code AD []} used to restart at 1.
     */
    @Test
    void idsAreNeverReusedAfterAnAbandonedJournal() throws Exception {
        Path dir = Files.createTempDirectory("tunerd-abandoned");
        Map<String, String> env = Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString());
        try (TunerdProcess p = start("Random", env, "--checkpoint-mode", "best-effort")) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "10");
            for (int i = 0; i < 10; i++) {
                parameterId(p.reply());
            }
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)));
        }
        Path root = dir.resolve("tunerd");
        Files.writeString(root.resolve("ABANDONED"), "2026-11-24T00:00:00Z disk full (written by the test)\n");
        assertEquals(10, resumeAndTakeIds(env).get(0), "the readable part of the abandoned journal");
        Files.writeString(dir.resolve("tunerd").resolve("ABANDONED"), "again\n");
        Files.writeString(dir.resolve("tunerd").resolve("next-id"), String.format("%020d%n", 3000));
        assertEquals(3000, resumeAndTakeIds(env).get(0), "ids issued after the journal stopped");
    }

    private static List<Long> resumeAndTakeIds(Map<String, String> env) throws Exception {
        Map<String, String> resume = new java.util.HashMap<>(env);
        resume.put("NNI_MODE", "resume");
        try (TunerdProcess p = start("Random", resume, "--checkpoint-mode", "best-effort")) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            p.send(CommandType.IMPORT_DATA, "[{\"parameter\": {\"x\": 0.5}, \"value\": 1.0, \"trialJobId\": \"J0\"}]");
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "5");
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ids.add(parameterId(p.reply()));
            }
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            return ids;
        }
    }

    /** Defect 6: spaces whose values would overflow are refused at IN naming the key, for every builtin tuner. */
    @ParameterizedTest
    @ValueSource(strings = {"TPE", "Random", "Anneal", "Evolution", "GridSearch"})
    void aSpaceThatCannotBeWrittenIsRefusedAtIn(String tuner) throws Exception {
        for (String space : new String[] {"{\"wide\": {\"_type\": \"uniform\", \"_value\": [-1.7e308, 1.7e308]}}",
            "{\"wide\": {\"_type\": \"lognormal\", \"_value\": [1000, 1]}}"}) {
            try (TunerdProcess p = start(tuner, Map.of())) {
                p.send(CommandType.INITIALIZE, space);
                p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
                Command er = p.reply(Duration.ofSeconds(30));
                assertEquals(ERROR, er.type(), er.content());
                assertTrue(er.content().startsWith("tunerd: IN failed: invalid search space: search space \"wide\""),
                    er.content());
                assertTrue(er.content().contains("overflow to infinity"), er.content());
                assertEquals(5, p.exitCode(Duration.ofSeconds(10)));
            }
        }
    }

    /** Defect 7: an AD id no id can follow is refused (ER, exit 3); the counter never wraps. */
    @Test
    void resumedIdsThatCannotBeFollowedAreRefused() throws Exception {
        try (TunerdProcess p = start("Random", Map.of())) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": 9223372036854775807, \"parameter_source\":"
                + " \"resumed\", \"parameters\": {\"x\": 0.5}, \"parameter_index\": 0}]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            Command er = p.reply();
            assertEquals(ERROR, er.type(), er.content());
            assertTrue(er.content().startsWith("tunerd: AD: field \"parameter_id\" of element 0 must be at most"
                + " 9007199254740990"), er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(10)));
        }
    }

    /** Defect 8: GridSearch on randint [0, 2147483646] answers ID within a second on a 64 MB heap. */
    @Test
    void aHugeGridIsWalkedLazily() throws Exception {
        List<String> cmd = List.of(TunerdProcess.launcher(), "-m", "nni", "--exp_params",
            java.util.Base64.getEncoder().encodeToString(builtin("GridSearch").getBytes(StandardCharsets.UTF_8)));
        try (TunerdProcess p = TunerdProcess.startCommand(cmd, Map.of("TUNERD_JAVA_OPTS",
            "-XX:+UseSerialGC -Xmx64m -XX:TieredStopAtLevel=1"))) {
            for (int i = 0; i < 600 && !p.dispatcherLog().contains("Dispatcher started"); i++) {
                Thread.sleep(50); // time the IN alone, not the JVM's start
            }
            long start = System.nanoTime();
            p.send(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"randint\", \"_value\": [0, 2147483646]}}");
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 1000, "ID after " + millis + " ms");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                Command tr = p.reply();
                assertTrue(tr.content().contains("\"parameters\": {\"x\": " + i + "}"), tr.content());
            }
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    /** Weak spot: a FINAL and an EN that arrive in the same read as a corrupt header are handled and journalled. */
    @Test
    void commandsBeforeABadFrameAreHandledAndJournalled() throws Exception {
        Path dir = Files.createTempDirectory("tunerd-badframe");
        try (TunerdProcess p = start("Random", Map.of("NNI_CHECKPOINT_DIRECTORY", dir.toString()))) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(0, parameterId(p.reply()));
            ByteArrayOutputStream one = new ByteArrayOutputStream();
            one.writeBytes(frame(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"trial_job_id\": \"J0\","
                + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.75\"}"));
            one.writeBytes(frame(CommandType.TRIAL_END, "{\"trial_job_id\": \"J0\", \"event\": \"SUCCEEDED\","
                + " \"hyper_params\": \"{\\\"parameter_id\\\": 0}\"}"));
            one.writeBytes("GE00000000000x12".getBytes(StandardCharsets.US_ASCII));
            p.sendRaw(one.toByteArray());
            Command er = p.reply();
            assertEquals(ERROR, er.type());
            assertEquals(3, p.exitCode(Duration.ofSeconds(10)));
        }
        RecoveredState journal = CheckpointReader.read(dir);
        assertEquals(1, journal.results().size(), "the FINAL before the bad header is journalled");
        assertEquals(1, journal.endedTrials().size(), "and so is the EN");
    }

    /** Weak spot: a non-numeric FINAL is one WARNING naming the trial for every tuner, and the experiment goes on. */
    @ParameterizedTest
    @ValueSource(strings = {"TPE", "Random", "Anneal", "Evolution", "GridSearch"})
    void aNonNumericFinalIsAWarningForEveryTuner(String tuner) throws Exception {
        try (TunerdProcess p = start(tuner, Map.of())) {
            p.send(CommandType.INITIALIZE, UNIFORM);
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            long id = parameterId(p.reply());
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + id + ", \"trial_job_id\": \"Jx\", \"type\":"
                + " \"FINAL\", \"sequence\": 0, \"value\": \"\\\"accuracy: high\\\"\"}");
            p.send(CommandType.TRIAL_END, "{\"trial_job_id\": \"Jx\", \"event\": \"SUCCEEDED\", \"hyper_params\":"
                + " \"{\\\"parameter_id\\\": " + id + "}\"}");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(NEW_TRIAL_JOB, p.reply().type());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            assertTrue(p.dispatcherLog().contains("WARNING (dev.tunerd.core.dispatch.MsgDispatcher/tunerd-default)"
                + " Final result of trial Jx (parameter id " + id + ") is not a number"), p.dispatcherLog());
        }
    }

    /** Weak spot: FD entries that do not fit are logged once each, skipped and counted, for every builtin tuner. */
    @ParameterizedTest
    @ValueSource(strings = {"TPE", "Random", "Anneal", "Evolution", "GridSearch"})
    void importedEntriesThatDoNotFitAreSkippedAndCounted(String tuner) throws Exception {
        try (TunerdProcess p = start(tuner, Map.of())) {
            p.send(CommandType.INITIALIZE, "{\"c\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\"]}, \"u\":"
                + " {\"_type\": \"uniform\", \"_value\": [0, 1]}}");
            assertEquals(INITIALIZED, p.reply(Duration.ofSeconds(30)).type(), p.stderr());
            p.send(CommandType.IMPORT_DATA, "[{\"parameter\": {\"c\": \"a\", \"u\": 0.5}, \"value\": 1},"
                + " {\"parameter\": {\"c\": \"a\", \"u\": 0.5, \"unknown\": 1}, \"value\": 1},"
                + " {\"parameter\": {\"c\": \"zz\", \"u\": 0.5}, \"value\": 1},"
                + " {\"parameter\": {\"c\": \"b\", \"u\": 9}, \"value\": 1}]");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(NEW_TRIAL_JOB, p.reply().type());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            String log = p.dispatcherLog();
            assertTrue(log.contains("imported 1 of 4 entries; 3 skipped (3 do not fit the search space"), log);
            assertTrue(log.contains("imported entry 1 skipped: does not fit the search space: parameter \"unknown\" is"
                + " not in the search space"), log);
            assertTrue(log.contains("imported entry 3 skipped: does not fit the search space: parameter \"u\" value 9.0"
                + " is outside uniform [0, 1]"), log);
        }
    }

    /** Weak spot: a file given as the checkpoint directory is called a file. */
    @Test
    void aFileAsCheckpointDirectoryIsCalledAFile() throws Exception {
        Path file = Files.createTempFile("tunerd-ckpt", ".txt");
        try (TunerdProcess p = start("Random", Map.of("NNI_CHECKPOINT_DIRECTORY", file.toString(), "NNI_MODE",
            "resume"))) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(30)), p.stderr());
            assertTrue(p.stderr().contains(file + " is a file, not a directory"), p.stderr());
            assertFalse(p.stderr().contains("does not exist"), p.stderr());
        }
    }
}
