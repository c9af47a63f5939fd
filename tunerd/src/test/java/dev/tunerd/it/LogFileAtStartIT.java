package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every start writes its log to {@code $NNI_LOG_DIRECTORY/dispatcher.log}. Logging is initialised on a thread of
 * its own while the warm-up runs on another; when the warm-up took a logger first, SLF4J handed the configuration a
 * substitute factory and about one start in 40 logged to stderr only. Many short starts catch that kind of race.
 */
@Timeout(120)
class LogFileAtStartIT {

    private static final int STARTS = 40;

    @Test
    void everyStartWritesDispatcherLog() throws Exception {
        for (int i = 0; i < STARTS; i++) {
            Path dir = Files.createTempDirectory("tunerd-log-start");
            try {
                ProcessBuilder pb = new ProcessBuilder(TunerdProcess.launcher(), "--tuner", "Random")
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
                pb.environment().put("NNI_LOG_DIRECTORY", dir.toString());
                pb.environment().remove("NNI_TUNER_COMMAND_CHANNEL");
                Process p = pb.start();
                assertTrue(p.waitFor(Duration.ofSeconds(30).toMillis(), TimeUnit.MILLISECONDS), "start " + i);
                assertEquals(0, p.exitValue(), "start " + i);
                Path log = dir.resolve("dispatcher.log");
                String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no dispatcher.log)";
                assertTrue(text.contains("Tuner: Random") && text.contains("Dispatcher started")
                    && text.contains("Dispatcher terminiated"), "start " + i + " of " + STARTS + ": " + text);
            } finally {
                try (var files = Files.list(dir)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(dir);
            }
        }
    }
}
