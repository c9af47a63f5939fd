package dev.tunerd.core.dispatch;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one writer: every outbound command goes through {@link #send}, which holds {@code writeLock} while the channel
 * writes and flushes the whole frame. Thread-safe.
 */
public final class ChannelReplySink implements ReplySink {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelReplySink.class);

    private final CommandChannel channel;
    private final ReentrantLock writeLock = new ReentrantLock();

    public ChannelReplySink(CommandChannel channel) {
        this.channel = channel;
    }

    @Override
    public void send(Command command) {
        LOG.debug("Sending command {}", command);
        writeLock.lock();
        try {
            channel.send(command);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + command.type().code() + " to the manager: " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void sendAll(List<Command> commands) {
        if (commands.isEmpty()) {
            return;
        }
        if (LOG.isDebugEnabled()) {
            commands.forEach(c -> LOG.debug("Sending command {}", c));
        }
        writeLock.lock();
        try {
            channel.sendAll(commands);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + commands.size() + " commands to the manager: "
                + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }
}
