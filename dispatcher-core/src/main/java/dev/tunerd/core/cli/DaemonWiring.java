package dev.tunerd.core.cli;

import dev.tunerd.core.channel.WebSocketConnector;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.dispatch.DispatchObserver;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the application plugs into the daemon: the WebSocket connector and the observer (the checkpoint journal).
 * Immutable.
 *
 * @param webSocket used when a {@code ws://} URL is configured; {@link WebSocketConnector#UNAVAILABLE} by default
 * @param observer  makes the dispatch observer from the validated settings; {@code s -> DispatchObserver.NONE} by
 *                  default
 */
public record DaemonWiring(WebSocketConnector webSocket, Function<DaemonSettings, DispatchObserver> observer) {

    /** Pipe only, no observer. */
    public static final DaemonWiring DEFAULT = new DaemonWiring(WebSocketConnector.UNAVAILABLE,
        settings -> DispatchObserver.NONE);

    public DaemonWiring {
        Objects.requireNonNull(webSocket, "webSocket");
        Objects.requireNonNull(observer, "observer");
    }

    public DaemonWiring withWebSocket(WebSocketConnector connector) {
        return new DaemonWiring(connector, observer);
    }

    public DaemonWiring withObserver(Function<DaemonSettings, DispatchObserver> factory) {
        return new DaemonWiring(webSocket, factory);
    }
}
