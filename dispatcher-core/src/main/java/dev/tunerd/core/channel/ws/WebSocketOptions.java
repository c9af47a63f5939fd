package dev.tunerd.core.channel.ws;

import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.ws.WsForm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Settings of a {@link WebSocketChannel}, validated when built. Immutable and thread-safe.
 *
 * @param form                null to detect the form from the manager's first message (IN), otherwise the form to use
 * @param maxFrameBytes       the largest command content accepted ({@code --max-frame-bytes}); the WebSocket message
 *                            limit is twice this plus 64 KiB, room for the JSON envelope and its escaping
 * @param reconnectDelays     the pause before each connection attempt, first connection and reconnection alike; its
 *                            size is the number of attempts (NNI's client: 0, 1, 2, 3, 4 s)
 * @param handshakeTimeout    how long one attempt may take to connect and finish the WebSocket handshake
 * @param closeTimeout        how long {@link WebSocketChannel#close(boolean)} waits for the close handshake
 * @param maxBufferedMessages inbound commands the reader has not taken yet beyond which reading pauses
 * @param maxBufferedBytes    the same limit in bytes of the messages (their UTF-8 size on the wire)
 */
public record WebSocketOptions(WsForm form, long maxFrameBytes, List<Duration> reconnectDelays,
                               Duration handshakeTimeout, Duration closeTimeout,
                               int maxBufferedMessages, long maxBufferedBytes) {

    /** NNI's Python client sleeps 0, 1, 2, 3, 4 seconds between its five attempts. */
    public static final List<Duration> NNI_RECONNECT_DELAYS = List.of(Duration.ZERO, Duration.ofSeconds(1),
        Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(4));

    private static final int ENVELOPE_SLACK = 64 * 1024;
    private static final int MAX_ATTEMPTS = 20;

    public WebSocketOptions {
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("max frame bytes must be positive, got " + maxFrameBytes);
        }
        reconnectDelays = List.copyOf(reconnectDelays);
        if (reconnectDelays.isEmpty()) {
            throw new IllegalArgumentException("at least one connection attempt is needed (reconnect delays are empty)");
        }
        for (Duration d : reconnectDelays) {
            requireNotNegative(d, "reconnect delay");
        }
        requirePositive(Objects.requireNonNull(handshakeTimeout, "handshakeTimeout"), "handshake timeout");
        requirePositive(Objects.requireNonNull(closeTimeout, "closeTimeout"), "close timeout");
        if (maxBufferedMessages < 1 || maxBufferedBytes < 1) {
            throw new IllegalArgumentException("inbound buffer limits must be positive, got " + maxBufferedMessages
                + " messages and " + maxBufferedBytes + " bytes");
        }
    }

    /** Detect the form, 1 GiB frames, NNI's reconnect schedule, 10 s handshake, 2 s close, 100,000 messages/256 MiB. */
    public static WebSocketOptions defaults() {
        return new WebSocketOptions(null, FrameFormat.DEFAULT_MAX_FRAME_BYTES, NNI_RECONNECT_DELAYS,
            Duration.ofSeconds(10), Duration.ofSeconds(2), 100_000, 256L << 20);
    }

    public WebSocketOptions withForm(WsForm newForm) {
        return new WebSocketOptions(newForm, maxFrameBytes, reconnectDelays, handshakeTimeout, closeTimeout,
            maxBufferedMessages, maxBufferedBytes);
    }

    public WebSocketOptions withMaxFrameBytes(long bytes) {
        return new WebSocketOptions(form, bytes, reconnectDelays, handshakeTimeout, closeTimeout,
            maxBufferedMessages, maxBufferedBytes);
    }

    public WebSocketOptions withReconnectDelays(List<Duration> delays) {
        return new WebSocketOptions(form, maxFrameBytes, delays, handshakeTimeout, closeTimeout,
            maxBufferedMessages, maxBufferedBytes);
    }

    public WebSocketOptions withTimeouts(Duration handshake, Duration close) {
        return new WebSocketOptions(form, maxFrameBytes, reconnectDelays, handshake, close,
            maxBufferedMessages, maxBufferedBytes);
    }

    public WebSocketOptions withInboundBuffer(int messages, long bytes) {
        return new WebSocketOptions(form, maxFrameBytes, reconnectDelays, handshakeTimeout, closeTimeout,
            messages, bytes);
    }

    /**
     * Parses a reconnection schedule written as pauses in seconds separated by commas, e.g. {@code "0,1,2,3,4"} (NNI's)
     * or {@code "0,0.2"}: one attempt per pause, at most {@value #MAX_ATTEMPTS}, each pause at most 60 s. This is the
     * form of the hidden {@code TUNERD_WS_RECONNECT_DELAYS} variable (for tests, docs/PROTOCOL.md).
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static List<Duration> parseReconnectDelays(String text) {
        String[] parts = text.strip().split("\\s*,\\s*", -1);
        if (parts.length > MAX_ATTEMPTS) {
            throw new IllegalArgumentException("reconnect delays \"" + text + "\": at most " + MAX_ATTEMPTS
                + " attempts, got " + parts.length);
        }
        List<Duration> delays = new ArrayList<>();
        for (String part : parts) {
            double seconds;
            try {
                seconds = Double.parseDouble(part);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("reconnect delays \"" + text + "\": \"" + part + "\" is not a"
                    + " number of seconds (expected e.g. 0,1,2,3,4)", e);
            }
            if (!(seconds >= 0 && seconds <= 60)) {
                throw new IllegalArgumentException("reconnect delays \"" + text + "\": " + part
                    + " s is outside 0..60 s");
            }
            delays.add(Duration.ofMillis(Math.round(seconds * 1000)));
        }
        return List.copyOf(delays);
    }

    /** The largest WebSocket message accepted: room for a {@link #maxFrameBytes} content inside its JSON envelope. */
    int maxMessageBytes() {
        long limit = 2 * maxFrameBytes + ENVELOPE_SLACK;
        return (int) Math.min(limit, Integer.MAX_VALUE - 8);
    }

    private static void requirePositive(Duration d, String what) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, got " + d);
        }
    }

    private static void requireNotNegative(Duration d, String what) {
        if (Objects.requireNonNull(d, what).isNegative()) {
            throw new IllegalArgumentException(what + " must not be negative, got " + d);
        }
    }
}
