package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.util.ArrayList;
import java.util.List;

/** A reply sink that remembers every command; thread-safe. */
final class RecordingSink implements ReplySink {
    private final List<Command> sent = new ArrayList<>();
    private final List<String> events;

    RecordingSink(List<String> events) {
        this.events = events;
    }

    RecordingSink() {
        this(new ArrayList<>());
    }

    @Override
    public synchronized void send(Command command) {
        sent.add(command);
        synchronized (events) {
            events.add("send " + command.type().code());
        }
    }

    synchronized List<Command> sent() {
        return List.copyOf(sent);
    }

    synchronized List<String> contents(CommandType type) {
        return sent.stream().filter(c -> c.type() == type).map(Command::content).toList();
    }
}
