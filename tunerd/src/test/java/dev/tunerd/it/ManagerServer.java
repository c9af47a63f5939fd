package dev.tunerd.it;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the NNI manager's side of the tuner command channel for the process-level tests: a Netty WebSocket server on
 * 127.0.0.1 (ephemeral port) at {@code /tuner}, as NNI 3.0's {@code WebSocketChannelServer} behaves: texts sent while
 * no dispatcher is connected are queued and flushed in order when one connects, and a new connection replaces the
 * old one. It records every text the dispatcher sends (in order, across connections), close frames and pongs. It does
 * not interpret the messages; the tests do. Thread-safe.
 */
final class ManagerServer implements AutoCloseable {

    /** A close frame received from the dispatcher. */
    record Close(int code, String reason) {
    }

    private static final int MAX_MESSAGE = 64 << 20;

    private final EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("it-manager", true));
    private final BlockingQueue<String> unread = new LinkedBlockingQueue<>();
    private final List<String> all = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Close> closes = new LinkedBlockingQueue<>();
    private final List<Long> pongNanos = new CopyOnWriteArrayList<>();
    private final AtomicInteger connectionsAccepted = new AtomicInteger();
    private final ArrayDeque<String> pending = new ArrayDeque<>();
    private volatile Close refuseWith;
    private Channel server;
    private Channel connection;
    private int port;

    /** Listens on an ephemeral port of 127.0.0.1. */
    static ManagerServer start() throws InterruptedException {
        ManagerServer m = new ManagerServer();
        m.listen(0);
        return m;
    }

    /** A port nothing listens on (bound once, then released), for "the manager never comes up". */
    static int unusedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    String url() {
        return "ws://127.0.0.1:" + port + "/tuner";
    }

    /** The URL as NNI's manager computes it for the dispatcher: {@code ws://localhost:<port>/tuner}. */
    String localhostUrl() {
        return "ws://localhost:" + port + "/tuner";
    }

    synchronized void listen(int onPort) throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                        new WebSocketServerProtocolHandler(WebSocketServerProtocolConfig.newBuilder()
                            .websocketPath("/tuner").handleCloseFrames(false).dropPongFrames(false)
                            .sendCloseFrame(null) // drop() is a crash: no close frame
                            .maxFramePayloadLength(MAX_MESSAGE).build()),
                        new WebSocketFrameAggregator(MAX_MESSAGE), new Recorder(), new NotFound());
                }
            })
            .bind(new InetSocketAddress("127.0.0.1", onPort)).sync().channel();
        port = ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Listens again on the same port after {@link #stopListening()}. */
    void listenAgain() throws InterruptedException {
        listen(port);
    }

    /** Stops accepting connections (the current one stays). */
    void stopListening() {
        Channel s;
        synchronized (this) {
            s = server;
        }
        s.close().syncUninterruptibly();
    }

    /** From now on, closes every new connection right after its handshake, as NNI 2.8/2.9 refuse a second one. */
    void refuseConnectionsWith(int code, String reason) {
        refuseWith = new Close(code, reason);
    }

    /** Sends now if a dispatcher is connected, otherwise when the next one connects (NNI 3.0 queues meanwhile). */
    void send(String text) {
        Channel c;
        synchronized (this) {
            c = connection;
            if (c == null) {
                pending.add(text);
                return;
            }
        }
        c.writeAndFlush(new TextWebSocketFrame(text)).syncUninterruptibly();
    }

    /**
     * Sends like {@link #send} but tolerates a connection the dispatcher has already closed, as NNI's manager does
     * with the {@code _bye_} it sends after {@code TE}: the dispatcher may close before that write completes.
     *
     * @return whether the message was written
     */
    boolean sendUnlessClosed(String text) {
        Channel c;
        synchronized (this) {
            c = connection;
        }
        return c != null && c.writeAndFlush(new TextWebSocketFrame(text)).awaitUninterruptibly().isSuccess();
    }

    void ping() {
        Channel c;
        synchronized (this) {
            c = connection;
        }
        if (c != null) {
            c.writeAndFlush(new PingWebSocketFrame(Unpooled.copiedBuffer("hb", StandardCharsets.UTF_8)));
        }
    }

    /** Pings the connected dispatcher every {@code period} until the returned future is cancelled. */
    ScheduledFuture<?> pingEvery(Duration period) {
        return group.scheduleAtFixedRate(this::ping, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Closes the TCP connection without a close frame, as a crash or a network failure would. */
    void drop() {
        Channel c;
        synchronized (this) {
            c = connection;
            connection = null;
        }
        if (c != null) {
            c.close().syncUninterruptibly();
        }
    }

    /** Sends a close frame with {@code code}, then closes the connection. */
    void closeWith(int code, String reason) {
        Channel c;
        synchronized (this) {
            c = connection;
            connection = null;
        }
        // awaited, not synced: the dispatcher may have closed first (after TE), and then there is nothing to close
        c.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(ChannelFutureListener.CLOSE)
            .awaitUninterruptibly();
    }

    /** The next text from the dispatcher not returned before. */
    String next(Duration timeout) throws InterruptedException {
        String s = unread.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (s == null) {
            throw new AssertionError("nothing received from the dispatcher within " + timeout + "; so far: " + all);
        }
        return s;
    }

    /** The next unread text starting with {@code prefix}; the texts skipped on the way stay in {@link #all()}. */
    String nextStartingWith(String prefix, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String s = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (s.startsWith(prefix)) {
                return s;
            }
        }
    }

    /** Every text received so far, in order. */
    List<String> all() {
        return List.copyOf(all);
    }

    /** Texts that arrive within {@code quiet} of each other from now on, until none does. */
    List<String> drain(Duration quiet) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (String s = unread.poll(quiet.toMillis(), TimeUnit.MILLISECONDS); s != null;
             s = unread.poll(quiet.toMillis(), TimeUnit.MILLISECONDS)) {
            out.add(s);
        }
        return out;
    }

    Close awaitClose(Duration timeout) throws InterruptedException {
        Close c = closes.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (c == null) {
            throw new AssertionError("the dispatcher sent no close frame within " + timeout);
        }
        return c;
    }

    /** Waits until {@code n} WebSocket connections have been accepted in total. */
    void awaitConnections(int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (connectionsAccepted.get() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + connectionsAccepted.get() + " connection(s) within " + timeout
                    + ", expected " + n);
            }
            Thread.sleep(10);
        }
    }

    int connections() {
        return connectionsAccepted.get();
    }

    /** When each pong arrived ({@link System#nanoTime()}). */
    List<Long> pongs() {
        return List.copyOf(pongNanos);
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void accepted(Channel ch) {
        Close refuse = refuseWith;
        if (refuse != null) {
            connectionsAccepted.incrementAndGet();
            ch.writeAndFlush(new CloseWebSocketFrame(refuse.code(), refuse.reason()))
                .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        Channel previous;
        ArrayDeque<String> flush;
        synchronized (this) {
            previous = connection;
            connection = ch;
            connectionsAccepted.incrementAndGet();
            flush = new ArrayDeque<>(pending);
            pending.clear();
        }
        if (previous != null && previous.isActive()) {
            previous.close(); // NNI 3.0: "Channel __default__ reconnecting, drop previous connection"
        }
        for (String text : flush) {
            ch.writeAndFlush(new TextWebSocketFrame(text));
        }
    }

    private synchronized void lost(Channel ch) {
        if (connection == ch) {
            connection = null;
        }
    }

    /** Any HTTP request that is not the WebSocket upgrade at /tuner, as the manager's REST server answers it. */
    private static final class NotFound extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(request.protocolVersion(), HttpResponseStatus.NOT_FOUND))
                .addListener(ChannelFutureListener.CLOSE);
        }
    }

    private final class Recorder extends SimpleChannelInboundHandler<WebSocketFrame> {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete) {
                accepted(ctx.channel());
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (frame instanceof TextWebSocketFrame text) {
                all.add(text.text());
                unread.add(text.text());
            } else if (frame instanceof PongWebSocketFrame) {
                pongNanos.add(System.nanoTime());
            } else if (frame instanceof CloseWebSocketFrame close) {
                closes.add(new Close(close.statusCode(), close.reasonText()));
                lost(ctx.channel());
                ctx.writeAndFlush(new CloseWebSocketFrame(close.statusCode(), close.reasonText()))
                    .addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            lost(ctx.channel());
            super.channelInactive(ctx);
        }
    }
}
