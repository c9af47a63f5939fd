package dev.tunerd.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.simulator.manager.FakeDaemons;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimulateCommandTest {

    @TempDir
    Path dir;

    private int execute(StringWriter err, StringWriter out, String... args) {
        CommandLine cli = new CommandLine(new SimulateCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(out, true));
        return cli.execute(args);
    }

    @Test
    void writesSummaryJsonlAndReportAndNothingOnStdout() throws Exception {
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        String daemon = String.join(" ", FakeDaemons.command().prefix());
        int code = execute(err, out, "--tuner", "Random", "--problem", "mixed", "--trials", "7", "--concurrency", "2",
            "--out", dir.toString(), "--daemon-command", daemon);
        assertEquals(0, code, err.toString());
        assertEquals("", out.toString());
        assertTrue(err.toString().contains("regret") && err.toString().contains("report: "), err.toString());
        assertEquals(7, Files.readAllLines(dir.resolve("trials.jsonl"), StandardCharsets.UTF_8).size());
        assertTrue(Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8).contains("<svg"));
    }

    @Test
    void anUnknownProblemIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = execute(err, new StringWriter(), "--tuner", "Random", "--problem", "nope", "--trials", "3",
            "--out", dir.toString(), "--daemon-command", "true");
        assertEquals(2, code);
        assertTrue(err.toString().contains("unknown problem \"nope\""), err.toString());
    }

    /** classArgs that are no JSON object were a stack trace and exit 1 (issue 13 hardening): a bad option, exit 2. */
    @Test
    void classArgsThatAreNoObjectAreAUsageError() {
        for (String[] bad : List.of(new String[] {"--tuner-args", "[1]"}, new String[] {"--tuner-args", "{\"R\": "},
            new String[] {"--assessor", "Medianstop", "--assessor-args", "\"x\""})) {
            StringWriter err = new StringWriter();
            List<String> args = new ArrayList<>(List.of("--tuner", "Hyperband", "--problem", "curves", "--trials", "3",
                "--out", dir.toString(), "--daemon-command", "true"));
            args.addAll(List.of(bad));
            int code = execute(err, new StringWriter(), args.toArray(String[]::new));
            assertEquals(2, code, err.toString());
            assertTrue(err.toString().startsWith("tunerd simulate: "), err.toString());
            assertTrue(err.toString().contains(bad[bad.length - 2] + ": "), "names the option: " + err);
            assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
        }
    }

    /**
     * classArgs out of range reach only the daemon, which names the key and exits 2 (a usage error); simulate said
     * exit 1, "the experiment failed". Stands in for the daemon: a program that exits 2 on the options it is given.
     */
    @Test
    void aDaemonThatRefusesItsOptionsIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = execute(err, new StringWriter(), "--tuner", "Random", "--problem", "curves", "--trials", "3",
            "--out", dir.toString(), "--daemon-command", "ls --no-such-option-harden");
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains("exited with code 2"), err.toString());
    }

    /**
     * A --concurrency above what one GE may ask for (1,000,000) reached the daemon, which answered ER: its stack trace
     * and exit 1 (issue 13, session 33). Now a usage error naming the range, before any daemon starts.
     */
    @Test
    void aConcurrencyAboveTheDaemonsLimitIsAUsageError() {
        for (String c : List.of("1000001", "2147483647")) {
            StringWriter err = new StringWriter();
            int code = execute(err, new StringWriter(), "--tuner", "Random", "--problem", "mixed", "--trials", "3",
                "--concurrency", c, "--out", dir.toString(), "--daemon-command", "true");
            assertEquals(2, code, err.toString());
            assertTrue(err.toString().contains("--concurrency must be between 1 and 1000000, got " + c), err.toString());
        }
    }

    /** An existing file as --out was a FileAlreadyExistsException's stack trace and exit 1. */
    @Test
    void aFileAsTheOutputDirectoryIsAUsageError() throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        StringWriter err = new StringWriter();
        int code = execute(err, new StringWriter(), "--tuner", "Random", "--problem", "mixed", "--trials", "3",
            "--out", file.toString(), "--daemon-command", "true");
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains("it is a file, not a directory"), err.toString());
        assertEquals("x", Files.readString(file), "left alone");
    }
}
