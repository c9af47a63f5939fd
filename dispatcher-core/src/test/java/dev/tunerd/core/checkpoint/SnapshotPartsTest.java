package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonObject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot is written and read a part at a time (SNAPSHOT version 4), so neither side holds the whole history as
 * one JSON tree, one string and several byte copies (a resume after 300,000 trials peaked at 1,359 MiB); version-3
 * one-record snapshots are still read.
 */
class SnapshotPartsTest {
    @TempDir
    Path dir;

    private RecoveredState run(int trials) {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, trials);
        }
        RecoveredState journal = CheckpointReader.read(dir);
        CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED), journal,
            ExistingFiles.SUPERSEDE).close(); // folds everything into snapshot.bin
        return journal;
    }

    private List<SegmentReader.Frame> frames() {
        List<SegmentReader.Frame> all = new ArrayList<>();
        try (SnapshotFrames f = SnapshotFrames.open(CheckpointLayout.root(dir).resolve(CheckpointLayout.SNAPSHOT))) {
            for (SegmentReader.Frame x = f.next(); x != null; x = f.next()) {
                all.add(x);
            }
        }
        return all;
    }

    @Test
    void aLargeSnapshotIsAHeadAndPartsOfAThousandEntriesAndReadsBackTheSame() throws IOException {
        RecoveredState journal = run(2_500);
        List<SegmentReader.Frame> frames = frames();
        assertEquals(RecordType.SNAPSHOT, frames.get(0).type());
        assertEquals(4, frames.get(0).version());
        // issued 3 parts, results 3, ended 3 (2,501 ends), imported 1
        assertEquals(1 + 3 + 3 + 3 + 1, frames.size());
        long file = Files.size(CheckpointLayout.root(dir).resolve(CheckpointLayout.SNAPSHOT));
        int largest = frames.stream().mapToInt(f -> f.payload().length).max().orElseThrow();
        assertTrue(largest < file / 4, "largest record " + largest + " bytes of a " + file + "-byte snapshot");
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(journal.issuedParameters(), s.issuedParameters());
        assertEquals(journal.results(), s.results());
        assertEquals(journal.endedTrials(), s.endedTrials());
        assertEquals(journal.importedData(), s.importedData());
        assertEquals(journal.algorithmSnapshots(), s.algorithmSnapshots());
        assertEquals(journal.nextParameterId(), s.nextParameterId());
        assertEquals(journal.searchSpace(), s.searchSpace());
        assertEquals(journal.trialTimes().issued(), s.trialTimes().issued());
    }

    @Test
    void aVersion3OneRecordSnapshotIsStillRead() throws IOException {
        RecoveredState journal = run(40);
        JsonObject whole = StateCodec.snapshot(journal);
        byte[] payload = StateCodec.bytes(whole);
        byte[] frame = JournalFormat.frame(RecordType.SNAPSHOT, payload);
        frame[9] = 3; // written by a tunerd before the parts
        ByteBuffer.wrap(frame).putInt(4, JournalFormat.crc(frame, 8, 2 + payload.length));
        Path snapshot = CheckpointLayout.root(dir).resolve(CheckpointLayout.SNAPSHOT);
        byte[] header = java.util.Arrays.copyOf(Files.readAllBytes(snapshot), JournalFormat.HEADER_BYTES);
        Files.write(snapshot, ByteBuffer.allocate(header.length + frame.length).put(header).put(frame).array());
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(journal.issuedParameters(), s.issuedParameters());
        assertEquals(journal.results(), s.results());
        assertEquals(journal.algorithmSnapshots(), s.algorithmSnapshots());
    }

    @Test
    void aSnapshotPartInsideAJournalIsNotValidContent() {
        CheckpointException e = assertThrows(CheckpointException.class, () -> new StateAccumulator(
            RecoveredState.empty()).apply(RecordType.SNAPSHOT_PART, JsonObject.builder().put("issued",
            new dev.tunerd.spi.json.JsonArray(List.of())).build()));
        assertTrue(e.getMessage().contains("snapshot part"), e.getMessage());
    }

    @Test
    void aDamagedPartIsCorruptionNamingItsOffset() throws IOException {
        run(1_500);
        Path snapshot = CheckpointLayout.root(dir).resolve(CheckpointLayout.SNAPSHOT);
        byte[] bytes = Files.readAllBytes(snapshot);
        long second = frames().get(2).offset();
        bytes[(int) second + 20] ^= 1;
        Files.write(snapshot, bytes);
        CorruptCheckpointException e = assertThrows(CorruptCheckpointException.class, () -> CheckpointReader.read(dir));
        assertEquals(second, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
    }
}
