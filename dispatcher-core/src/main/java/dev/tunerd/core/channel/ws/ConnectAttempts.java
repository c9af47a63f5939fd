package dev.tunerd.core.channel.ws;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.Future;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of connection attempts on a bounded schedule (NNI's client: pauses of 0, 1, 2, 3, 4 s): each attempt waits
 * its pause, then opens a connection through the {@link ManagerLink}; the first success or the failure of the last
 * attempt ends the round. The attempts run on the I/O event loop and never block it. Thread-safe.
 */
final class ConnectAttempts {

    /** How a round ends; called on the I/O thread. */
    interface Outcome {
        /** True when the round should stop quietly (the channel is ending). */
        boolean stopped();

        void connected(Channel connection, int attempt);

        void gaveUp(Throwable lastCause);
    }

    private static final Logger LOG = LoggerFactory.getLogger(WebSocketChannel.class);

    private final URI uri;
    private final List<Duration> pauses;
    private final ManagerLink link;
    private final EventLoopGroup group;
    private final ConnectionEvents events;

    ConnectAttempts(URI uri, List<Duration> pauses, ManagerLink link, EventLoopGroup group, ConnectionEvents events) {
        this.uri = uri;
        this.pauses = pauses;
        this.link = link;
        this.group = group;
        this.events = events;
    }

    /**
     * Starts a round at attempt {@code first} (0 normally; later when earlier connections of this outage were lost
     * right after they opened, so that a manager that keeps dropping new connections cannot make us retry forever).
     */
    void start(int first, Throwable cause, Outcome outcome) {
        attempt(Math.min(first, pauses.size()), cause, outcome);
    }

    /** "5 attempts (pauses of 0, 1, 2, 3, 4 s)", for messages. */
    String describeSchedule() {
        return pauses.size() + " attempts (pauses of " + pauses.stream().map(ConnectAttempts::seconds)
            .collect(Collectors.joining(", ")) + " s)";
    }

    private void attempt(int index, Throwable lastCause, Outcome outcome) {
        if (outcome.stopped()) {
            return;
        }
        if (index == pauses.size()) {
            outcome.gaveUp(lastCause);
            return;
        }
        try {
            group.schedule(() -> open(index, outcome), pauses.get(index).toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.debug("connection attempt not scheduled: the channel is closing");
        }
    }

    private void open(int index, Outcome outcome) {
        Future<Channel> opening = link.open(events);
        opening.addListener(f -> {
            if (opening.isSuccess()) {
                outcome.connected(opening.getNow(), index);
            } else {
                LOG.warn("connection attempt {} of {} to the NNI manager at {} failed: {}", index + 1, pauses.size(),
                    uri, describe(opening.cause()));
                attempt(index + 1, opening.cause(), outcome);
            }
        });
    }

    static String describe(Throwable t) {
        if (t == null) {
            return "no reason given";
        }
        String type = t.getClass().getSimpleName();
        return t.getMessage() == null ? type : type + ": " + t.getMessage();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? Long.toString(d.toSeconds()) : Double.toString(d.toMillis() / 1000.0);
    }
}
