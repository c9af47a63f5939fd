package dev.tunerd.core.dispatch;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one writer: every outbound command goes through {@link #send}, which holds {@code writeLock} while the channel
 * writes and flushes the whole frame, or, for a thread that {@link #hold}s, when that thread {@link #release}s.
 * Thread-safe.
 */
public final class ChannelReplySink implements ReplySink {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelReplySink.class);

    private final CommandChannel channel;
    private final ReentrantLock writeLock = new ReentrantLock();
    /** What a thread between {@link #hold} and {@link #release} has sent; absent for a thread that does not hold. */
    private final ThreadLocal<List<Command>> held = new ThreadLocal<>();

    public ChannelReplySink(CommandChannel channel) {
        this.channel = channel;
    }

    @Override
    public void send(Command command) {
        LOG.debug("Sending command {}", SafeText.of(command));
        List<Command> holding = held.get();
        if (holding != null) {
            holding.add(command);
            return;
        }
        write(command.type().code(), () -> channel.send(command));
    }

    @Override
    public void sendAll(List<Command> commands) {
        if (commands.isEmpty()) {
            return;
        }
        if (LOG.isDebugEnabled()) {
            commands.forEach(c -> LOG.debug("Sending command {}", SafeText.of(c)));
        }
        List<Command> holding = held.get();
        if (holding != null) {
            holding.addAll(commands);
            return;
        }
        writeAll(commands);
    }

    @Override
    public void hold() {
        if (held.get() == null) {
            held.set(new ArrayList<>());
        }
    }

    @Override
    public void release() {
        List<Command> holding = held.get();
        if (holding == null) {
            return;
        }
        held.remove();
        if (holding.size() == 1) {
            Command only = holding.get(0);
            write(only.type().code(), () -> channel.send(only));
        } else if (!holding.isEmpty()) {
            writeAll(holding);
        }
    }

    private void writeAll(List<Command> commands) {
        write(commands.size() + " commands", () -> channel.sendAll(commands));
    }

    /** Runs one channel write under the lock; {@code what} names what was sent in the error. */
    private void write(String what, ChannelWrite write) {
        writeLock.lock();
        try {
            write.run();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + what + " to the manager: " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    /** A write to the channel. */
    @FunctionalInterface
    private interface ChannelWrite {
        void run() throws IOException;
    }
}
