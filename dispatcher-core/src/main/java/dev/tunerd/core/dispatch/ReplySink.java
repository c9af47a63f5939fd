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
}
