package dev.tunerd.core.checkpoint;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the frames of a snapshot file one at a time, so that a large snapshot is never held whole in memory (a resume
 * after 300,000 trials read a 66 MB snapshot as bytes, a copy of its payload, text and one JSON tree at once). A
 * snapshot is renamed into place whole, so any invalid frame is damage ({@link CorruptCheckpointException}), never a
 * torn tail. Not thread-safe.
 */
final class SnapshotFrames implements AutoCloseable {
    private final Path file;
    private final InputStream in;
    private final long sequence;
    private long offset;

    private SnapshotFrames(Path file, InputStream in, long sequence) {
        this.file = file;
        this.in = in;
        this.sequence = sequence;
        this.offset = JournalFormat.HEADER_BYTES;
    }

    /** Opens {@code file} and checks its header. */
    static SnapshotFrames open(Path file) {
        InputStream in = null;
        try {
            in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            byte[] header = in.readNBytes(JournalFormat.HEADER_BYTES);
            if (header.length < JournalFormat.HEADER_BYTES) {
                throw new CorruptCheckpointException(file, 0, "file of " + header.length + " bytes is shorter than"
                    + " its " + JournalFormat.HEADER_BYTES + "-byte header", null);
            }
            SnapshotFrames frames = new SnapshotFrames(file, in, SegmentReader.checkHeader(file, header,
                JournalFormat.SNAPSHOT_MAGIC));
            in = null;
            return frames;
        } catch (IOException e) {
            throw new CheckpointException("cannot read checkpoint file " + file + ": " + e, e);
        } finally {
            closeQuietly(in);
        }
    }

    /** The header's sequence: the last journal segment the snapshot covers. */
    long sequence() {
        return sequence;
    }

    /** Byte offset of the next frame. */
    long offset() {
        return offset;
    }

    /** The next verified frame, or null at the end of the file. */
    SegmentReader.Frame next() {
        try {
            byte[] head = in.readNBytes(JournalFormat.FRAME_HEADER_BYTES);
            if (head.length == 0) {
                return null;
            }
            if (head.length < JournalFormat.FRAME_HEADER_BYTES) {
                throw damage("record header is truncated");
            }
            ByteBuffer h = ByteBuffer.wrap(head);
            int length = h.getInt(0);
            if (length < 0 || length > JournalFormat.MAX_PAYLOAD_BYTES) {
                throw damage("record length " + length + " is impossible");
            }
            byte[] payload = new byte[length];
            readFully(payload, 0, length);
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(head, 8, 2);
            crc.update(payload, 0, length);
            if (h.getInt(4) != (int) crc.getValue()) {
                throw damage("record fails its checksum");
            }
            SegmentReader.Frame f = new SegmentReader.Frame(RecordType.ofCode(head[8]), head[9], payload, offset);
            SegmentReader.checkKnown(file, f);
            offset += JournalFormat.FRAME_HEADER_BYTES + length;
            return f;
        } catch (IOException e) {
            throw new CheckpointException("cannot read checkpoint file " + file + ": " + e, e);
        }
    }

    private void readFully(byte[] into, int from, int length) throws IOException {
        int n = in.readNBytes(into, from, length);
        if (n < length) {
            throw damage("record is truncated (" + n + " of " + length + " payload bytes)");
        }
    }

    CorruptCheckpointException damage(String reason) {
        return new CorruptCheckpointException(file, offset, reason, null);
    }

    @Override
    public void close() {
        closeQuietly(in);
    }

    private static void closeQuietly(InputStream s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // read-only; nothing was lost
            }
        }
    }
}
