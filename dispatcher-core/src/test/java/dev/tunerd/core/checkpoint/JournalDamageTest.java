package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncation at every byte offset, flipped bytes, missing segments: recovery never crashes. */
class JournalDamageTest {
    @TempDir
    Path dir;
    private Path segment;
    private byte[] journal;
    private RecoveredState full;

    @BeforeEach
    void record() throws Exception {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 3);
        }
        segment = CheckpointLayout.segment(CheckpointLayout.root(dir), 0);
        journal = Files.readAllBytes(segment);
        full = CheckpointReader.read(dir);
    }

    @Test
    void truncationAtEveryOffsetLosesOnlyTheTornTail() throws Exception {
        List<Integer> ends = frameEnds(journal);
        for (int n = 0; n <= journal.length; n++) {
            final int length = n;
            Files.write(segment, Arrays.copyOf(journal, length));
            RecoveredState s;
            try {
                s = CheckpointReader.read(dir);
            } catch (RuntimeException e) {
                throw new AssertionError("truncation to " + length + " bytes was not tolerated", e);
            }
            int wholeFrames = (int) Math.max(0, ends.stream().filter(end -> end <= length).count() - 1);
            assertEquals(!ends.contains(length), !s.warnings().isEmpty(),
                "warning at length " + length + ": " + s.warnings());
            assertEquals(expectedIssued(wholeFrames), s.issuedParameters().size(), "issued at length " + length);
            assertTrue(s.nextParameterId() <= full.nextParameterId());
        }
    }

    @Test
    void truncatedSnapshotIsReportedAsCorruptAtEveryOffset() throws Exception {
        Path snapshot = CheckpointLayout.root(dir).resolve(CheckpointLayout.SNAPSHOT);
        byte[] bytes = Files.readAllBytes(snapshot);
        for (int length = 0; length < bytes.length; length++) {
            Files.write(snapshot, Arrays.copyOf(bytes, length));
            CorruptCheckpointException e = assertThrows(CorruptCheckpointException.class,
                () -> CheckpointReader.read(dir), "length " + length);
            assertEquals(snapshot, e.file());
        }
    }

    @Test
    void aFlippedByteInTheMiddleIsCorruptionNamingFileAndOffset() throws Exception {
        List<Integer> ends = frameEnds(journal);
        int recordStart = ends.get(4);
        byte[] damaged = journal.clone();
        damaged[recordStart + 12] ^= 0x20;
        Files.write(segment, damaged);
        CorruptCheckpointException e = assertThrows(CorruptCheckpointException.class, () -> CheckpointReader.read(dir));
        assertEquals(segment, e.file());
        assertEquals(recordStart, e.offset());
        assertTrue(e.getMessage().contains(segment.toString()) && e.getMessage().contains("offset " + recordStart),
            e.getMessage());
        assertEquals(expectedIssued(4), e.validPrefix().orElseThrow().issuedParameters().size());
    }

    @Test
    void everyFlippedByteIsEitherToleratedAtTheTailOrReported() {
        List<Integer> ends = frameEnds(journal);
        int lastStart = ends.get(ends.size() - 2);
        for (int i = 0; i < journal.length; i++) {
            byte[] damaged = journal.clone();
            damaged[i] ^= 0x01;
            SegmentReader.Segment s;
            try {
                s = SegmentReader.parse(segment, damaged, JournalFormat.JOURNAL_MAGIC, true);
            } catch (CorruptCheckpointException e) {
                assertTrue(i < JournalFormat.HEADER_BYTES, "only header damage is thrown, not at " + i);
                continue;
            }
            final int at = i;
            if (i < lastStart) {
                assertTrue(s.damage().isPresent(), "damage at " + i + " before the last record was not reported");
                assertEquals(ends.stream().filter(e -> e <= at).max(Integer::compare).orElseThrow(),
                    (int) s.damage().get().offset(), "offset of damage at " + i);
            } else {
                assertTrue(s.damage().isEmpty() && s.tornTail().isPresent(), "damage in the last record at " + i);
            }
        }
    }

    @Test
    void aMissingSegmentIsCorruption() throws Exception {
        Path root = CheckpointLayout.root(dir);
        Files.write(CheckpointLayout.segment(root, 2), JournalFormat.header(JournalFormat.JOURNAL_MAGIC, 2));
        CorruptCheckpointException e = assertThrows(CorruptCheckpointException.class, () -> CheckpointReader.read(dir));
        assertTrue(e.getMessage().contains("segment 1 is missing"), e.getMessage());
    }

    @Test
    void aFileThatIsNotACheckpointIsNamed() throws Exception {
        Files.writeString(segment, "hello, this is not a journal at all");
        CorruptCheckpointException e = assertThrows(CorruptCheckpointException.class, () -> CheckpointReader.read(dir));
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains("bad magic"), e.getMessage());
    }

    @Test
    void aNewerFormatVersionIsRefusedNotTreatedAsDamage() throws Exception {
        byte[] newer = journal.clone();
        ByteBuffer.wrap(newer).putShort(8, (short) 2);
        ByteBuffer.wrap(newer).putInt(20, JournalFormat.crc(newer, 0, 20));
        Files.write(segment, newer);
        CheckpointException e = assertThrows(CheckpointException.class, () -> CheckpointReader.read(dir));
        assertFalse(e instanceof CorruptCheckpointException);
        assertTrue(e.getMessage().contains("format version 2"), e.getMessage());
    }

    /** Issued count after the first {@code frames} records of the scripted run (ids start at frame 2). */
    private int expectedIssued(int frames) {
        int issued = 0;
        int seen = 0;
        for (SegmentReader.Frame f : SegmentReader.parse(segment, journal, JournalFormat.JOURNAL_MAGIC, false)
            .frames()) {
            if (seen++ == frames) {
                break;
            }
            issued += f.type() == RecordType.PARAMETERS_ISSUED ? 1 : 0;
        }
        return issued;
    }

    private static List<Integer> frameEnds(byte[] bytes) {
        List<Integer> ends = new ArrayList<>();
        int pos = JournalFormat.HEADER_BYTES;
        ends.add(pos);
        while (pos < bytes.length) {
            pos += JournalFormat.FRAME_HEADER_BYTES + ByteBuffer.wrap(bytes).getInt(pos);
            ends.add(pos);
        }
        if (pos != bytes.length) {
            fail("frames do not end at the file's end");
        }
        return ends;
    }
}
