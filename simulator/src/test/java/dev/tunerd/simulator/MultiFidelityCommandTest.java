package dev.tunerd.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultiFidelityCommandTest {

    private record Result(int code, String err, String out) {
    }

    private static Result execute(String... args) {
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        picocli.CommandLine cli = new picocli.CommandLine(new MultiFidelityCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(out, true));
        return new Result(cli.execute(args), err.toString(), out.toString());
    }

    @Test
    void theHelpListsTheLearningCurveProblemsOnly() {
        Result r = execute("--help");
        assertEquals(0, r.code());
        String help = r.out().replaceAll("\\s+", " ");
        for (String p : new String[] {"curves,", "longcrossing,", "curves60,", "stepdecay,", "overfit,", "noisycurves,",
            "warmcosine,", "unstable,", "noisystart,", "adamsgd,", "sgdr,", "plateau,", "labelnoise,", "finetune"}) {
            assertTrue(help.contains(p), p + " in " + help);
        }
        assertFalse(help.contains("branin"), help);
    }

    @Test
    void aSetSizeOutsideOneToTheSeedsOrNotDividingThemIsAUsageErrorNamingTheFlag() {
        for (String bad : new String[] {"0", "-1", "41", "30", "3"}) {
            Result r = execute("--seeds", "40", "--set-size", bad, "--algorithms", "Random");
            assertEquals(2, r.code(), bad + ": " + r.err());
            assertTrue(r.err().contains("--set-size must be 1..40 and divide --seeds 40, got " + bad), r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void aSetSizeAtTheEdgesPassesToThePlan() {
        for (String good : new String[] {"1", "40", "20"}) {
            // an unknown contender stops the plan before any daemon starts: the set size was accepted
            Result r = execute("--seeds", "40", "--set-size", good, "--algorithms", "NoSuchAlgorithm");
            assertEquals(2, r.code(), good + ": " + r.err());
            assertTrue(r.err().contains("unknown algorithm \"NoSuchAlgorithm\""), r.err());
            assertFalse(r.err().contains("--set-size"), r.err());
        }
    }

    @Test
    void anOutputFileThatCannotBeWrittenIsAUsageErrorNamingTheFlagBeforeAnyRun(@TempDir Path dir) {
        String missing = dir.resolve("no-such-dir").resolve("mf.html").toString();
        for (String flag : new String[] {"--html", "--out", "--per-run"}) {
            Result r = execute("--seeds", "2", "--algorithms", "Random", flag, missing);
            assertEquals(2, r.code(), flag + ": " + r.err());
            assertTrue(r.err().contains("tunerd bench multifidelity: " + flag + " " + missing
                + ": its directory does not exist"), r.err());
            assertFalse(r.err().contains("bench multifidelity: 1/"), "no run started: " + r.err());
            assertEquals("", r.out());
        }
        Result r = execute("--seeds", "2", "--algorithms", "Random", "--html", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--html " + dir + ": is a directory"), r.err());
    }

    @Test
    void aWritableHtmlPathPassesToThePlan(@TempDir Path dir) {
        // an unknown contender stops the plan before any daemon starts: the path was accepted
        Result r = execute("--seeds", "2", "--algorithms", "NoSuchAlgorithm", "--html", dir.resolve("mf.html")
            .toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("unknown algorithm \"NoSuchAlgorithm\""), r.err());
        assertFalse(Files.exists(dir.resolve("mf.html")), "nothing written for a run that did not happen");
    }

    @Test
    void maximizeIsAFlagTheHelpExplains() {
        Result help = execute("--help");
        assertEquals(0, help.code());
        String text = help.out().replaceAll("\\s+", " "); // picocli wraps the description
        assertTrue(text.contains("--maximize the mirror run: trials report the score 1 - loss / 4"), help.out());
        assertTrue(text.contains("a contender takes more classArgs as <name>#key=value;key=value"), help.out());
        Result valued = execute("--maximize=yes", "--algorithms", "Random");
        assertEquals(2, valued.code(), valued.err());
        assertTrue(valued.err().contains("--maximize"), valued.err());
        assertEquals("", valued.out());
        // with the flag, an unknown contender still stops the plan before any daemon starts
        Result r = execute("--maximize", "--seeds", "2", "--algorithms", "NoSuchAlgorithm");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("unknown algorithm \"NoSuchAlgorithm\""), r.err());
    }
}
