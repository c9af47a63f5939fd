package dev.tunerd.core.channel.ws;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker13;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.URI;
import java.util.List;

/**
 * Netty's RFC 6455 client handshake, with one difference in the frame decoder it installs: a protocol violation (a
 * frame over the size limit, a malformed frame) neither closes the connection (Netty's decoder would send 1009/1002
 * and close) nor travels as an exception (Netty's protocol handler closes the connection on any exception). It
 * reaches the end of the pipeline as a {@link ProtocolViolation} user event instead. The dispatcher thus still owns
 * the connection and can send {@code ER} with the reason before closing with 4001; otherwise the manager would only
 * see an unexplained close. After a violation the decoder discards everything it receives. One instance per
 * connection attempt; used on its I/O thread.
 */
final class ReportingHandshaker extends WebSocketClientHandshaker13 {

    /** The user event for a frame the decoder rejected. */
    record ProtocolViolation(CorruptedWebSocketFrameException cause) {
    }

    ReportingHandshaker(URI uri, int maxFramePayloadLength, long forceCloseTimeoutMillis) {
        super(uri, WebSocketVersion.V13, null, false, EmptyHttpHeaders.INSTANCE, maxFramePayloadLength, true, false,
            forceCloseTimeoutMillis);
    }

    @Override
    protected WebSocketFrameDecoder newWebsocketDecoder() {
        return new ReportingDecoder(WebSocketDecoderConfig.newBuilder()
            .expectMaskedFrames(false)
            .allowExtensions(false)
            .allowMaskMismatch(false)
            .maxFramePayloadLength(maxFramePayloadLength())
            .closeOnProtocolViolation(false)
            .build());
    }

    private static final class ReportingDecoder extends WebSocket13FrameDecoder {
        ReportingDecoder(WebSocketDecoderConfig config) {
            super(config);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
            try {
                super.decode(ctx, in, out);
            } catch (CorruptedWebSocketFrameException e) {
                ctx.fireUserEventTriggered(new ProtocolViolation(e));
            }
        }
    }
}
