package dev.tunerd.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * An incremental decoder of the legacy pipe framing ({@link FrameFormat}). Feed it bytes as they arrive; it hands
 * back one {@link Command} per complete frame and {@code null} while it needs more bytes.
 *
 * <p>The header is checked before anything is allocated, and the payload buffer grows with the bytes that actually
 * arrive (starting at 64 KiB), so a header claiming a large length costs nothing until its bytes come: an unknown command code, a length that is not decimal
 * digits (leading spaces allowed) or a length above {@link FrameFormat#maxFrameBytes()} fails with a
 * {@link FrameException} naming the value. After a failure the decoder stays failed.
 *
 * <p>Pure: no I/O, threads or logging. Not thread-safe: one reader owns an instance.
 */
public final class FrameDecoder {

    private static final int INITIAL_PAYLOAD_CAPACITY = 64 * 1024;

    private final FrameFormat format;
    private final byte[] header;
    private int headerFilled;
    private CommandType type;
    private byte[] payload;
    private int payloadLength;
    private int payloadFilled;
    private FrameException failure;

    public FrameDecoder(FrameFormat format) {
        this.format = format;
        this.header = new byte[format.headerSize()];
    }

    /**
     * Consumes bytes from {@code in} up to the end of the next frame.
     *
     * @return the decoded command, or null when {@code in} ran out first (the bytes read so far are kept)
     * @throws FrameException when the frame is malformed
     */
    public Command decode(ByteBuffer in) {
        if (failure != null) {
            throw failure;
        }
        try {
            return decodeUnchecked(in);
        } catch (FrameException e) {
            failure = e;
            throw e;
        }
    }

    /** True when no partial frame is held: end of input here is a clean end. */
    public boolean atFrameBoundary() {
        return headerFilled == 0 && payload == null;
    }

    /** The size of the payload buffer now held (0 between frames); it grows with the bytes received, not the header. */
    int payloadCapacity() {
        return payload == null ? 0 : payload.length;
    }

    /** How many bytes of a partial frame are held; for the message when input ends mid-frame. */
    public int bufferedBytes() {
        return payload != null ? header.length + payloadFilled : headerFilled;
    }

    private Command decodeUnchecked(ByteBuffer in) {
        if (payload == null) {
            int n = Math.min(in.remaining(), header.length - headerFilled);
            in.get(header, headerFilled, n);
            headerFilled += n;
            if (headerFilled < header.length) {
                return null;
            }
            type = parseType();
            payloadLength = (int) parseLength();
            if (in.hasArray() && in.remaining() >= payloadLength) { // the whole payload is here: no copy to hold it
                Command command = command(type, in.array(), in.arrayOffset() + in.position(), payloadLength, false);
                in.position(in.position() + payloadLength);
                headerFilled = 0;
                return command;
            }
            // grown as bytes arrive: a header alone never makes the decoder allocate its whole length
            payload = new byte[Math.min(payloadLength, INITIAL_PAYLOAD_CAPACITY)];
            payloadFilled = 0;
        }
        while (payloadFilled < payloadLength && in.hasRemaining()) {
            if (payloadFilled == payload.length) {
                payload = Arrays.copyOf(payload, (int) Math.min(payloadLength, 2L * payload.length));
            }
            int n = Math.min(in.remaining(), payload.length - payloadFilled);
            in.get(payload, payloadFilled, n);
            payloadFilled += n;
        }
        if (payloadFilled < payloadLength) {
            return null;
        }
        Command command = command(type, payload, 0, payloadLength, payload.length == payloadLength);
        payload = null;
        headerFilled = 0;
        return command;
    }

    private CommandType parseType() {
        char a = (char) (header[0] & 0xff);
        char b = (char) (header[1] & 0xff);
        CommandType t = CommandType.fromCode(a, b);
        if (t == null) {
            throw new FrameException("unknown command type \"" + printable(0, 2) + "\" in frame header \""
                + printable(0, header.length) + "\"");
        }
        return t;
    }

    private long parseLength() {
        int i = 2;
        while (i < header.length && header[i] == ' ') {
            i++;
        }
        if (i == header.length) {
            throw new FrameException(lengthError("has no digits"));
        }
        long length = 0;
        for (; i < header.length; i++) {
            int d = header[i] - '0';
            if (d < 0 || d > 9) {
                throw new FrameException(lengthError("is not a decimal number"));
            }
            length = length * 10 + d;
        }
        if (length > format.maxFrameBytes()) {
            throw new FrameException("frame length " + length + " exceeds the limit of " + format.maxFrameBytes()
                + " bytes (" + type.code() + " frame; raise it with --max-frame-bytes)");
        }
        return length;
    }

    private String lengthError(String what) {
        return "frame length field \"" + printable(2, header.length) + "\" " + what + " (" + format.lengthDigits()
            + " digits expected after the command type, header \"" + printable(0, header.length) + "\")";
    }

    private String printable(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            int c = header[i] & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02x", c));
            }
        }
        return sb.toString();
    }

    /**
     * The command for a payload: an ASCII one (nearly every frame) keeps its bytes ({@code owned}: the array may be
     * kept as it is), anything else is decoded as strict UTF-8 now, so a malformed payload fails here, at the edge.
     */
    private static Command command(CommandType type, byte[] bytes, int offset, int length, boolean owned) {
        if (length == 0) {
            return new Command(type, "");
        }
        if (isAscii(bytes, offset, length)) { // ASCII is valid UTF-8 and decodes byte for byte
            return Command.ofAscii(type, owned && offset == 0 && length == bytes.length ? bytes
                : Arrays.copyOfRange(bytes, offset, offset + length));
        }
        try {
            return new Command(type, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes, offset, length))
                .toString());
        } catch (CharacterCodingException e) {
            throw new FrameException("payload of " + type.code() + " frame (" + length
                + " bytes) is not valid UTF-8", e);
        }
    }

    private static boolean isAscii(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }
}
