package dev.tunerd.core.channel.ws;

import io.netty.channel.Channel;

/** What a connection's pipeline reports to the channel. Every method is called on the connection's I/O thread. */
interface ConnectionEvents {

    /** One whole text (or binary, read as UTF-8) message; {@code wireBytes} is its size on the wire. */
    void onMessage(Channel connection, String text, int wireBytes);

    /** The manager sent a close frame. */
    void onCloseFrame(Channel connection, int code, String reason);

    /** A message larger than the limit, or another violation that a reconnection cannot fix. */
    void onProtocolError(Channel connection, Throwable cause);

    /** The connection ended after its handshake had completed. */
    void onLost(Channel connection, Throwable cause);
}
