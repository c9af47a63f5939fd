package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The memory target of the model-based tuners issue: a 10,000-trial TPE run keeps the daemon's heap under 256 MB.
 * {@code tunerd simulate} runs the experiment with the daemon started through the launcher as NNI would, its heap
 * capped at 256 MB ({@code TUNERD_JAVA_OPTS}: the launcher's default flags plus {@code -Xmx256m}, and
 * {@code -XX:+ExitOnOutOfMemoryError} so that running out of heap ends the daemon, and so the run, at once). The run
 * must complete every trial, and the daemon's GC log (in {@code daemon.log}) must show that the cap was in force. Not
 * a timing test: the timeout only stops a hung run.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class LongTpeRunMemoryIT {
    private static final int TRIALS = 10_000;
    private static final Pattern COLLECTION = Pattern.compile("Pause \\w+ \\([^)]*\\) (\\d+)M->(\\d+)M\\((\\d+)M\\)");

    @Test
    void tenThousandTpeTrialsRunInA256MegabyteHeap() throws Exception {
        Path out = Files.createTempDirectory("tunerd-tpe-10k");
        ProcessBuilder pb = new ProcessBuilder(TunerdProcess.launcher(), "simulate", "--tuner", "TPE", "--problem",
            "hartmann6", "--trials", String.valueOf(TRIALS), "--seed", "1", "--out", out.toString())
            .redirectOutput(out.resolve("stdout.txt").toFile()).redirectError(out.resolve("stderr.txt").toFile());
        pb.environment().put("TUNERD_JAVA_OPTS", "-XX:+UseSerialGC -Xss512k -XX:TieredStopAtLevel=1 -Xmn16m -Xmx256m"
            + " -XX:+ExitOnOutOfMemoryError -Xlog:gc:stderr");
        Process p = pb.start();
        int exit = p.waitFor();
        String log = Files.readString(out.resolve("daemon.log"), StandardCharsets.UTF_8);
        assertEquals(0, exit, () -> "simulate failed; its stderr:\n" + read(out.resolve("stderr.txt"))
            + "\ndaemon.log tail:\n" + tail(log));
        assertFalse(log.contains("OutOfMemoryError"), () -> tail(log));
        List<String> trials = Files.readAllLines(out.resolve("trials.jsonl"), StandardCharsets.UTF_8);
        assertEquals(TRIALS, trials.size());
        Matcher m = COLLECTION.matcher(log);
        int collections = 0;
        int largestAfter = 0;
        while (m.find()) {
            collections++;
            largestAfter = Math.max(largestAfter, Integer.parseInt(m.group(2)));
            assertTrue(Integer.parseInt(m.group(3)) <= 256, m.group());
        }
        assertTrue(collections > 0, "the daemon's GC log is missing from daemon.log");
        System.err.printf("LongTpeRunMemoryIT: %d collections, largest heap after a collection %d MB%n", collections,
            largestAfter);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static String tail(String log) {
        return log.length() <= 4000 ? log : log.substring(log.length() - 4000);
    }
}
