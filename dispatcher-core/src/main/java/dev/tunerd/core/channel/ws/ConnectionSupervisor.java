package dev.tunerd.core.channel.ws;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.protocol.ws.WsMessage;
import dev.tunerd.protocol.ws.WsMessageCodec;
import dev.tunerd.spi.text.SafeText;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of a {@link WebSocketChannel}: the current connection, the attempts to (re)connect on NNI's bounded
 * schedule, the form of the messages, and what happens to inbound messages (decoded on the I/O thread, handed to the
 * reader through the {@link InboundBuffer}) and to outbound commands ({@link OutboundQueue}).
 *
 * <p>Thread-safe. Connection events arrive on the single I/O thread; {@link #send} on the writer thread; {@link
 * #close} on the thread ending the daemon. The monitor {@code lock} guards the fields below it; lock order is {@code
 * lock}, then the buffer's or the queue's own lock; nothing blocks while holding {@code lock}.
 */
final class ConnectionSupervisor implements ConnectionEvents {

    static final int CLOSE_NORMAL = 4000;
    static final int CLOSE_FAILED = 4001;
    static final int CLOSE_REFUSED_BUSY = 4030;
    static final int CLOSE_REFUSED_LATE = 4080;
    /**
     * Each connection lost sooner than this after it opened makes the next round of attempts start one attempt later
     * in the schedule, so that a manager that keeps dropping new connections cannot make tunerd retry forever.
     */
    static final Duration STABLE_CONNECTION = Duration.ofSeconds(10);
    /** While the reader is behind, one socket read per this period keeps pings answered (NNI pings every 5 s). */
    static final long TRICKLE_MILLIS = 500;
    private static final Logger LOG = LoggerFactory.getLogger(WebSocketChannel.class);

    private final URI uri;
    private final WebSocketOptions options;
    private final EventLoopGroup group;
    private final ConnectAttempts attempts;
    private final InboundBuffer inbound;
    private final OutboundQueue outbound = new OutboundQueue();
    private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();
    private volatile Consumer<String> sessionEnd = why -> { };

    private final Object lock = new Object();
    private Channel current;
    private WsMessageCodec codec;
    private boolean ending;
    private boolean closed;
    private IOException failure;
    private long connectedAt;
    private int quickLosses;
    private String lastClose;

    ConnectionSupervisor(URI uri, WebSocketOptions options, EventLoopGroup group) {
        this.uri = uri;
        this.options = options;
        this.group = group;
        this.attempts = new ConnectAttempts(uri, options.reconnectDelays(), new ManagerLink(uri, options, group), group,
            this);
        this.inbound = new InboundBuffer(options.maxBufferedMessages(), options.maxBufferedBytes(), this::resumeReading);
        this.codec = options.form() == null ? null : new WsMessageCodec(options.form());
    }

    /** Blocks until connected, or throws after the last attempt of the schedule failed. */
    void connect() throws IOException, InterruptedException {
        startAttempts(0, null);
        try {
            firstConnection.get();
        } catch (ExecutionException e) {
            throw (IOException) e.getCause();
        }
    }

    void onSessionEnd(Consumer<String> action) {
        sessionEnd = action;
    }

    InboundBuffer inbound() {
        return inbound;
    }

    WsForm form() {
        synchronized (lock) {
            return codec == null ? null : codec.form();
        }
    }

    void send(Command command) throws IOException {
        ChannelFuture written;
        synchronized (lock) {
            if (failure != null) {
                throw new IOException(failure.getMessage(), failure);
            }
            if (closed) {
                throw new IOException("cannot send " + command.type().code() + ": the WebSocket channel to " + uri
                    + " is closed");
            }
            outbound.add(command);
            written = flushIfConnected();
        }
        if (written != null) {
            try {
                written.await(); // flow control only: a failed write is sent again after reconnecting
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while sending " + command.type().code());
            }
        }
    }

