package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.InboundCommands;

/** Hands a command to a dispatcher on this thread as the reader routes it ({@link Daemon#route}), for tests. */
public final class Routed {
    private Routed() {
    }

    /** Parses the command and handles it: its assessor half first when it has one, then its default-queue half. */
    public static void send(MsgDispatcher d, CommandType type, String content) {
        InboundCommand command = InboundCommands.parse(new Command(type, content));
        Daemon.Route route = Daemon.route(command, d);
        if (route.toAssessor()) {
            d.handleOnAssessorQueue(command);
        }
        if (route.toDefault()) {
            d.handle(command);
        }
    }
}
