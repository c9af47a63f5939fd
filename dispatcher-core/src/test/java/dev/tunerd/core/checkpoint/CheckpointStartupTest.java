package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStartupTest {
    @TempDir
    Path dir;

    @Test
    void resumeContinuesFromTheCheckpoint() {
        record(5);
        CheckpointStartup s = CheckpointStartup.begin(settings(CheckpointMode.REQUIRED), true);
        assertEquals(5, s.recovered().issuedParameters().size());
        assertEquals(5, s.minimumNextParameterId());
        assertTrue(s.fallbackReason().isEmpty());
        s.recorder().parametersIssued(5, ScriptedExperiment.params(5));
        s.recorder().close();
        assertEquals(6, CheckpointReader.read(dir).issuedParameters().size());
    }

    @Test
    void aDamagedCheckpointFallsBackKeepsAnIdFloorAndSetsTheFilesAside() throws Exception {
        record(5);
        Path segment = CheckpointLayout.segment(CheckpointLayout.root(dir), 0);
        byte[] b = Files.readAllBytes(segment);
        long third = SegmentReader.parse(segment, b, JournalFormat.JOURNAL_MAGIC, false).frames().stream()
            .filter(f -> f.type() == RecordType.PARAMETERS_ISSUED).skip(2).findFirst().orElseThrow().offset();
        b[(int) third + 12] ^= 0x10;
        Files.write(segment, b);
        CheckpointStartup s = CheckpointStartup.begin(settings(CheckpointMode.REQUIRED), true);
        assertTrue(s.fallbackReason().orElseThrow().contains("corrupt at byte offset " + third),
            s.fallbackReason().get());
        assertTrue(s.recovered().isEmpty());
        assertEquals(3, s.minimumNextParameterId(), "ids 0..1 were issued and id 2 reserved before the damage");
        assertTrue(s.recorder().isActive());
        s.recorder().close();
        assertTrue(CheckpointReader.read(dir).issuedParameters().isEmpty());
    }

    @Test
    void aFreshStartReadsNothingAndAnOffModeWritesNothing() {
        record(3);
        CheckpointStartup fresh = CheckpointStartup.begin(settings(CheckpointMode.REQUIRED), false);
        assertTrue(fresh.recovered().isEmpty());
        fresh.recorder().close();
        CheckpointStartup off = CheckpointStartup.begin(settings(CheckpointMode.OFF), true);
        assertFalse(off.recorder().isActive());
    }

    @Test
    void requiredModeStillFailsWhenTheDirectoryIsMissing() {
        CheckpointSettings missing = ScriptedExperiment.settings(dir.resolve("gone"), CheckpointMode.REQUIRED);
        assertThrows(CheckpointException.class, () -> CheckpointStartup.begin(missing, true));
    }

    private void record(int trials) {
        try (CheckpointRecorder r = CheckpointRecorder.open(settings(CheckpointMode.REQUIRED), RecoveredState.empty(),
            ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, trials);
        }
    }

    private CheckpointSettings settings(CheckpointMode mode) {
        return ScriptedExperiment.settings(dir, mode);
    }
}
