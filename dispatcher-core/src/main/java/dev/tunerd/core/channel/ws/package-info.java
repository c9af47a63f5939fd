/**
 * The WebSocket transport of NNI's tuner command channel (NNI 2.8 and later), the only Netty code of the daemon.
 * {@link dev.tunerd.core.channel.ws.WebSocketChannel} is the {@link dev.tunerd.core.channel.CommandChannel} the CLI
 * creates when {@code NNI_TUNER_COMMAND_CHANNEL} or {@code --channel} names a {@code ws://} URL; its settings are a
 * {@link dev.tunerd.core.channel.ws.WebSocketOptions}. What a message means is decided by the pure codec in {@code
 * dev.tunerd.protocol.ws}.
 *
 * <p>Threading: one Netty I/O thread per channel answers pings, decodes messages and hands commands to the reader
 * through {@code InboundBuffer} without ever blocking; {@code ConnectionSupervisor} holds the connection state and
 * the (re)connection schedule; {@code OutboundQueue} keeps outbound commands until their write succeeded, so a lost
 * connection loses none of them. The details are in the javadoc of {@code WebSocketChannel} and in docs/PROTOCOL.md.
 */
package dev.tunerd.core.channel.ws;
