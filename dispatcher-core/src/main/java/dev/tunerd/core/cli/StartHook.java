package dev.tunerd.core.cli;

import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.dispatch.DispatchState;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.Tuner;

/**
 * Runs once on the main thread after the algorithms are created and before the channel opens or any other thread
 * starts: the place to restore a checkpoint (the ledger through {@link DispatchState#ledger()}, algorithm state
 * through {@code Snapshotting}). An exception here ends the process before anything is read (exit 1, or 2 for a
 * {@link dev.tunerd.core.config.ConfigurationException}).
 */
@FunctionalInterface
public interface StartHook {

    /** Does nothing. */
    StartHook NONE = (settings, state, tuner, assessor) -> {
    };

    /**
     * @param assessor the assessor, or null when none is configured
     */
    void beforeStart(DaemonSettings settings, DispatchState state, Tuner tuner, Assessor assessor);
}
