package dev.tunerd.app;

import dev.tunerd.core.checkpoint.CheckpointException;
import dev.tunerd.core.checkpoint.CheckpointLock;
import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.checkpoint.CheckpointSettings;
import dev.tunerd.core.checkpoint.CheckpointStartup;
import dev.tunerd.core.checkpoint.ExperimentInfo;
import dev.tunerd.core.checkpoint.JournalLedger;
import dev.tunerd.core.checkpoint.JournalResumePlan;
import dev.tunerd.core.cli.DaemonWiring;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.core.dispatch.DispatchState;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plugs the checkpoint journal into the daemon (docs/CHECKPOINT.md): the journal is opened (and, on
 * {@code NNI_MODE=resume}, read) as the daemon's observer, before the algorithms are created and before any command
 * is read; the start hook then continues the id counter and the assessor from it, and hands the dispatcher a
 * {@link JournalResumePlan} for the tuner (restored after {@code IN}) and the first {@code FD}. With the mode off
 * nothing of this happens and the daemon behaves as NNI's (history from {@code FD}/{@code AD} only).
 *
 * <p>Used on main only: {@link #observer} and {@link #beforeStart} run once each in that order, {@link #close} after
 * the daemon returned. Not thread-safe.
 */
final class CheckpointWiring implements AutoCloseable {
    /**
     * Taken when first used, not when the class loads: {@code Main} creates this object before the command line is
     * parsed, and a static logger would initialise Logback on the main thread, ahead of the start-up thread that
     * does it in parallel ({@code LoggingSetup.initializeInBackground}).
     */
    private static Logger log() {
        return LoggerFactory.getLogger(CheckpointWiring.class);
    }

    private CheckpointStartup startup;
    private CheckpointLock lock;

    /** {@code base} with this journal as its observer and start hook. */
    DaemonWiring applyTo(DaemonWiring base) {
        return base.withObserver(this::observer).withStartHook(this::beforeStart);
    }

    /**
     * Opens the checkpoint.
     *
     * @throws ConfigurationException in required mode when it cannot be opened (exit 2, nothing was started)
     */
    DispatchObserver observer(DaemonSettings settings) {
        if (settings.checkpoint() == CheckpointMode.OFF) {
            return DispatchObserver.NONE;
        }
        ExperimentInfo info = new ExperimentInfo(Optional.of(settings.tuner().label()),
            optimizeMode(settings.tuner().classArgs().get("optimize_mode")));
        CheckpointSettings checkpoint = CheckpointSettings.of(settings.environment().checkpointDirectory().orElseThrow(),
            settings.checkpoint(), info);
        try {
            // before anything is read: a second daemon on this directory must not even set files aside (any mode)
            lock = CheckpointLock.acquire(checkpoint.checkpointDirectory()).orElse(null);
            startup = CheckpointStartup.begin(checkpoint, settings.environment().resume());
        } catch (CheckpointException e) {
            throw new ConfigurationException(e.getMessage(), e);
        }
        return startup.recorder();
    }

    void beforeStart(DaemonSettings settings, DispatchState state, Tuner tuner, Assessor assessor) {
        if (startup == null || !settings.environment().resume()) {
            return;
        }
        long next = Math.max(startup.minimumNextParameterId(), startup.recovered().nextParameterId());
        JournalLedger.restore(state.ledger(), startup.recovered(), next);
        JournalResumePlan plan = new JournalResumePlan(startup.recovered());
        plan.restoreAssessor(assessor);
        state.planResume(plan);
        log().info("checkpoint: resuming with {} issued ids, {} results; next parameter id {}",
            startup.recovered().issuedParameters().size(), startup.recovered().results().size(), next);
    }

    /** Forces and closes the journal (nothing when it was never opened), then releases the directory lock. */
    @Override
    public void close() {
        if (startup != null) {
            startup.recorder().close();
        }
        if (lock != null) {
            lock.close();
        }
    }

    private static Optional<OptimizeMode> optimizeMode(JsonValue value) {
        if (value instanceof JsonString s) {
            for (OptimizeMode m : OptimizeMode.values()) {
                if (m.toString().equals(s.value())) {
                    return Optional.of(m);
                }
            }
        }
        return Optional.empty();
    }
}
