package dev.tunerd.core.channel;

import dev.tunerd.protocol.Command;
import java.io.IOException;

/**
 * A transport between the manager and the dispatcher: the legacy framed pipe (stdin/stdout) or NNI's WebSocket
 * channel. Both carry {@link Command}s; what they mean is decided elsewhere.
 *
 * <p><b>Threading:</b> {@link #receive()} is called by the reader thread only; {@link #send} by the writer only;
 * {@link #close} once, by the thread that ends the daemon, after the reader and the writer have stopped using the
 * channel (a blocked {@code receive} may be interrupted by {@code close}).
 */
public interface CommandChannel extends AutoCloseable {

    /**
     * Blocks until the next inbound command.
     *
     * @return the command, or null at a clean end of the stream (EOF on the pipe, {@code _bye_} from the manager)
     * @throws IOException when the transport fails for good (after any reconnecting the transport does)
     * @throws dev.tunerd.protocol.FrameException when the bytes are not a valid command
     */
    Command receive() throws IOException, InterruptedException;

    /** Sends one command, whole, and flushes it. */
    void send(Command command) throws IOException;

    /**
     * Ends the channel. {@code failed} tells a normal end (WebSocket: {@code _bye_} and close code 4000) from a failure
     * (close code 4001). Must not throw; idempotent.
     */
    void close(boolean failed);

    /**
     * True when {@link #receive} can return the next command from input already received, without waiting for the
     * manager. The reader hands commands over to the workers in batches while this is true, and always before a
     * receive that may wait. The default, false, hands over every command at once.
     */
    default boolean hasBufferedCommand() {
        return false;
    }

    @Override
    default void close() {
        close(false);
    }
}
