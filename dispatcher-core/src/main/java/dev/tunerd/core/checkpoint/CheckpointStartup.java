package dev.tunerd.core.checkpoint;

import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checkpoint side of dispatcher start-up, in one call: on {@code NNI_MODE=resume} read the checkpoint, fall back
 * to an empty history when it cannot be read (the manager's {@code FD}/{@code AD} then rebuild it, as in NNI), and
 * open the recorder that continues it. Immutable.
 *
 * @param recorder                the observer to give the dispatcher (inactive when the mode is off)
 * @param recovered               what the checkpoint held; empty on a fresh start or a fallback
 * @param fallbackReason          why the checkpoint could not be used, when it could not
 * @param minimumNextParameterId  the id counter must start at or above this (also after a fallback, from the part
 *                                of a damaged journal that could be read)
 */
public record CheckpointStartup(CheckpointRecorder recorder, RecoveredState recovered,
                                Optional<String> fallbackReason, long minimumNextParameterId) {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointStartup.class);

    public CheckpointStartup {
        Objects.requireNonNull(recorder, "recorder");
        Objects.requireNonNull(recovered, "recovered");
        Objects.requireNonNull(fallbackReason, "fallbackReason");
    }

    /**
     * Reads (when resuming) and opens the checkpoint.
     *
     * @throws CheckpointException in {@link CheckpointMode#REQUIRED} when the checkpoint cannot be opened for writing
     */
    public static CheckpointStartup begin(CheckpointSettings settings, boolean resume) {
        if (settings.mode() == CheckpointMode.OFF || !resume) {
            RecoveredState none = RecoveredState.empty();
            return new CheckpointStartup(CheckpointRecorder.open(settings, none, ExistingFiles.SET_ASIDE), none,
                Optional.empty(), 0);
        }
        try {
            RecoveredState state = CheckpointReader.read(settings.checkpointDirectory());
            return new CheckpointStartup(CheckpointRecorder.open(settings, state, ExistingFiles.SUPERSEDE), state,
                Optional.empty(), state.nextParameterId());
        } catch (CheckpointException e) {
            // damaged or abandoned: the part that can be read still raises the id floor (ids the manager may know)
            long floor = CheckpointReader.readableIdFloor(settings.checkpointDirectory());
            LOG.error("checkpoint: cannot resume from {}: {}; falling back to the manager's data (FD/AD), the old"
                + " files are set aside", settings.checkpointDirectory(), e.getMessage());
            RecoveredState none = RecoveredState.empty();
            return new CheckpointStartup(CheckpointRecorder.open(settings, none, ExistingFiles.SET_ASIDE), none,
                Optional.of(e.getMessage()), floor);
        }
    }
}
