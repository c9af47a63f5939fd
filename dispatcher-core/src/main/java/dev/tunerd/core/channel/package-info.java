/**
 * Transports between the manager and the dispatcher: {@link dev.tunerd.core.channel.CommandChannel} and the legacy
 * framed pipe {@link dev.tunerd.core.channel.PipeChannel}; {@link dev.tunerd.core.channel.WebSocketConnector} is the seam
 * where the WebSocket channel (sub-package {@code ws}) is plugged in. A channel only moves whole
 * {@link dev.tunerd.protocol.Command}s; it never parses payloads or calls algorithm code.
 *
 * <p>Threading: one reader thread calls {@code receive}, one writer (the lock in the dispatcher's reply sink) calls
 * {@code send}; {@code close} is called once at the end.
 */
package dev.tunerd.core.channel;
