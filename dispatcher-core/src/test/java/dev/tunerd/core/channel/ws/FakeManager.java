package dev.tunerd.core.channel.ws;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.ChannelFutureListener;
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
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the NNI manager's side of the tuner command channel for tests: a Netty WebSocket server on 127.0.0.1 at
 * {@code /tuner} that records what the dispatcher sends (texts, close codes, pongs) and sends what a test tells it.
 * Thread-safe.
 */
final class FakeManager implements AutoCloseable {

    /** A close frame as received: code and reason. */
    record Close(int code, String reason) {
    }

    private static final int MAX_MESSAGE = 64 << 20;

    final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    final BlockingQueue<Close> closes = new LinkedBlockingQueue<>();
    final BlockingQueue<Channel> connections = new LinkedBlockingQueue<>();
    final AtomicInteger pongs = new AtomicInteger();

    private final EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("fake-manager", true));
    private volatile Channel server;
    private volatile Channel connection;
    private volatile int port;
    private volatile Close closeEveryConnection;

    /** Listens on an ephemeral port of 127.0.0.1. */
    static FakeManager start() throws InterruptedException {
        FakeManager m = new FakeManager();
        m.listen(0);
        return m;
    }

    URI uri() {
        return URI.create("ws://127.0.0.1:" + port + "/tuner");
    }

    /** Listens again on the same port after {@link #stopListening()}. */
    void listen(int onPort) throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                        new WebSocketServerProtocolHandler(WebSocketServerProtocolConfig.newBuilder()
                            .websocketPath("/tuner").handleCloseFrames(false).dropPongFrames(false)
                            .maxFramePayloadLength(MAX_MESSAGE).build()),
                        new WebSocketFrameAggregator(MAX_MESSAGE), new Recorder(), new NotFound());
                }
            })
            .bind(new InetSocketAddress("127.0.0.1", onPort)).sync().channel();
        port = ((InetSocketAddress) server.localAddress()).getPort();
    }

    void listenAgain() throws InterruptedException {
        listen(port);
    }

    /** Stops accepting connections and drops the current one without a close frame. */
    void stopListening() throws InterruptedException {
        server.close().sync();
        drop();
    }

    /** Waits for the next accepted WebSocket connection. */
    Channel awaitConnection() throws InterruptedException {
        Channel c = connections.poll(10, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("the dispatcher did not connect within 10 s");
        }
        return c;
    }

    /** From now on, closes every new connection with this code right after its handshake. */
    void closeEveryConnectionWith(int code, String reason) {
        closeEveryConnection = new Close(code, reason);
    }

    void send(String text) {
        connection.writeAndFlush(new TextWebSocketFrame(text)).syncUninterruptibly();
    }

    void ping() {
        connection.writeAndFlush(new PingWebSocketFrame(Unpooled.copiedBuffer("hb", StandardCharsets.UTF_8)))
            .syncUninterruptibly();
    }

    void closeWith(int code, String reason) {
        connection.writeAndFlush(new CloseWebSocketFrame(code, reason)).syncUninterruptibly();
        connection.close().syncUninterruptibly();
    }

    /** Closes the TCP connection with no close frame, as a crash or a network failure would. */
    void drop() {
        Channel c = connection;
        if (c != null) {
            c.close().syncUninterruptibly();
        }
    }

    String nextReceived() throws InterruptedException {
        String s = received.poll(10, TimeUnit.SECONDS);
        if (s == null) {
            throw new AssertionError("nothing received from the dispatcher within 10 s");
        }
        return s;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
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
                connection = ctx.channel();
                connections.add(ctx.channel());
                Close refuse = closeEveryConnection;
                if (refuse != null) {
                    ctx.writeAndFlush(new CloseWebSocketFrame(refuse.code(), refuse.reason()))
                        .addListener(ChannelFutureListener.CLOSE);
                }
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (frame instanceof TextWebSocketFrame text) {
                received.add(text.text());
            } else if (frame instanceof PongWebSocketFrame) {
                pongs.incrementAndGet();
            } else if (frame instanceof CloseWebSocketFrame close) {
                closes.add(new Close(close.statusCode(), close.reasonText()));
                ctx.close();
            }
        }
    }
}
