package dev.tunerd.protocol;

import java.nio.charset.StandardCharsets;

/**
 * Encodes commands in the legacy pipe framing ({@link FrameFormat}). Only the length field limits a frame written
 * ({@link FrameFormat#writableBytes()}); {@code --max-frame-bytes} is for what the manager sends. An {@code ER} longer
 * than the length field allows is cut to fit (on a character boundary, ending with {@link #CUT_MARK}), so the
 * manager always learns why the dispatcher ends. Pure and stateless; thread-safe.
 */
public final class FrameEncoder {

    /** Ends an {@code ER} payload that was cut to fit the length field. */
    public static final String CUT_MARK = "\n... (cut to fit the frame format)";

    private final FrameFormat format;

    public FrameEncoder(FrameFormat format) {
        this.format = format;
    }

    /**
     * The whole frame: header then UTF-8 payload.
     *
     * @throws FrameException when the payload is longer than the length field can say (an {@code ER} is cut instead)
     */
    public byte[] encode(Command command) {
        byte[] payload = command.content().getBytes(StandardCharsets.UTF_8);
        long limit = format.writableBytes();
        if (payload.length > limit && command.type() == CommandType.ERROR) {
            payload = cut(payload, (int) limit);
        }
        if (payload.length > limit) {
            throw new FrameException("frame length " + payload.length + " exceeds the " + limit + " bytes that a "
                + format.lengthDigits() + "-digit length field can say (" + command.type().code() + " frame)");
        }
        int digits = format.lengthDigits();
        byte[] frame = new byte[2 + digits + payload.length];
        byte[] code = command.type().codeBytes();
        frame[0] = code[0];
        frame[1] = code[1];
        long n = payload.length;
        for (int i = 2 + digits - 1; i >= 2; i--) {
            frame[i] = (byte) ('0' + (n % 10));
            n /= 10;
        }
        System.arraycopy(payload, 0, frame, 2 + digits, payload.length);
        return frame;
    }

    /** The longest prefix of {@code payload} that fits {@code limit} bytes with the cut mark, on a UTF-8 boundary. */
    private static byte[] cut(byte[] payload, int limit) {
        byte[] mark = CUT_MARK.getBytes(StandardCharsets.UTF_8);
        int keep = Math.max(0, limit - mark.length);
        while (keep > 0 && (payload[keep] & 0xc0) == 0x80) { // never split a character
            keep--;
        }
        byte[] out = new byte[Math.min(limit, keep + mark.length)];
        System.arraycopy(payload, 0, out, 0, keep);
        System.arraycopy(mark, 0, out, keep, out.length - keep);
        return out;
    }
}
