package dev.tunerd.spi;

/** Thrown by {@link Tuner#generateParameters} when there is nothing (more) to offer; ends in a {@code NO} reply. */
public class NoMoreTrialsException extends Exception {
    private static final long serialVersionUID = 1L;

    public NoMoreTrialsException(String message) {
        super(message, null, false, false);
    }
}
