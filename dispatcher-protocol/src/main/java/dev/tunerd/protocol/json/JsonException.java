package dev.tunerd.protocol.json;

/** Text that is not the JSON expected, or a value that cannot be written (a non-finite float where none may go). */
public class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JsonException(String message) {
        super(message);
    }

    public JsonException(String message, Throwable cause) {
        super(message, cause);
    }
}
