package dev.tunerd.protocol;

import java.nio.charset.StandardCharsets;

/**
 * Encodes commands in the legacy pipe framing ({@link FrameFormat}). Pure and stateless; thread-safe.
 */
public final class FrameEncoder {

    private final FrameFormat format;

    public FrameEncoder(FrameFormat format) {
        this.format = format;
    }

    /**
     * The whole frame: header then UTF-8 payload.
     *
     * @throws FrameException when the payload is longer than the format allows
     */
    public byte[] encode(Command command) {
        byte[] payload = command.content().getBytes(StandardCharsets.UTF_8);
        if (payload.length > format.maxFrameBytes()) {
            throw new FrameException("frame length " + payload.length + " exceeds the limit of "
                + format.maxFrameBytes() + " bytes (" + command.type().code() + " frame)");
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
}
