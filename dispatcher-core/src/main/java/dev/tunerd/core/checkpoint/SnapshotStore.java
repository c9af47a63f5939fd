package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import dev.tunerd.spi.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * Writes and reads {@code snapshot.bin}: written whole to {@code snapshot.bin.tmp}, forced, renamed over the old
 * snapshot with an atomic move, then the directory is forced, so a crash at any instant leaves either the old or the
 * new snapshot. Stateless; thread-safe for distinct directories.
 */
final class SnapshotStore {

    /**
     * A snapshot read back: the last journal segment it covers, and the state read so far, as the accumulator that
     * read it, for the reader to continue with the journal (no copy of the history in between).
     */
    record Loaded(long coveredSequence, StateAccumulator accumulator) {
        /** A copy of the state the snapshot holds. */
        RecoveredState state() {
            return accumulator.toState(List.of());
        }
    }

    private SnapshotStore() {
    }

    /** Writes {@code state} (which may be a view of live collections: it is read here and not kept). */
    static void write(ChannelOpener opener, Path root, RecoveredState state, long coveredSequence)
        throws IOException {
        Path tmp = root.resolve(CheckpointLayout.SNAPSHOT_TMP);
        try (FileChannel ch = opener.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
            BufferedFrames out = new BufferedFrames(ch);
            out.write(JournalFormat.header(JournalFormat.SNAPSHOT_MAGIC, coveredSequence));
            out.write(JournalFormat.frame(RecordType.SNAPSHOT, StateCodec.bytes(StateCodec.snapshotHead(state))));
            StateCodec.snapshotParts(state, part -> out.write(JournalFormat.frame(RecordType.SNAPSHOT_PART,
                StateCodec.bytes(part))));
            out.flush();
            ch.force(true);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        Files.move(tmp, root.resolve(CheckpointLayout.SNAPSHOT), StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(opener, root);
    }

    /** Frames gathered into writes of about 1 MiB. */
    private static final class BufferedFrames {
        private final FileChannel channel;
        private ByteBuffer buffer = ByteBuffer.allocate(1 << 20);

        BufferedFrames(FileChannel channel) {
            this.channel = channel;
        }

        void write(byte[] bytes) {
            if (bytes.length > buffer.remaining()) {
                flush();
            }
            if (bytes.length > buffer.capacity()) {
                drain(ByteBuffer.wrap(bytes));
            } else {
                buffer.put(bytes);
            }
        }

        void flush() {
            buffer.flip();
            drain(buffer);
            buffer.clear();
        }

        private void drain(ByteBuffer b) {
            try {
                while (b.hasRemaining()) {
                    channel.write(b);
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * The snapshot in {@code root}, if there is one, read a record at a time; damage is a
     * {@link CorruptCheckpointException}. A version-4 snapshot is a head record and its parts; an older one is one
     * record holding everything.
     */
    static Optional<Loaded> read(Path root) {
        Path file = root.resolve(CheckpointLayout.SNAPSHOT);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try (SnapshotFrames frames = SnapshotFrames.open(file)) {
            SegmentReader.Frame head = frames.next();
            if (head == null || head.type() != RecordType.SNAPSHOT) {
                throw new CorruptCheckpointException(file, JournalFormat.HEADER_BYTES, "expected a snapshot record"
                    + " first, found " + (head == null ? "none" : head.type()), null);
            }
            JsonObject headJson = content(file, head, StateCodec::parse);
            if (head.version() < 4) {
                StateAccumulator whole = content(file, head, bytes -> StateCodec.wholeSnapshot(headJson));
                if (frames.next() != null) {
                    throw frames.damage("expected exactly one snapshot record in a version-" + head.version()
                        + " snapshot");
                }
                return Optional.of(new Loaded(frames.sequence(), whole));
            }
            StateAccumulator acc = content(file, head, bytes -> StateCodec.startSnapshot(headJson));
            for (SegmentReader.Frame f = frames.next(); f != null; f = frames.next()) {
                if (f.type() != RecordType.SNAPSHOT_PART) {
                    throw new CorruptCheckpointException(file, f.offset(), "expected a snapshot part, found "
                        + f.type(), null);
                }
                content(file, f, bytes -> {
                    StateCodec.applyPart(acc, StateCodec.parse(bytes), false);
                    return null;
                });
            }
            return Optional.of(new Loaded(frames.sequence(), content(file, head,
                bytes -> StateCodec.finishSnapshot(acc, headJson))));
        }
    }

    /** {@code read} applied to a frame's payload; invalid content is damage at the frame's offset. */
    private static <T> T content(Path file, SegmentReader.Frame f, java.util.function.Function<byte[], T> read) {
        try {
            return read.apply(f.payload());
        } catch (CheckpointException | IllegalArgumentException | ArithmeticException e) {
            if (e instanceof CorruptCheckpointException c) {
                throw c;
            }
            throw new CorruptCheckpointException(file, f.offset(), "snapshot content is not valid: "
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
