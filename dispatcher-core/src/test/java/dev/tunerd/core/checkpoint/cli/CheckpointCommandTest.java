package dev.tunerd.core.checkpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.ChannelOpener;
import dev.tunerd.core.checkpoint.CheckpointLayout;
import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.checkpoint.CheckpointRecorder;
import dev.tunerd.core.checkpoint.CheckpointSettings;
import dev.tunerd.core.checkpoint.ExistingFiles;
import dev.tunerd.core.checkpoint.ExperimentInfo;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CheckpointCommandTest {
    @TempDir
    Path base;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void inspectShowsTrialsTheirStatesTheBestResultAndIdsIssued() throws IOException {
        Path dir = experiment("exp1", OptimizeMode.MINIMIZE, new double[] {0.5, 0.2, 0.9}, "2026-11-20T08:00:00Z");
        assertEquals(0, run("inspect", dir.toString()));
        String text = out.toString();
        assertTrue(text.contains("ids issued:   4 (next id 4)"), text);
        assertTrue(text.contains("optimize:     minimize\n") || text.contains("optimize:     minimize" + System.lineSeparator()),
            text);
        assertTrue(text.contains("best:         0.2 (id 1, trial T1)"), text);
        assertTrue(lines(text).stream().anyMatch(l -> l.matches("\\s+0\\s+T0\\s+SUCCEEDED\\s+0.5")), text);
        assertTrue(lines(text).stream().anyMatch(l -> l.matches("\\s+2\\s+T2\\s+RESULT\\s+0.9")), text);
        assertTrue(lines(text).stream().anyMatch(l -> l.matches("\\s+3\\s+-\\s+ISSUED\\s+-")), text);
    }

    @Test
    void inspectAcceptsTheTunerdFolderAndAnOptimizeOverride() throws IOException {
        Path dir = experiment("exp1", OptimizeMode.MINIMIZE, new double[] {0.5, 0.2, 0.9}, "2026-11-20T08:00:00Z");
        assertEquals(0, run("inspect", "--optimize", "maximize", CheckpointLayout.root(dir).toString()));
        assertTrue(out.toString().contains("best:         0.9 (id 2, trial T2)"), out.toString());
    }

    @Test
    void inspectOfACorruptCheckpointExitsOneNamingTheFile() throws IOException {
        Path dir = experiment("exp1", OptimizeMode.MINIMIZE, new double[] {0.5}, "2026-11-20T08:00:00Z");
        Files.writeString(CheckpointLayout.root(dir).resolve("snapshot.bin"), "garbage", StandardCharsets.UTF_8);
        assertEquals(CheckpointCommand.EXIT_UNREADABLE, run("inspect", dir.toString()));
        assertTrue(err.toString().contains("snapshot.bin") && err.toString().contains("corrupt"), err.toString());
    }

    @Test
    void listShowsEveryCheckpointNewestFirstWithTheUnreadableOneReported() throws IOException {
        experiment("old", OptimizeMode.MAXIMIZE, new double[] {0.1, 0.3}, "2026-11-01T00:00:00Z");
        experiment("new", OptimizeMode.MAXIMIZE, new double[] {0.7}, "2026-11-20T00:00:00Z");
        Path broken = experiment("broken", OptimizeMode.MAXIMIZE, new double[] {0.4}, "2026-11-10T00:00:00Z");
        Path seg = CheckpointLayout.root(broken).resolve("journal-0000000000000000.log");
        byte[] b = Files.readAllBytes(seg);
        b[30] ^= 0x55;
        Files.write(seg, b);
        Files.setLastModifiedTime(seg, FileTime.from(Instant.parse("2026-11-10T00:00:00Z")));
        Files.createDirectories(base.resolve("not-tunerd/checkpoint"));
        assertEquals(0, run("list", base.toString()));
        List<String> rows = lines(out.toString());
        assertEquals(5, rows.size(), out.toString());
        assertTrue(rows.get(1).startsWith("new ") && rows.get(1).contains("0.7 (id 0, trial T0) maximize"),
            rows.get(1));
        assertTrue(rows.get(2).startsWith("broken ") && rows.get(2).contains("UNREADABLE")
            && rows.get(2).contains("corrupt at byte offset"), rows.get(2));
        assertTrue(rows.get(3).startsWith("old ") && rows.get(3).contains("2026-11-01T00:00:00Z")
            && rows.get(3).contains(" 3  0.3 (id 1"), rows.get(3));
        assertEquals("entries 1-3 of 3", rows.get(4));
    }

    @Test
    void listPages() throws IOException {
        for (int i = 0; i < 5; i++) {
            experiment("e" + i, OptimizeMode.MAXIMIZE, new double[] {i}, "2026-11-0" + (i + 1) + "T00:00:00Z");
        }
        assertEquals(0, run("list", base.toString(), "--offset", "1", "--limit", "2"));
        List<String> rows = lines(out.toString());
        assertEquals(List.of("e3", "e2"), rows.subList(1, 3).stream().map(r -> r.split(" ")[0]).toList());
        assertEquals("entries 2-3 of 5", rows.get(3));
    }

    @Test
    void badPagingIsAUsageError() {
        assertEquals(2, run("list", base.toString(), "--limit", "0"));
        assertTrue(err.toString().contains("--limit"), err.toString());
        assertEquals(2, run());
        assertTrue(err.toString().contains("a subcommand is required"), err.toString());
    }

    @Test
    void anUnlistableBaseExitsOne() {
        assertEquals(CheckpointCommand.EXIT_UNREADABLE, run("list", base.resolve("missing").toString()));
        assertTrue(err.toString().contains("missing"), err.toString());
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CheckpointCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** Records an experiment: one trial per value (the first ends SUCCEEDED), plus one issued without a result. */
    private Path experiment(String name, OptimizeMode mode, double[] values, String created) throws IOException {
        Path dir = Files.createDirectories(base.resolve(name).resolve("checkpoint"));
        Instant t = Instant.parse(created);
        CheckpointSettings s = new CheckpointSettings(dir, CheckpointMode.REQUIRED,
            new ExperimentInfo(Optional.of("TPE"), Optional.of(mode)), CheckpointSettings.DEFAULT_ROLLOVER_BYTES,
            CheckpointSettings.DEFAULT_MAX_UNFORCED_MILLIS,
            ChannelOpener.DEFAULT, Clock.fixed(t, ZoneOffset.UTC));
        try (CheckpointRecorder r = CheckpointRecorder.open(s, RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            for (int i = 0; i < values.length; i++) {
                r.parametersIssued(i, JsonObject.builder().put("x", i).build());
                r.finalResultReceived(i, "T" + i, JsonFloat.of(values[i]));
            }
            r.trialEnded("T0", 0L, "SUCCEEDED");
            r.parametersIssued(values.length, JsonObject.builder().put("x", values.length).build());
        }
        try (Stream<Path> files = Files.list(CheckpointLayout.root(dir))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.setLastModifiedTime(f, FileTime.from(t));
            }
        }
        return dir;
    }

    private static List<String> lines(String text) {
        return Arrays.asList(text.split("\\R"));
    }
}
