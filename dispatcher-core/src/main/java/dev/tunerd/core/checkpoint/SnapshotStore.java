package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Writes and reads {@code snapshot.bin}: written whole to {@code snapshot.bin.tmp}, forced, renamed over the old
 * snapshot with an atomic move, then the directory is forced, so a crash at any instant leaves either the old or the
 * new snapshot. Stateless; thread-safe for distinct directories.
 */
final class SnapshotStore {

    /** A snapshot read back: the last journal segment it covers, and the state. */
    record Loaded(long coveredSequence, RecoveredState state) {
    }

    private SnapshotStore() {
    }

    static void write(ChannelOpener opener, Path root, RecoveredState state, long coveredSequence)
        throws IOException {
        Path tmp = root.resolve(CheckpointLayout.SNAPSHOT_TMP);
        byte[] header = JournalFormat.header(JournalFormat.SNAPSHOT_MAGIC, coveredSequence);
        byte[] frame = JournalFormat.frame(RecordType.SNAPSHOT, StateCodec.bytes(StateCodec.snapshot(state)));
        try (FileChannel ch = opener.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
            ByteBuffer all = ByteBuffer.allocate(header.length + frame.length).put(header).put(frame).flip();
            while (all.hasRemaining()) {
                ch.write(all);
            }
            ch.force(true);
        }
        Files.move(tmp, root.resolve(CheckpointLayout.SNAPSHOT), StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(opener, root);
    }

    /** The snapshot in {@code root}, if there is one; damage is a {@link CorruptCheckpointException}. */
    static Optional<Loaded> read(Path root) {
        Path file = root.resolve(CheckpointLayout.SNAPSHOT);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        SegmentReader.Segment s = SegmentReader.read(file, JournalFormat.SNAPSHOT_MAGIC, false);
        if (s.framesOrThrow().size() != 1 || s.frames().get(0).type() != RecordType.SNAPSHOT) {
            throw new CorruptCheckpointException(file, JournalFormat.HEADER_BYTES, "expected exactly one snapshot"
                + " record, found " + s.frames().size() + " records", null);
        }
        try {
            return Optional.of(new Loaded(s.sequence(),
                StateCodec.fromSnapshot(StateCodec.parse(s.frames().get(0).payload()))));
        } catch (CheckpointException | IllegalArgumentException | ArithmeticException e) {
            throw new CorruptCheckpointException(file, JournalFormat.HEADER_BYTES, "snapshot content is not valid: "
                + e.getMessage(), null);
        }
    }

    /** Forces a directory so that renames, creations and deletions in it are durable (where the platform can). */
    static void syncDirectory(ChannelOpener opener, Path dir) throws IOException {
        FileChannel ch;
        try {
            ch = opener.open(dir, StandardOpenOption.READ);
        } catch (IOException e) {
            return; // platforms (Windows) that cannot open a directory make renames durable themselves
        }
        try (ch) {
            ch.force(true);
        }
    }
}
