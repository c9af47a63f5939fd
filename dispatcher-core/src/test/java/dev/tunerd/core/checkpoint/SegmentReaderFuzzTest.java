package dev.tunerd.core.checkpoint;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz target: the checkpoint segment reader (header, record frames, CRC32C, torn-tail rule) and the payload
 * decoding a resume applies to every record it returns. Any bytes, read as the last segment (torn tail tolerated), a
 * middle segment or a snapshot (also as a {@code snapshot.bin} file read a frame at a time), may only yield records
 * or fail with {@link CheckpointException} (of which {@link CorruptCheckpointException} is one). Replayed from {@code SegmentReaderFuzzTestInputs/} in every build.
 */
class SegmentReaderFuzzTest {

    private static final Path FILE = Path.of("fuzz", "journal-0000000000000000.log");
    private static final Path SNAPSHOT_DIR = Path.of("target", "fuzz-snapshot");

    @FuzzTest(maxDuration = "2m")
    void anyBytesReadAsRecordsOrFailWithACheckpointError(byte[] input) {
        for (byte[] magic : new byte[][] {JournalFormat.JOURNAL_MAGIC, JournalFormat.SNAPSHOT_MAGIC}) {
            for (boolean lastSegment : new boolean[] {true, false}) {
                try {
                    SegmentReader.Segment segment = SegmentReader.parse(FILE, input, magic, lastSegment);
                    StateAccumulator state = new StateAccumulator(RecoveredState.empty());
                    for (SegmentReader.Frame f : segment.framesOrThrow()) {
                        if (f.type() == RecordType.SNAPSHOT) {
                            StateCodec.fromSnapshot(StateCodec.parse(f.payload()));
                        } else {
                            state.apply(f.type(), StateCodec.parse(f.payload()));
                        }
                    }
                    state.toState(java.util.List.of());
                } catch (CheckpointException expected) {
                    // reported as damage (resume falls back) or as a checkpoint that cannot be read
                }
            }
        }
        readAsSnapshotFile(input);
    }

    /** The same bytes as {@code snapshot.bin}, read a frame at a time as a resume reads it (SNAPSHOT version 4). */
    private static void readAsSnapshotFile(byte[] input) {
        try {
            Path root = Files.createDirectories(SNAPSHOT_DIR);
            Files.write(root.resolve(CheckpointLayout.SNAPSHOT), input);
            SnapshotStore.read(root);
        } catch (CheckpointException expected) {
            // damage, or a newer format
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
