package dev.tunerd.core.channel.ws;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.ws.WsMessageCodec;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Outbound commands not yet known to be written: those waiting for a connection (or for the manager's first message,
 * which tells the form), and those handed to Netty whose write has not succeeded yet. When a connection is lost, the
 * writes that did not succeed go back to the front of the queue, in order, and are flushed first on the next
 * connection: nothing is lost and nothing that was written is written again. ("Written" means accepted by the
 * operating system; NNI's protocol has no acknowledgements, so this is the same guarantee NNI's Python client gives.)
 *
 * <p>Thread-safe (its own monitor); the write listeners run on the I/O thread.
 */
final class OutboundQueue {

    private record InFlight(Command command, ChannelFuture write) {
    }

    private final ArrayDeque<Command> waiting = new ArrayDeque<>();
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();

    synchronized void add(Command command) {
        waiting.add(command);
    }

    /** Commands not yet handed to a connection. */
    synchronized int waiting() {
        return waiting.size();
    }

    /**
     * Writes every waiting command to {@code connection}, in order.
     *
     * @return the last write, or null when nothing was waiting
     */
    synchronized ChannelFuture flush(Channel connection, WsMessageCodec codec) {
        ChannelFuture last = null;
        for (Command c = waiting.poll(); c != null; c = waiting.poll()) {
            InFlight entry = new InFlight(c, connection.writeAndFlush(new TextWebSocketFrame(codec.encode(c))));
            inFlight.add(entry);
            entry.write().addListener(f -> written(entry));
            last = entry.write();
        }
        return last;
    }

    /** After the connection ended: the writes that did not succeed wait again, ahead of newer commands. */
    synchronized int requeueUnwritten() {
        int requeued = 0;
        for (Iterator<InFlight> it = inFlight.descendingIterator(); it.hasNext(); ) {
            InFlight entry = it.next();
            if (!entry.write().isSuccess()) {
                waiting.addFirst(entry.command());
                requeued++;
            }
        }
        inFlight.clear();
        return requeued;
    }

    private synchronized void written(InFlight entry) {
        if (entry.write().isSuccess()) {
            inFlight.remove(entry);
        }
    }
}
