package dev.tunerd.core.cli;

import dev.tunerd.core.channel.WebSocketConnector;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.dispatch.DispatchObserver;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the application plugs into the daemon: the WebSocket connector, the observer (the checkpoint journal) and a
 * hook run before start (checkpoint restore). Immutable.
 *
 * @param webSocket used when a {@code ws://} URL is configured; {@link WebSocketConnector#UNAVAILABLE} by default
 * @param observer  makes the dispatch observer from the validated settings; {@code s -> DispatchObserver.NONE} by
 *                  default
 * @param startHook runs after the algorithms exist, before the channel opens; {@link StartHook#NONE} by default
 */
public record DaemonWiring(WebSocketConnector webSocket, Function<DaemonSettings, DispatchObserver> observer,
                           StartHook startHook) {

    /** Pipe only, no observer, no hook. */
    public static final DaemonWiring DEFAULT = new DaemonWiring(WebSocketConnector.UNAVAILABLE,
        settings -> DispatchObserver.NONE, StartHook.NONE);

    public DaemonWiring {
        Objects.requireNonNull(webSocket, "webSocket");
        Objects.requireNonNull(observer, "observer");
        Objects.requireNonNull(startHook, "startHook");
    }

    public DaemonWiring withWebSocket(WebSocketConnector connector) {
        return new DaemonWiring(connector, observer, startHook);
    }

    public DaemonWiring withObserver(Function<DaemonSettings, DispatchObserver> factory) {
        return new DaemonWiring(webSocket, factory, startHook);
    }

    public DaemonWiring withStartHook(StartHook hook) {
        return new DaemonWiring(webSocket, observer, hook);
    }
}
