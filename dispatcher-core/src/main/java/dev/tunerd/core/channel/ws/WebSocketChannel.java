package dev.tunerd.core.channel.ws;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.ws.WsForm;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * NNI's tuner command channel over WebSocket (NNI 2.8 and later): the dispatcher is the client of the manager's
 * WebSocket server at {@code NNI_TUNER_COMMAND_CHANNEL}. Messages are in the NNI 3.0 JSON form or the NNI 2.8-2.10 raw
 * form ({@link WsForm}), detected from the manager's first message unless configured.
 *
 * <p><b>Threading.</b> One Netty I/O thread, {@code tunerd-ws-io} (a daemon thread), owns the socket. It answers
 * ping frames itself (Netty's WebSocket protocol handler), decodes each message and hands commands to the reader
 * through a buffer that never blocks it, so a long tuner computation never delays a pong. {@code _nop_} is dropped
 * there; {@code _bye_} (or a close with code 4000) from the manager ends the stream after the commands before it:
 * {@link #receive()} then returns null. If the reader falls more than {@link WebSocketOptions#maxBufferedMessages()}
 * messages or {@link WebSocketOptions#maxBufferedBytes()} bytes behind, the I/O thread stops reading the socket freely until
 * the reader has caught up by half; meanwhile it still reads once every 500 ms, because pings share the TCP stream
 * with the commands and must keep being answered (the buffer grows by at most one socket read per period). {@link #receive()} is called by
 * the reader thread, {@link #send(Command)} by the single writer thread (it returns once the operating system has
 * accepted the message, or at once while disconnected), {@link #close(boolean)} once by the thread ending the daemon.
 *
 * <p><b>Reconnecting.</b> A lost connection is reopened on the schedule of {@link WebSocketOptions#reconnectDelays()}
 * (NNI's client: pauses of 0, 1, 2, 3, 4 s). Commands sent meanwhile, and writes that had not succeeded when the
 * connection dropped, are sent in order on the new connection; inbound commands already received stay buffered (the
 * manager queues what it sends meanwhile). After the last attempt the channel logs the error and {@link #receive()}
 * and {@link #send(Command)} throw an {@link IOException}, so the daemon exits non-zero. The first connection uses the
 * same schedule.
 *
 * <p>Thread-safe as described above.
 */
public final class WebSocketChannel implements CommandChannel {

    private final ConnectionSupervisor supervisor;

    private WebSocketChannel(ConnectionSupervisor supervisor) {
        this.supervisor = supervisor;
    }

    /**
     * Connects to the manager, retrying on the schedule of {@code options}, and returns once the WebSocket handshake
     * has completed.
     *
     * @param uri a {@code ws://} URL, e.g. {@code ws://localhost:8080/tuner} (see {@link #parseUri(String)})
     * @throws IllegalArgumentException when the URL is not a {@code ws://} URL with a host
     * @throws IOException              when no attempt succeeded; the message names the URL and the last cause
     */
    public static WebSocketChannel connect(URI uri, WebSocketOptions options) throws IOException, InterruptedException {
        checkUri(uri);
        EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("tunerd-ws-io", true));
        ConnectionSupervisor supervisor = new ConnectionSupervisor(uri, options, group);
        try {
            supervisor.connect();
        } catch (IOException | InterruptedException | RuntimeException e) {
            supervisor.close(true);
            throw e;
        }
        return new WebSocketChannel(supervisor);
    }

    /**
     * Parses and checks a channel URL as given in {@code NNI_TUNER_COMMAND_CHANNEL} or {@code --channel}.
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static URI parseUri(String text) {
        try {
            URI uri = new URI(text.strip());
            checkUri(uri);
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the tuner command channel \"" + text + "\" is not a valid URL: "
                + e.getMessage(), e);
        }
    }

    private static void checkUri(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("ws")) {
            throw new IllegalArgumentException("the tuner command channel \"" + uri + "\" must be a ws:// URL such as"
                + " ws://localhost:8080/tuner" + (scheme.equals("wss") ? "; wss:// (TLS) is not supported, NNI's"
                + " manager serves plain ws:// on localhost" : "; got the scheme \"" + scheme + "\""));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("the tuner command channel \"" + uri + "\" has no host");
        }
    }

    @Override
    public Command receive() throws IOException, InterruptedException {
        return supervisor.inbound().take();
    }

    /**
     * Runs {@code action} on the I/O thread when a {@code TE}, a {@code _bye_} or a close with code 4000 arrives, ahead
     * of the buffer.
     */
    @Override
    public void onSessionEnd(Consumer<String> action) {
        supervisor.onSessionEnd(action);
    }

    @Override
    public void send(Command command) throws IOException {
        supervisor.send(command);
    }

    /**
     * Ends the channel: a normal end sends {@code {"type": "_bye_"}} (JSON form) and closes with code 4000, a failure
     * closes with code 4001. Waits at most the configured close timeout twice; never throws; idempotent.
     */
    @Override
    public void close(boolean failed) {
        supervisor.close(failed);
    }

    /** True while the reader is so far behind that the I/O thread reads only once per period (for tests and logs). */
    boolean readingPaused() {
        return supervisor.inbound().paused();
    }

    /** The message form in use, or null while it is still to be detected from the manager's first message. */
    public WsForm form() {
        return supervisor.form();
    }
}
