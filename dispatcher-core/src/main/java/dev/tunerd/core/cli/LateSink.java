package dev.tunerd.core.cli;

import dev.tunerd.core.dispatch.ReplySink;
import dev.tunerd.protocol.Command;
import java.util.List;

/**
 * A reply sink bound to the channel after the algorithms exist: NNI creates the algorithms before it connects
 * (spec 1.2, step 8), so a failing constructor never opens a connection. Thread-safe (the target is published
 * before any worker starts, through a volatile field).
 */
final class LateSink implements ReplySink {

    private volatile ReplySink target;

    void bind(ReplySink sink) {
        this.target = sink;
    }

    @Override
    public void send(Command command) {
        ReplySink t = target;
        if (t == null) {
            throw new IllegalStateException("cannot send " + command.type().code() + " before the channel is open"
                + " (an algorithm sent parameters from its constructor)");
        }
        t.send(command);
    }

    @Override
    public void sendAll(List<Command> commands) {
        ReplySink t = target;
        if (t == null) {
            throw new IllegalStateException("cannot send " + commands.size() + " commands before the channel is open"
                + " (an algorithm sent parameters from its constructor)");
        }
        t.sendAll(commands);
    }
}
