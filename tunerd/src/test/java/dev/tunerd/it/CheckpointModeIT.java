package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What an unusable checkpoint directory does under {@code --checkpoint-mode}: required (the default when
 * {@code NNI_CHECKPOINT_DIRECTORY} is set) stops the start-up with exit 2 and a message naming the path; best-effort
 * logs an error and runs the experiment without a checkpoint.
 */
@Timeout(120)
class CheckpointModeIT {

    private static final String GRID = "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"GridSearch\"}}";

    private static TunerdProcess start(Path checkpointDirectory, String... args) throws Exception {
        return TunerdProcess.start(GRID, Map.of("NNI_CHECKPOINT_DIRECTORY", checkpointDirectory.toString()), args);
    }

    @Test
    void requiredIsTheDefaultAndAMissingDirectoryStopsTheStart() throws Exception {
        Path missing = Files.createTempDirectory("ckpt-mode").resolve("no-such-dir");
        try (TunerdProcess p = start(missing)) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(30)), p.stderr());
            assertTrue(p.stderr().contains("cannot open the checkpoint in " + missing), p.stderr());
            assertTrue(p.stderr().contains("--checkpoint-mode"), p.stderr());
        }
    }

    @Test
    void requiredWithADirectoryThatIsAFileStopsTheStart() throws Exception {
        Path file = Files.createTempFile("ckpt-mode", ".txt");
        Files.writeString(file, "not a directory", StandardCharsets.UTF_8);
        try (TunerdProcess p = start(file, "--checkpoint-mode", "required")) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(30)), p.stderr());
            assertTrue(p.stderr().contains(file.toString()), p.stderr());
        }
    }

    @Test
    void bestEffortRunsWithoutACheckpoint() throws Exception {
        Path missing = Files.createTempDirectory("ckpt-mode").resolve("no-such-dir");
        try (TunerdProcess p = start(missing, "--checkpoint-mode", "best-effort")) {
            p.send(CommandType.INITIALIZE, "{\"x\": {\"_type\": \"choice\", \"_value\": [1, 2]}}");
            assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(CommandType.NEW_TRIAL_JOB, p.reply().type());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
            assertTrue(p.dispatcherLog().contains("continuing WITHOUT a checkpoint"), p.dispatcherLog());
            assertTrue(Files.notExists(missing));
        }
    }

    @Test
    void requiredWithoutACheckpointDirectoryIsAUsageError() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(GRID, Map.of(), "--checkpoint-mode", "required")) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(30)), p.stderr());
            assertTrue(p.stderr().contains("needs NNI_CHECKPOINT_DIRECTORY"), p.stderr());
        }
    }

    @Test
    void anUnknownModeIsAUsageError() throws Exception {
        try (TunerdProcess p = start(Files.createTempDirectory("ckpt-mode"), "--checkpoint-mode", "sometimes")) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(30)), p.stderr());
            assertTrue(p.stderr().contains("'sometimes' is not one of required, best-effort, off"), p.stderr());
        }
    }
}
