package dev.tunerd.core.checkpoint;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The byte layout of journal segments and snapshot files (big-endian; see docs/CHECKPOINT.md).
 *
 * <pre>
 * file header (24 bytes): magic[8] | u16 formatVersion | u16 reserved(0) | u64 sequence | u32 crc32c(bytes 0..19)
 * record frame:           u32 payloadLength | u32 crc32c(type, version, payload) | u8 type | u8 version | payload
 * </pre>
 * Payloads are JSON text in UTF-8 (ASCII in practice: Python's ensure_ascii). Pure functions; thread-safe.
 */
public final class JournalFormat {
    /** Magic of a journal segment. */
    public static final byte[] JOURNAL_MAGIC = "TNRDJRNL".getBytes(StandardCharsets.UTF_8);
    /** Magic of a snapshot file. */
    public static final byte[] SNAPSHOT_MAGIC = "TNRDSNAP".getBytes(StandardCharsets.UTF_8);
    /** The file format version this build writes and the newest it reads. */
    public static final int FORMAT_VERSION = 1;
    public static final int HEADER_BYTES = 24;
    public static final int FRAME_HEADER_BYTES = 10;
    /** The largest payload accepted; a length field above it is damage, never an allocation. */
    public static final int MAX_PAYLOAD_BYTES = 256 * 1024 * 1024;

    private JournalFormat() {
    }

    /** A file header with the given magic and sequence number. */
    public static byte[] header(byte[] magic, long sequence) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES);
        b.put(magic).putShort((short) FORMAT_VERSION).putShort((short) 0).putLong(sequence);
        b.putInt(crc(b.array(), 0, HEADER_BYTES - 4));
        return b.array();
    }

    /** One record frame around {@code payload}. */
    public static byte[] frame(RecordType type, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(FRAME_HEADER_BYTES + payload.length);
        b.putInt(payload.length).putInt(0).put(type.code()).put(type.version()).put(payload);
        b.putInt(4, crc(b.array(), 8, 2 + payload.length));
        return b.array();
    }

    /** CRC32C of {@code len} bytes of {@code bytes} from {@code off}, as a signed int. */
    public static int crc(byte[] bytes, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(bytes, off, len);
        return (int) c.getValue();
    }
}
