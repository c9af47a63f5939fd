package dev.tunerd.core.channel.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the Python tests of the launch integration (nni/tests: the custom-tuner launcher and scripts/tunerd-python)
 * as part of the build. They need only python3 and bash, not NNI; without python3 the test is skipped.
 */
class NniLaunchScriptsTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void launcherAndInterpreterStandInPassTheirTests() throws Exception {
        assumeTrue(onPath("python3"), "python3 is not installed");
        Path repo = repositoryRoot();
        Process p = new ProcessBuilder("python3", "-B", "-m", "unittest", "discover", "-s", "tests", "-v")
            .directory(repo.resolve("nni").toFile())
            .redirectErrorStream(true)
            .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(100, TimeUnit.SECONDS), "python tests did not finish");
        assertEquals(0, p.exitValue(), output);
        Matcher ran = Pattern.compile("Ran (\\d+) tests?").matcher(output);
        assertTrue(ran.find() && Integer.parseInt(ran.group(1)) >= 10, output);
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("nni/tunerd_launcher.py"))) {
                return dir;
            }
        }
        throw new AssertionError("nni/tunerd_launcher.py not found above " + Path.of("").toAbsolutePath());
    }

    private static boolean onPath(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", "command -v " + command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }
}
