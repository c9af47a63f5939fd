package dev.tunerd.protocol.ws;

import dev.tunerd.protocol.Command;
import java.util.Objects;

/**
 * What one WebSocket text message from the manager means: a command, or one of NNI 3.0's control messages that are
 * never surfaced as commands. Immutable and thread-safe.
 */
public sealed interface WsMessage permits WsMessage.CommandMessage, WsMessage.Nop, WsMessage.Bye {

    /** A command for the dispatcher. */
    record CommandMessage(Command command) implements WsMessage {
        public CommandMessage {
            Objects.requireNonNull(command, "command");
        }
    }

    /** {@code {"type": "_nop_"}}: the manager's keep-alive probe; the receiver drops it silently. */
    record Nop() implements WsMessage {
    }

    /**
     * {@code {"type": "_bye_", "reason": "..."}}: the peer is closing on purpose; for the dispatcher this is the end
     * of the command stream, like EOF on the pipe.
     *
     * @param reason the peer's reason, "" when it gave none
     */
    record Bye(String reason) implements WsMessage {
        public Bye {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
