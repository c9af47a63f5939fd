package dev.tunerd.core.dispatch;

/**
 * How the daemon ended, as the process exit status. The table is documented in {@code docs/CLI.md}; keep the two in
 * step. Immutable.
 */
public enum ExitCode {
    /** Normal end: {@code TE} or end of input. */
    OK(0),
    /** A tuner, assessor or handler failed (an exception escaped algorithm code). */
    ALGORITHM_FAILURE(1),
    /** Bad command line, environment, exp_params, algorithm name or classArgs; nothing was started. */
    USAGE(2),
    /** The manager sent something undecodable: bad frame, unknown or misdirected command, malformed payload. */
    PROTOCOL(3),
    /** Reading from or writing to the channel failed. */
    CHANNEL_IO(4),
    /** The tuner rejected the search space ({@code IN} or {@code SS}). */
    INVALID_SEARCH_SPACE(5);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    /** The process exit status. */
    public int status() {
        return status;
    }
}
