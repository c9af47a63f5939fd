package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.NavigableMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotRolloverTest {
    @TempDir
    Path dir;

    @Test
    void aFullSegmentIsFoldedIntoASnapshotAndOldSegmentsAreDeleted() {
        CheckpointSettings s = ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED).withRolloverBytes(600);
        try (CheckpointRecorder r = CheckpointRecorder.open(s, RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 40);
        }
        NavigableMap<Long, Path> segments = CheckpointLayout.segments(CheckpointLayout.root(dir));
        assertEquals(1, segments.size(), segments.toString());
        assertTrue(segments.firstKey() > 5, "rolled over only to " + segments.firstKey());
        RecoveredState state = CheckpointReader.read(dir);
        assertEquals(40, state.issuedParameters().size());
        assertEquals(40, state.results().size());
        assertEquals(41, state.endedTrials().size());
        assertEquals(new Watermark(39, 39, 39, 1), state.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow()
            .covered());
    }

    @Test
    void aSnapshotWriteThatFailsLeavesTheOldSnapshot() throws IOException {
        Path root = Files.createDirectories(CheckpointLayout.root(dir));
        RecoveredState old = stateWithIssued(3);
        SnapshotStore.write(ChannelOpener.DEFAULT, root, old, 4);
        assertThrows(IOException.class, () -> SnapshotStore.write(FailingChannel.diskWithFreeBytes(100), root,
            stateWithIssued(9), 7));
        assertTrue(Files.exists(root.resolve(CheckpointLayout.SNAPSHOT_TMP)), "the failed write left its temp file");
        SnapshotStore.Loaded loaded = SnapshotStore.read(root).orElseThrow();
        assertEquals(4, loaded.coveredSequence());
        assertEquals(old.issuedParameters(), loaded.state().issuedParameters());
        RecoveredState read = CheckpointReader.read(dir);
        assertEquals(3, read.issuedParameters().size());
        assertTrue(read.warnings().stream().anyMatch(w -> w.contains("unfinished snapshot")), read.warnings()
            .toString());
    }

    @Test
    void aSnapshotWriteThatSucceedsReplacesTheOldOneWhole() throws IOException {
        Path root = Files.createDirectories(CheckpointLayout.root(dir));
        SnapshotStore.write(ChannelOpener.DEFAULT, root, stateWithIssued(3), 4);
        SnapshotStore.write(ChannelOpener.DEFAULT, root, stateWithIssued(9), 7);
        SnapshotStore.Loaded loaded = SnapshotStore.read(root).orElseThrow();
        assertEquals(7, loaded.coveredSequence());
        assertEquals(9, loaded.state().issuedParameters().size());
        assertEquals(List.of(), CheckpointReader.read(dir).warnings());
    }

    private static RecoveredState stateWithIssued(int n) {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        for (int i = 0; i < n; i++) {
            acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(i, ScriptedExperiment.params(i)));
        }
        return acc.toState(List.of());
    }
}
