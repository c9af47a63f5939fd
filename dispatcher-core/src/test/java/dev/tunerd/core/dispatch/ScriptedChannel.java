package dev.tunerd.core.dispatch;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A channel fed by the test: {@link #feed} queues a command, {@link #endOfInput} a clean end, {@link #fail} an
 * exception for the reader. Records what is sent. Thread-safe.
 */
final class ScriptedChannel implements CommandChannel {
    private static final Object EOF = new Object();
    private final LinkedBlockingQueue<Object> inbound = new LinkedBlockingQueue<>();
    private final List<Command> sent = new ArrayList<>();
    private volatile Boolean closedFailed;

    void feed(Command command) {
        inbound.add(command);
    }

    void endOfInput() {
        inbound.add(EOF);
    }

    void fail(Exception e) {
        inbound.add(e);
    }

    @Override
    public Command receive() throws IOException, InterruptedException {
        Object next = inbound.take();
        if (next == EOF) {
            inbound.add(EOF);
            return null;
        }
        if (next instanceof IOException e) {
            throw e;
        }
        if (next instanceof RuntimeException e) {
            throw e;
        }
        return (Command) next;
    }

    /** Whatever the test fed is "buffered": the reader hands commands over in batches, as with a busy pipe. */
    @Override
    public boolean hasBufferedCommand() {
        return !inbound.isEmpty();
    }

    @Override
    public synchronized void send(Command command) {
        sent.add(command);
    }

    synchronized List<Command> sent() {
        return List.copyOf(sent);
    }

    @Override
    public void close(boolean failed) {
        closedFailed = failed;
    }

    Boolean closedFailed() {
        return closedFailed;
    }
}
