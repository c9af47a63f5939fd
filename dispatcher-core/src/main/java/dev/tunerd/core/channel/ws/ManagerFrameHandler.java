package dev.tunerd.core.channel.ws;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The last handler of a connection's pipeline: completes the handshake promise, then passes whole messages and the
 * end of the connection to {@link ConnectionEvents}. Pings never reach it: Netty's {@code
 * WebSocketClientProtocolHandler} earlier in the pipeline answers them on this same I/O thread, whatever the reader
 * thread is doing. One instance per connection; runs on its I/O thread only.
 */
final class ManagerFrameHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private final ConnectionEvents events;
    private final Promise<Channel> handshake;
    private Throwable lastError;

    ManagerFrameHandler(ConnectionEvents events, Promise<Channel> handshake) {
        this.events = events;
        this.handshake = handshake;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
            if (!handshake.trySuccess(ctx.channel())) {
                ctx.close(); // the attempt was given up meanwhile
            }
        } else if (evt instanceof ReportingHandshaker.ProtocolViolation violation) {
            // the connection stays open: the dispatcher reports the error with ER, then closes with 4001
            events.onProtocolError(ctx.channel(), violation.cause());
            return;
        } else if (evt == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
            handshake.tryFailure(new IOException("the WebSocket handshake timed out"));
            ctx.close();
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        int size = frame.content().readableBytes();
        if (frame instanceof TextWebSocketFrame text) {
            events.onMessage(ctx.channel(), text.text(), size);
        } else if (frame instanceof BinaryWebSocketFrame) {
            events.onMessage(ctx.channel(), frame.content().toString(StandardCharsets.UTF_8), size);
        } else if (frame instanceof CloseWebSocketFrame close) {
            events.onCloseFrame(ctx.channel(), close.statusCode(), close.reasonText());
            ctx.writeAndFlush(new CloseWebSocketFrame(close.statusCode(), close.reasonText()))
                .addListener(f -> ctx.close());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        lastError = cause;
        if (handshake.isDone() && (cause instanceof TooLongFrameException
            || cause instanceof CorruptedWebSocketFrameException)) {
            // the connection stays open: the dispatcher reports the error with ER, then closes with 4001
            events.onProtocolError(ctx.channel(), cause);
            return;
        }
        handshake.tryFailure(cause);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (!handshake.tryFailure(closedBeforeHandshake())) {
            events.onLost(ctx.channel(), lastError);
        }
        super.channelInactive(ctx);
    }

    private IOException closedBeforeHandshake() {
        IOException e = new IOException("the connection closed before the WebSocket handshake completed");
        if (lastError != null) {
            e.initCause(lastError);
        }
        return e;
    }
}
