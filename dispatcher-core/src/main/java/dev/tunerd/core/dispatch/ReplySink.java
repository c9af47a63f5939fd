package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.Command;
import java.util.List;

/**
 * Where replies to the manager go. Implementations are thread-safe and write each command whole: frames sent from
 * the two workers never interleave.
 */
@FunctionalInterface
public interface ReplySink {

    /**
     * Sends one command.
     *
     * @throws java.io.UncheckedIOException when the channel failed
     */
    void send(Command command);

    /**
     * Sends several commands in this order, as one write where the channel allows it (a batch of {@code TR}s for one
     * {@code GE}); no other command comes between them.
     *
     * @throws java.io.UncheckedIOException when the channel failed
     */
    default void sendAll(List<Command> commands) {
        commands.forEach(this::send);
    }

    /**
     * From now until {@link #release}, what the calling thread sends is held, in order, and then written together: a
     * worker holds the replies to one batch of commands (the assessor's kill orders), so a stream of them costs one
     * write per batch instead of one per reply. A sink that cannot hold sends at once (the default).
     */
    default void hold() {
    }

    /**
     * Writes, as one write where the channel allows it, what the calling thread sent since {@link #hold}, and stops
     * holding; nothing when it holds nothing.
     *
     * @throws java.io.UncheckedIOException when the channel failed
     */
    default void release() {
    }
}
