package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.Command;

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
}
