package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code tunerd checkpoint inspect} and {@code list} through the launcher, on a checkpoint a real daemon wrote: stdout
 * carries the tool's output and nothing else (logs go to stderr), errors and exit codes are as documented.
 */
@Timeout(120)
class CheckpointToolIT {

    private static final String SPACE = "{\"x\": {\"_type\": \"choice\", \"_value\": [1, 2, 3]}}";
    private static Path experiments;

    @BeforeAll
    static void runAnExperiment() throws Exception {
        experiments = Files.createTempDirectory("nni-experiments");
        Path checkpoint = Files.createDirectories(experiments.resolve("exp-a").resolve("checkpoint"));
        ScriptedManager m = new ScriptedManager("{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"GridSearch\","
            + " \"classArgs\": {\"optimize_mode\": \"minimize\"}}}", SPACE, checkpoint, 1, p -> p.toString().length());
        m.start();
        m.runToEnd();
        Path broken = Files.createDirectories(experiments.resolve("exp-b").resolve("checkpoint").resolve("tunerd"));
        Files.writeString(broken.resolve("snapshot.bin"), "garbage, not a snapshot", StandardCharsets.UTF_8);
    }

    @Test
    void inspectPrintsTheCheckpointOnStdoutOnly() throws Exception {
        CheckpointTool t = CheckpointTool.run("inspect", experiments.resolve("exp-a/checkpoint").toString());
        assertEquals(0, t.exitCode(), t.stderr());
        assertTrue(t.stdout().startsWith("checkpoint:   " + experiments.resolve("exp-a/checkpoint/tunerd")), t.stdout());
        assertEquals("GridSearch", t.header("tuner"));
        assertEquals("minimize", t.header("optimize"));
        assertEquals("3 (next id 5)", t.header("ids issued"), t.stdout()); // two GEs answered NO burned ids 3 and 4
        assertEquals(3, t.rows().size(), t.stdout());
        t.rows().forEach(r -> assertEquals("SUCCEEDED", r[2], t.stdout()));
        assertNoLogLines(t.stdout());
    }

    @Test
    void inspectOfAnUnreadableCheckpointExitsOneWithTheReasonOnStderr() throws Exception {
        CheckpointTool t = CheckpointTool.run("inspect", experiments.resolve("exp-b/checkpoint").toString());
        assertEquals(1, t.exitCode());
        assertEquals("", t.stdout());
        assertTrue(t.stderr().contains("cannot read checkpoint"), t.stderr());
    }

    @Test
    void listShowsEveryExperimentAndReportsTheUnreadableOne() throws Exception {
        CheckpointTool t = CheckpointTool.run("list", experiments.toString());
        assertEquals(0, t.exitCode(), t.stderr());
        List<String> lines = t.stdout().lines().toList();
        assertTrue(lines.get(0).startsWith("EXPERIMENT"), t.stdout());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("exp-a") && l.contains(" 3 ")), t.stdout());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("exp-b") && l.contains("UNREADABLE")), t.stdout());
        assertEquals("entries 1-2 of 2", lines.get(lines.size() - 1));
        assertNoLogLines(t.stdout());
    }

    @Test
    void aMissingArgumentIsAUsageError() throws Exception {
        CheckpointTool t = CheckpointTool.run("inspect");
        assertEquals(2, t.exitCode());
        assertEquals("", t.stdout());
    }

    private static void assertNoLogLines(String stdout) {
        assertTrue(stdout.lines().noneMatch(l -> l.matches("^\\[\\d{4}-.*") || l.contains(" INFO ")
            || l.contains(" WARN")), stdout);
    }
}
