package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.Command;

/**
 * One event from the daemon's stdout as the reader thread saw it: a command, the end of the stream, or a failure
 * to read or decode. Immutable.
 *
 * @param command       the command, or null for end of stream and failures
 * @param receivedNanos when the reader finished decoding it ({@link System#nanoTime()} scale)
 * @param failure       why reading stopped, or null
 */
public record Inbound(Command command, long receivedNanos, Throwable failure) {

    public boolean isEndOfStream() {
        return command == null;
    }
}
