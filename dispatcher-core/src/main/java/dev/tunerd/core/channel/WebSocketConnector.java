package dev.tunerd.core.channel;

import java.io.IOException;
import java.net.URI;

/**
 * The seam where the WebSocket channel is plugged in: given the manager's URL ({@code NNI_TUNER_COMMAND_CHANNEL} or
 * {@code --channel}), connect and return the channel. The application wires an implementation in
 * {@code dev.tunerd.app.Main}; without one, a WebSocket URL is a usage error. Implementations are called once, on the main thread.
 */
@FunctionalInterface
public interface WebSocketConnector {

    /** The answer when this build has no WebSocket channel. */
    WebSocketConnector UNAVAILABLE = url -> {
        throw new UnsupportedOperationException("WebSocket channel not available in this build (asked to connect to "
            + url + ")");
    };

    /**
     * Connects to the manager; blocks until the connection is up.
     *
     * @throws IOException when it cannot connect
     */
    CommandChannel connect(URI url) throws IOException, InterruptedException;
}
