package dev.tunerd.core.channel;

import dev.tunerd.protocol.Command;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

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

    /**
     * Registers what to do as soon as the transport sees the manager end the session ({@code TE}, or {@code _bye_} on
     * the WebSocket), possibly ahead of commands the reader has not taken yet: the reader may be waiting for room in a
     * full queue, and a manager that stops an experiment must not wait for the backlog (it kills the process after
     * 30 s). The argument of {@code action} names what was seen. Transports that cannot read ahead (the pipe) never
     * call it; the reader still sees the command in order. Called once, before the reader starts; the action may run
     * on any thread (the WebSocket's I/O thread) and must not block.
     */
    default void onSessionEnd(Consumer<String> action) {
    }

    /** Sends one command, whole, and flushes it. */
    void send(Command command) throws IOException;

    /** Sends the commands in order and flushes; the default sends them one by one. */
    default void sendAll(List<Command> commands) throws IOException {
        for (Command c : commands) {
            send(c);
        }
    }

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
