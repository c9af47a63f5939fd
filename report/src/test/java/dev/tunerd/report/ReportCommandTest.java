package dev.tunerd.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.checkpoint.CheckpointRecorder;
import dev.tunerd.core.checkpoint.CheckpointSettings;
import dev.tunerd.core.checkpoint.ExistingFiles;
import dev.tunerd.core.checkpoint.ExperimentInfo;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.TrialRecord;
import dev.tunerd.simulator.manager.TrialStatus;
import dev.tunerd.simulator.report.TrialsJsonl;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new ReportCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path simulateOutput() throws Exception {
        TrialRecord ran = new TrialRecord(0, JsonInt.of(0), "trial00000", Json.parse("{\"x\": 1.5}"), 0.25, 0.25, 3,
            TrialStatus.SUCCEEDED, 1_000_000, new double[] {1.0, 0.5, 0.25}, 0.0, 3.0);
        TrialRecord killed = new TrialRecord(1, JsonInt.of(1), "trial00001", Json.parse("{\"x\": 9}"), 2.0, 1.0, 1,
            TrialStatus.EARLY_STOPPED, 1_000_000, new double[] {2.0}, 0.5, 1.5);
        Path sim = Files.createDirectories(dir.resolve("tunerd-sim-1"));
        TrialsJsonl.write(sim.resolve("trials.jsonl"), new RunResult("curves", 0, 3, List.of(ran, killed), 1, 0, false,
            -1));
        return sim;
    }

    @Test
    void readsBackWhatSimulateWrote() throws Exception {
        Experiment e = ExperimentSources.read(simulateOutput(), Optional.empty(), Optional.empty());
        assertTrue(e.minimize());
        assertEquals(2, e.trials().size());
        ReportTrial ran = e.trials().get(0);
        assertEquals("0", ran.id());
        assertEquals("trial00000", ran.trialJobId());
        assertEquals(0.25, ran.value());
        assertArrayEquals(new double[] {1.0, 0.5, 0.25}, ran.intermediate());
        assertEquals(3.0, ran.durationSeconds());
        ReportTrial killed = e.trials().get(1);
        assertTrue(killed.stopped());
        assertTrue(Double.isNaN(killed.value()), "a stopped trial has no final result");
        assertTrue(e.timesKnown() && e.hasIntermediate());
    }

    @Test
    void writesTheReportAndPrintsOnlyItsPathOnStdout() throws Exception {
        Path sim = simulateOutput();
        Path html = dir.resolve("out.html");
        assertEquals(0, run(sim.resolve("trials.jsonl").toString(), "--output", html.toString()), err.toString());
        assertEquals(html.toAbsolutePath() + System.lineSeparator(), out.toString());
        String text = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(text.contains("data-chart='intermediate'") && text.contains("data-chart='best-by-time'"));
    }

    @Test
    void readsACheckpointByDirectoryOrByExperimentsDirectoryAndId() throws Exception {
        Path checkpoint = Files.createDirectories(dir.resolve("exp01").resolve("checkpoint"));
        CheckpointSettings s = CheckpointSettings.of(checkpoint, CheckpointMode.REQUIRED,
            new ExperimentInfo(Optional.of("TPE"), Optional.of(OptimizeMode.MAXIMIZE)));
        try (CheckpointRecorder r = CheckpointRecorder.open(s, RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            for (int i = 0; i < 12; i++) {
                r.parametersIssued(i, Json.parse("{\"lr\": " + (i + 1) * 0.01 + ", \"opt\": {\"_name\": \"sgd\"}}"));
                if (i != 5) {
                    r.finalResultReceived(i, "T" + i, JsonFloat.of(i * 0.1));
                }
                r.trialEnded("T" + i, (long) i, i == 5 ? "EARLY_STOPPED" : "SUCCEEDED");
            }
        }
        for (String[] args : List.of(new String[] {checkpoint.toString()},
                new String[] {checkpoint.resolve("tunerd").toString()}, new String[] {dir.resolve("exp01").toString()},
                new String[] {dir.toString(), "exp01"})) {
            Experiment e = ExperimentSources.read(Path.of(args[0]), Optional.ofNullable(args.length > 1 ? args[1]
                : null), Optional.empty());
            assertEquals(12, e.trials().size(), List.of(args).toString());
            assertFalse(e.minimize(), "the checkpoint says maximize");
            assertEquals("EARLY_STOPPED", e.trials().get(5).state());
            assertEquals(1.1, e.trials().get(11).value(), 1e-12);
            assertTrue(e.timesKnown(), "the journal records when trials were issued and ended");
            assertTrue(e.trials().get(11).endSeconds() >= e.trials().get(11).startSeconds());
            assertEquals(0.0, e.trials().get(0).startSeconds(), "seconds from the first issue");
        }
        Path html = dir.resolve("cp.html");
        assertEquals(0, run(dir.toString(), "exp01", "-o", html.toString()), err.toString());
        String text = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(text.contains("data-chart='importance'") && text.contains("data-chart='best-by-time'"));
        assertTrue(text.contains("intermediate results are not kept in the checkpoint"), "the page says what is "
            + "missing");
        assertTrue(text.contains("1.1 (trial 11, T11)"), "best under maximize");
    }

    @Test
    void namesWhatIsWrongWithTheSource() {
        assertEquals(2, run(dir.resolve("missing").toString()));
        assertTrue(err.toString().contains("does not exist"), err.toString());
        assertEquals(2, run(dir.toString()));
        assertTrue(err.toString().contains("holds no tunerd checkpoint"), err.toString());
        assertEquals(2, run(dir.toString(), "../etc"));
        assertTrue(err.toString().contains("plain directory name"), err.toString());
        assertEquals(2, run(dir.toString(), "--optimize", "sideways"));
        assertTrue(err.toString().contains("--optimize must be minimize or maximize"), err.toString());
        assertEquals("", out.toString(), "nothing on stdout when nothing was written");
    }

    @Test
    void aDamagedLineIsNamed() throws Exception {
        Path f = dir.resolve("trials.jsonl");
        Files.writeString(f, "{\"id\": 0, \"value\": 1.0}\nnot json\n");
        assertEquals(2, run(f.toString()));
        assertTrue(err.toString().contains("line 2"), err.toString());
    }

    /**
     * Outside text reaches stderr escaped and on one line (issue 13, session 33): a path or an --optimize value with a
     * line break and a terminal escape was printed raw, so it could forge a line or drive the terminal.
     */
    @Test
    void pathsAndValuesFromTheCommandLineAreEscapedInMessages() throws Exception {
        String hostile = "x\u001b[2J\nFORGED line";
        assertEquals(2, run(dir.resolve(hostile).toString(), "--output", dir.resolve("o.html").toString()));
        assertEquals(2, run(simulateOutput().toString(), "--optimize", hostile, "--output",
            dir.resolve("o.html").toString()));
        String messages = err.toString();
        assertFalse(messages.contains("\u001b"), messages);
        assertFalse(messages.contains("\nFORGED"), messages);
        assertEquals(2, messages.lines().count(), messages);
        assertTrue(messages.contains("does not exist") && messages.contains("--optimize must be"), messages);
    }

    /** A directory as --output: a clear usage error before anything is read (a FileSystemException's text before). */
    @Test
    void aDirectoryAsOutputIsAUsageError() throws Exception {
        assertEquals(2, run(simulateOutput().toString(), "--output", dir.toString()));
        assertTrue(err.toString().contains("is a directory; give a file name"), err.toString());
        assertEquals("", out.toString());
    }

    /** A file that is not UTF-8 said only "Input length = 1", with exit 1. */
    @Test
    void aFileThatIsNotUtf8IsNamedAsSuch() throws Exception {
        Path bad = dir.resolve("bad.jsonl");
        Files.write(bad, new byte[] {'{', '"', 'v', 'a', 'l', 'u', 'e', '"', ':', '1', '}', '\n', (byte) 0xff, (byte) 0xfe,
            '{', '}', '\n'});
        assertEquals(2, run(bad.toString(), "--output", dir.resolve("o.html").toString()));
        assertTrue(err.toString().contains("is not UTF-8 text"), err.toString());
    }
}
