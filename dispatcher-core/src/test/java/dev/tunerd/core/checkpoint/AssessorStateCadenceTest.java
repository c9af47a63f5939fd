package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonInt;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The assessor's growing state is saved at most once per maxUnforcedMillis (here, on a clock that stands still). */
class AssessorStateCadenceTest {

    @TempDir
    Path dir;

    @Test
    void anAssessorStateIsNotWantedAgainWithinTheInterval() {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            assertTrue(r.wantsAssessorState());
            r.assessorStateSaved(JsonInt.of(1));
            assertFalse(r.wantsAssessorState());
            assertTrue(r.wantsTunerState());
            assertEquals(JsonInt.of(1), r.currentState().algorithmSnapshot(AlgorithmRole.ASSESSOR).orElseThrow().state());
        }
    }

    @Test
    void withEveryRecordForcedEveryAssessorStateIsWanted() {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED)
            .withMaxUnforcedMillis(0), RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            r.assessorStateSaved(JsonInt.of(1));
            assertTrue(r.wantsAssessorState());
        }
    }

    @Test
    void nothingIsWantedWhenTheCheckpointIsOff() {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.OFF),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            assertFalse(r.wantsAssessorState());
            assertFalse(r.wantsTunerState());
        }
    }
}
