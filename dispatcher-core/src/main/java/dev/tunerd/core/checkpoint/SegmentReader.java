package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads one journal segment or snapshot file into verified frames. The first frame that fails (short, impossible
 * length, checksum) ends the valid part. When tail damage is tolerated and no valid frame starts anywhere after it,
 * the rest is a torn tail (a write the process did not finish) and is reported as a warning; otherwise it is
 * corruption in the middle, returned as a {@link CorruptCheckpointException} with the frames before it (header
 * damage is thrown). Stateless; thread-safe.
 */
final class SegmentReader {

    /** A verified frame. */
    record Frame(RecordType type, int version, byte[] payload, long offset) {
    }

    /**
     * What one file held: its header sequence, the valid frames, the length of the valid part, and either a torn
     * tail (tolerated) or damage in the middle (the frames before it are still given).
     */
    record Segment(Path file, long sequence, List<Frame> frames, long validLength, long fileLength,
                   Optional<String> tornTail, Optional<CorruptCheckpointException> damage) {

        /** The frames, or the damage thrown when there is any. */
        List<Frame> framesOrThrow() {
            if (damage.isPresent()) {
                throw damage.get();
            }
            return frames;
        }
    }

    private SegmentReader() {
    }

    static Segment read(Path file, byte[] magic, boolean tolerateTornTail) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new CheckpointException("cannot read checkpoint file " + file + ": " + e, e);
        }
        return parse(file, bytes, magic, tolerateTornTail);
    }

    static Segment parse(Path file, byte[] bytes, byte[] magic, boolean tolerateTornTail) {
        if (bytes.length < JournalFormat.HEADER_BYTES) {
            if (!tolerateTornTail) {
                throw new CorruptCheckpointException(file, 0, "file of " + bytes.length + " bytes is shorter than"
                    + " its " + JournalFormat.HEADER_BYTES + "-byte header", null);
            }
            return new Segment(file, -1, List.of(), 0, bytes.length,
                Optional.of("header torn after " + bytes.length + " bytes"), Optional.empty());
        }
        long sequence = checkHeader(file, bytes, magic);
        List<Frame> frames = new ArrayList<>();
        int pos = JournalFormat.HEADER_BYTES;
        while (pos < bytes.length) {
            Frame f = frameAt(bytes, pos);
            if (f == null) {
                return damaged(file, bytes, pos, sequence, frames, tolerateTornTail);
            }
            checkKnown(file, f);
            frames.add(f);
            pos += JournalFormat.FRAME_HEADER_BYTES + f.payload().length;
        }
        return new Segment(file, sequence, List.copyOf(frames), pos, bytes.length, Optional.empty(),
            Optional.empty());
    }

    static long checkHeader(Path file, byte[] b, byte[] magic) {
        if (!Arrays.equals(b, 0, magic.length, magic, 0, magic.length)) {
            throw new CorruptCheckpointException(file, 0, "not a tunerd checkpoint file (bad magic)", null);
        }
        ByteBuffer h = ByteBuffer.wrap(b, 0, JournalFormat.HEADER_BYTES);
        if (h.getInt(20) != JournalFormat.crc(b, 0, 20)) {
            throw new CorruptCheckpointException(file, 0, "file header fails its checksum", null);
        }
        int version = Short.toUnsignedInt(h.getShort(8));
        if (version > JournalFormat.FORMAT_VERSION) {
            throw new CheckpointException("checkpoint file " + file + " has format version " + version
                + "; this tunerd reads up to version " + JournalFormat.FORMAT_VERSION);
        }
        return h.getLong(12);
    }

    /** The verified frame at {@code pos}, or null when none is there. */
    private static Frame frameAt(byte[] b, int pos) {
        if (b.length - pos < JournalFormat.FRAME_HEADER_BYTES) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        int length = buf.getInt(pos);
        if (length < 0 || length > JournalFormat.MAX_PAYLOAD_BYTES
            || length > b.length - pos - JournalFormat.FRAME_HEADER_BYTES) {
            return null;
        }
        if (buf.getInt(pos + 4) != JournalFormat.crc(b, pos + 8, 2 + length)) {
            return null;
        }
        int start = pos + JournalFormat.FRAME_HEADER_BYTES;
        return new Frame(RecordType.ofCode(b[pos + 8]), b[pos + 9], Arrays.copyOfRange(b, start, start + length),
            pos);
    }

    static void checkKnown(Path file, Frame f) {
        if (f.type() == null || f.version() > f.type().version() || f.version() < 1) {
            throw new CheckpointException("checkpoint file " + file + " holds a record at byte offset " + f.offset()
                + " of a type or version this tunerd does not know (written by a newer tunerd?)");
        }
    }

    private static Segment damaged(Path file, byte[] bytes, int pos, long sequence, List<Frame> frames,
                                   boolean tolerateTornTail) {
        if (!tolerateTornTail) {
            return corrupt(file, bytes, pos, sequence, frames, "record is truncated or fails its checksum");
        }
        for (int p = pos + 1; p <= bytes.length - JournalFormat.FRAME_HEADER_BYTES; p++) {
            if (RecordType.ofCode(bytes[p + 8]) != null && frameAt(bytes, p) != null) {
                return corrupt(file, bytes, pos, sequence, frames, "record fails its checksum while a valid record"
                    + " follows at byte offset " + p);
            }
        }
        return new Segment(file, sequence, List.copyOf(frames), pos, bytes.length,
            Optional.of("torn last record at byte offset " + pos + " (" + (bytes.length - pos) + " bytes ignored)"),
            Optional.empty());
    }

    private static Segment corrupt(Path file, byte[] bytes, int pos, long sequence, List<Frame> frames,
                                   String reason) {
        return new Segment(file, sequence, List.copyOf(frames), pos, bytes.length, Optional.empty(),
            Optional.of(new CorruptCheckpointException(file, pos, reason, null)));
    }
}