    void close(boolean failed) {
        Channel connection;
        WsMessageCodec form;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            ending = true;
            connection = current;
            form = codec;
        }
        inbound.closeNow();
        firstConnection.completeExceptionally(new IOException("the WebSocket channel to " + uri + " was closed"));
        int undelivered = outbound.waiting();
        if (undelivered > 0) {
            LOG.warn("{} outbound command(s) were not delivered: no connection to the manager at close", undelivered);
        }
        long timeoutMillis = options.closeTimeout().toMillis();
        if (connection != null && connection.isActive()) {
            if (!failed && form != null) {
                form.byeMessage().ifPresent(bye -> connection.writeAndFlush(new TextWebSocketFrame(bye)));
            }
            connection.writeAndFlush(failed ? new CloseWebSocketFrame(CLOSE_FAILED, "tunerd failed")
                : new CloseWebSocketFrame(CLOSE_NORMAL, "client intentionally close"));
            connection.close().awaitUninterruptibly(timeoutMillis);
        }
        group.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS).awaitUninterruptibly(2 * timeoutMillis);
    }

    // ---- connecting: runs on the I/O thread (the first round starts on the caller's) ----

    private void startAttempts(int first, Throwable cause) {
        attempts.start(first, cause, new ConnectAttempts.Outcome() {
            @Override
            public boolean stopped() {
                synchronized (lock) {
                    return ending;
                }
            }

            @Override
            public void connected(Channel connection, int attempt) {
                ConnectionSupervisor.this.connected(connection, attempt);
            }

            @Override
            public void gaveUp(Throwable lastCause) {
                giveUp(lastCause);
            }
        });
    }

    private void connected(Channel connection, int index) {
        int requeued;
        synchronized (lock) {
            if (ending) {
                connection.close();
                return;
            }
            current = connection;
            connectedAt = System.nanoTime();
            if (inbound.paused()) {
                pauseReading(connection);
            }
            requeued = outbound.waiting();
            flushIfConnected();
        }
        if (firstConnection.complete(null)) {
            LOG.info("connected to the NNI manager at {}", uri);
        } else {
            LOG.info("reconnected to the NNI manager at {} (attempt {}); {} queued command(s) sent", uri, index + 1,
                requeued);
        }
    }

    private void giveUp(Throwable lastCause) {
        boolean wasConnected = firstConnection.isDone();
        fail(new IOException((wasConnected ? "lost the connection to the NNI manager at " + uri
            + " and could not reconnect" : "could not connect to the NNI manager at " + uri) + " after "
            + attempts.describeSchedule() + ": " + describe(lastCause) + pathHint(lastCause), lastCause));
    }

    /** A 404 to the upgrade means a wrong path (typically a missing or extra URL prefix): say so. */
    private String pathHint(Throwable lastCause) {
        if (lastCause instanceof WebSocketClientHandshakeException h && h.response() != null
            && h.response().status().code() == HttpResponseStatus.NOT_FOUND.code()) {
            return " (the server answered but has no WebSocket at " + uri.getPath() + "; NNI's manager serves /tuner,"
                + " or /<url prefix>/tuner)";
        }
        return "";
    }

    private void fail(IOException e) {
        synchronized (lock) {
            if (ending) {
                return;
            }
            ending = true;
            failure = e;
        }
        LOG.error("{}; giving up", e.getMessage());
        inbound.fail(e);
        firstConnection.completeExceptionally(e);
    }

    /** Under {@code lock}. */
    private ChannelFuture flushIfConnected() {
        return current == null || codec == null ? null : outbound.flush(current, codec);
    }

    private void resumeReading() {
        Channel connection;
        synchronized (lock) {
            connection = current;
        }
        if (connection != null) {
            LOG.info("the reader caught up: reading from the manager again");
            connection.eventLoop().execute(() -> connection.config().setAutoRead(!inbound.paused()));
        }
    }

    /**
     * Stops reading the socket freely while the reader is behind, but still reads once every {@link #TRICKLE_MILLIS}
     * so that pings (which share the TCP stream with the commands) keep being answered; the buffer grows by at most
     * one socket read per period meanwhile.
     */
    private void pauseReading(Channel connection) {
        connection.config().setAutoRead(false);
        connection.eventLoop().schedule(() -> trickle(connection), TRICKLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void trickle(Channel connection) {
        if (connection.isActive() && !connection.config().isAutoRead() && inbound.paused()) {
            connection.read();
            connection.eventLoop().schedule(() -> trickle(connection), TRICKLE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    // ---- connection events: on the I/O thread ----

    @Override
    public void onMessage(Channel connection, String text, int wireBytes) {
        WsMessageCodec form;
        synchronized (lock) {
            if (codec == null) {
                try {
                    codec = new WsMessageCodec(WsForm.detect(text));
                } catch (FrameException e) {
                    protocolFailure(connection, e);
                    return;
                }
                LOG.info("the manager speaks the {}", codec.form().description());
                flushIfConnected();
            }
            form = codec;
        }
        WsMessage message;
        try {
            message = form.decode(text);
        } catch (FrameException e) {
            protocolFailure(connection, e);
            return;
        }
        if (message instanceof WsMessage.CommandMessage c) {
            if (inbound.offer(c.command(), wireBytes)) {
                LOG.warn("the reader is {}+ messages or {}+ bytes behind: reading from the manager slows to one read"
                    + " per {} ms until it catches up", options.maxBufferedMessages(), options.maxBufferedBytes(),
                    TRICKLE_MILLIS);
                pauseReading(connection);
            }
            if (c.command().type() == CommandType.TERMINATE) {
                sessionEnd.accept("TE received");
            }
        } else if (message instanceof WsMessage.Bye bye) {
            endOfStream("the manager said _bye_ (" + SafeText.of(bye.reason()) + ")");
            sessionEnd.accept("the manager said _bye_");
        } else {
            LOG.debug("_nop_ from the manager ignored");
        }
    }

    @Override
    public void onCloseFrame(Channel connection, int code, String reason) {
        if (code == CLOSE_NORMAL) {
            endOfStream("the manager closed the connection on purpose (code 4000, " + SafeText.of(reason) + ")");
            sessionEnd.accept("the manager closed the connection with code 4000");
        } else if (code == CLOSE_REFUSED_BUSY || code == CLOSE_REFUSED_LATE) {
            // NNI 2.8/2.9 refuse a second connection, or one that comes after their 10 s wait: retrying cannot help
            fail(new IOException("the NNI manager at " + uri + " refused the connection with code " + code + " ("
                + SafeText.of(reason) + ")" + (code == CLOSE_REFUSED_BUSY ? ": it already serves another dispatcher"
                : ": it stopped waiting for a dispatcher")));
        } else {
            LOG.warn("the manager closed the connection with code {} ({})", code, SafeText.of(reason));
            synchronized (lock) {
                lastClose = "the manager closed the connection with code " + code + " (" + SafeText.of(reason) + ")";
            }
        }
    }

    @Override
    public void onProtocolError(Channel connection, Throwable cause) {
        boolean tooBig = cause instanceof TooLongFrameException || (cause instanceof CorruptedWebSocketFrameException c
            && c.closeStatus() != null && c.closeStatus().code() == WebSocketCloseStatus.MESSAGE_TOO_BIG.code());
        String what = tooBig
            ? "a WebSocket message from the manager exceeds the limit of " + options.maxMessageBytes()
                + " bytes (twice --max-frame-bytes " + options.maxFrameBytes() + ", plus the JSON envelope)"
            : "invalid WebSocket frame from the manager";
        protocolFailure(connection, new FrameException(what + ": " + cause.getMessage(), cause));
    }

    @Override
    public void onLost(Channel connection, Throwable cause) {
        int requeued;
        int first;
        Throwable why;
        synchronized (lock) {
            if (connection != current) {
                return;
            }
            current = null;
            requeued = outbound.requeueUnwritten();
            if (ending) {
                return;
            }
            boolean quick = System.nanoTime() - connectedAt < STABLE_CONNECTION.toNanos();
            quickLosses = quick ? quickLosses + 1 : 0;
            first = quickLosses;
            why = cause != null ? cause : new IOException(lastClose != null ? lastClose
                : "the manager closed the connection without a close frame");
            lastClose = null;
        }
        LOG.warn("lost the connection to the NNI manager at {} ({}); {} unwritten command(s) kept; reconnecting", uri,
            describe(why), requeued);
        startAttempts(first, why);
    }

    private void endOfStream(String why) {
        synchronized (lock) {
            ending = true;
        }
        LOG.info("{}: end of the command stream", why);
        inbound.endOfStream();
    }

    private void protocolFailure(Channel connection, FrameException e) {
        synchronized (lock) {
            ending = true;
        }
        connection.config().setAutoRead(false);
        inbound.fail(e);
    }

    private static String describe(Throwable t) {
        return ConnectAttempts.describe(t);
    }
}
