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
        bound(command.type().code()).send(command);
    }

    @Override
    public void sendAll(List<Command> commands) {
        bound(commands.size() + " commands").sendAll(commands);
    }

    @Override
    public void hold() {
        bound("held replies").hold();
    }

    @Override
    public void release() {
        bound("held replies").release();
    }

    private ReplySink bound(String what) {
        ReplySink t = target;
        if (t == null) {
            throw new IllegalStateException("cannot send " + what + " before the channel is open"
                + " (an algorithm sent parameters from its constructor)");
        }
        return t;
    }
}
