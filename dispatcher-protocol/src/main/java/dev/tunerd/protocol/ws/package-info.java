/**
 * NNI's WebSocket tuner channel as pure code: what one WebSocket text message means. NNI 3.0 sends one JSON object
 * per message ({@code {"type": "GE", "content": "1"}}, plus the control messages {@code _nop_} and {@code _bye_});
 * NNI 2.8 to 2.10 send the two-letter type directly followed by the content ({@code GE1}). {@link
 * dev.tunerd.protocol.ws.WsForm} names the two forms and detects them from the first message, {@link
 * dev.tunerd.protocol.ws.WsMessageCodec} turns message text into a {@link dev.tunerd.protocol.ws.WsMessage} and
 * commands into message text, byte for byte as NNI's Python client writes them.
 *
 * <p>Nothing here does I/O, starts threads, logs or knows about Netty; the transport lives in {@code dispatcher-core}
 * ({@code dev.tunerd.core.channel.ws}). Every type is immutable and thread-safe.
 */
package dev.tunerd.protocol.ws;
