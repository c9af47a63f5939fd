package dev.tunerd.core.channel.ws;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.net.URI;

/**
 * Opens one WebSocket connection to the manager: TCP connect, HTTP upgrade, then a pipeline of Netty's HTTP codec,
 * its WebSocket client protocol handler (which answers pings and checks frames; its decoder comes from the {@link
 * ReportingHandshaker}, so a violation leaves the connection to us), a frame aggregator (continuation frames, up to
 * the configured message size) and a {@link ManagerFrameHandler}. Thread-safe; the connections run on
 * the given event loop group.
 */
final class ManagerLink {

    private static final int HANDSHAKE_RESPONSE_BYTES = 64 * 1024;

    private final URI uri;
    private final WebSocketOptions options;
    private final EventLoopGroup group;

    ManagerLink(URI uri, WebSocketOptions options, EventLoopGroup group) {
        this.uri = uri;
        this.options = options;
        this.group = group;
    }

    /** Starts a connection; the future completes with the channel once the handshake is done, or fails. */
    Future<Channel> open(ConnectionEvents events) {
        Promise<Channel> handshake = group.next().newPromise();
        Bootstrap bootstrap = new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                options.handshakeTimeout().toMillis()))
            .handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    ch.pipeline().addLast(
                        new HttpClientCodec(),
                        new HttpObjectAggregator(HANDSHAKE_RESPONSE_BYTES),
                        new WebSocketClientProtocolHandler(new ReportingHandshaker(uri, options.maxMessageBytes(),
                            options.closeTimeout().toMillis()), protocolConfig()),
                        new WebSocketFrameAggregator(options.maxMessageBytes()),
                        new ManagerFrameHandler(events, handshake));
                }
            });
        ChannelFuture connect = bootstrap.connect(uri.getHost(), port());
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                handshake.tryFailure(f.cause());
            }
        });
        return handshake;
    }

    private WebSocketClientProtocolConfig protocolConfig() {
        return WebSocketClientProtocolConfig.newBuilder()
            .webSocketUri(uri)
            .version(WebSocketVersion.V13)
            .allowExtensions(false)
            .maxFramePayloadLength(options.maxMessageBytes())
            .handleCloseFrames(false)
            .dropPongFrames(true)
            .handshakeTimeoutMillis(options.handshakeTimeout().toMillis())
            .forceCloseTimeoutMillis(options.closeTimeout().toMillis())
            .build();
    }

    private int port() {
        return uri.getPort() == -1 ? 80 : uri.getPort();
    }
}
