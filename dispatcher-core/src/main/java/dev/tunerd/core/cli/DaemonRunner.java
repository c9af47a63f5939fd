package dev.tunerd.core.cli;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.core.channel.PipeChannel;
import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.dispatch.ChannelReplySink;
import dev.tunerd.core.dispatch.Daemon;
import dev.tunerd.core.dispatch.DispatchState;
import dev.tunerd.core.dispatch.ExitCode;
import dev.tunerd.core.dispatch.IssuedIdsRecord;
import dev.tunerd.core.dispatch.MsgDispatcher;
import dev.tunerd.core.dispatch.PreviousRunIds;
import dev.tunerd.core.plugin.AlgorithmFactory;
import dev.tunerd.core.plugin.AlgorithmRegistry;
import dev.tunerd.core.plugin.ClassArgsBinder;
import dev.tunerd.core.plugin.PluginClassLoaders;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds and runs the daemon from validated settings: algorithms first (as NNI, so a bad algorithm never connects),
 * then the {@link StartHook}, then the channel (pipe, or the WebSocket connector for a {@code ws://} URL), then the {@link Daemon}. Used once,
 * on the main thread.
 */
public final class DaemonRunner {

    private static final Logger LOG = LoggerFactory.getLogger(DaemonRunner.class);

    private final DaemonWiring wiring;

    public DaemonRunner(DaemonWiring wiring) {
        this.wiring = wiring;
    }

    /**
     * @throws ConfigurationException for unusable settings (exit 2)
     */
    public ExitCode run(DaemonSettings settings) throws InterruptedException {
        LateSink sink = new LateSink();
        DispatchState state = new DispatchState(wiring.observer().apply(settings), sink);
        AlgorithmContext context = new AlgorithmContext(state.issuer(),
            settings.environment().checkpointDirectory(), Clock.systemUTC(), settings.budget());
        ClassLoader loader = PluginClassLoaders.forPluginPath(settings.pluginPath(), DaemonRunner.class.getClassLoader());
        AlgorithmFactory factory = new AlgorithmFactory(new AlgorithmRegistry(loader), new ClassArgsBinder(), loader);
        Tuner tuner = factory.createTuner(settings.tuner(), context);
        Assessor assessor = settings.assessor().map(a -> factory.createAssessor(a, context)).orElse(null);
        // which algorithms run, as read from exp_params: the one line that tells a launcher-shim user what tunerd got
        LOG.info("Tuner: {}; assessor: {}", describe(settings.tuner()),
            settings.assessor().map(DaemonRunner::describe).orElse("none"));
        if (settings.environment().resume() && settings.checkpoint() == CheckpointMode.OFF) {
            // NNI's line, true here: without a journal nothing is restored (with one, the journal says what it did)
            LOG.info("Load checkpoint ignored by tuner, checkpoint path: {}",
                settings.environment().checkpointDirectory().map(Object::toString).orElse("None"));
        }
        wiring.startHook().beforeStart(settings, state, tuner, assessor);
        IssuedIdsRecord issuedIds = PreviousRunIds.continueRecord(state, tuner, settings.environment().logDirectory(),
            settings.environment().resume());
        try {
            CommandChannel channel = open(settings);
            sink.bind(new ChannelReplySink(channel));
            MsgDispatcher dispatcher = new MsgDispatcher(tuner, assessor, state,
                settings.environment().includeIntermediateResults());
            return new Daemon(channel, sink, dispatcher,
                new Daemon.Settings(settings.queueCapacity(), Daemon.Settings.DEFAULT_SHUTDOWN_GRACE,
                    settings.echoPing())).run();
        } finally {
            if (issuedIds != null) {
                issuedIds.close();
            }
        }
    }

    private static String describe(AlgorithmSpec spec) {
        return SafeText.capped(spec.label() + " " + Json.write(spec.classArgs()), 2000); // from exp_params: outside
    }

    private CommandChannel open(DaemonSettings settings) throws InterruptedException {
        if (settings.channelUrl().isEmpty()) {
            return PipeChannel.standardStreams(settings.frameFormat());
        }
        URI url = settings.channelUrl().get();
        try {
            return wiring.webSocket().connect(url, settings);
        } catch (UnsupportedOperationException e) {
            throw new ConfigurationException(e.getMessage(), e);
        } catch (IOException e) {
            String why = String.valueOf(e.getMessage());
            throw new ChannelOpenException(why.contains(url.toString()) ? why : "cannot connect to " + url + ": " + why,
                e);
        }
    }

    /** The channel could not be opened (exit 4). */
    public static final class ChannelOpenException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ChannelOpenException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
