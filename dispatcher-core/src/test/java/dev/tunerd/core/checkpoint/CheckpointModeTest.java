package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CheckpointModeTest {
    private static final Optional<Path> DIR = Optional.of(Path.of("/tmp/exp/checkpoint"));

    @Test
    void defaultsToRequiredWithADirectoryAndOffWithout() {
        assertEquals(CheckpointMode.REQUIRED, CheckpointMode.resolve(Optional.empty(), DIR));
        assertEquals(CheckpointMode.OFF, CheckpointMode.resolve(Optional.empty(), Optional.empty()));
        assertEquals(CheckpointMode.BEST_EFFORT, CheckpointMode.resolve(Optional.of(CheckpointMode.BEST_EFFORT), DIR));
        assertEquals(CheckpointMode.OFF, CheckpointMode.resolve(Optional.of(CheckpointMode.BEST_EFFORT),
            Optional.empty()));
    }

    @Test
    void requiredWithoutADirectoryIsAConfigurationError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> CheckpointMode.resolve(Optional.of(CheckpointMode.REQUIRED), Optional.empty()));
        assertEquals("--checkpoint-mode required needs NNI_CHECKPOINT_DIRECTORY to be set", e.getMessage());
    }

    @Test
    void parsesTheOptionSpellings() {
        for (CheckpointMode m : CheckpointMode.values()) {
            assertEquals(m, CheckpointMode.parse(m.optionName()));
        }
        assertEquals("best-effort", CheckpointMode.BEST_EFFORT.optionName());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CheckpointMode.parse("maybe"));
        assertEquals("checkpoint mode 'maybe' is not one of required, best-effort, off", e.getMessage());
    }
}
