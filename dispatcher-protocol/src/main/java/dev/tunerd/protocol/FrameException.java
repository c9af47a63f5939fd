package dev.tunerd.protocol;

/** A frame that cannot be decoded: bad header, unknown command code, length over the limit, bad UTF-8. */
public class FrameException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FrameException(String message) {
        super(message);
    }

    public FrameException(String message, Throwable cause) {
        super(message, cause);
    }
}
