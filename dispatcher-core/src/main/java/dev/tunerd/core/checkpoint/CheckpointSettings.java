package dev.tunerd.core.checkpoint;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/**
 * How the {@link CheckpointRecorder} writes. Immutable and thread-safe.
 *
 * @param checkpointDirectory NNI's {@code NNI_CHECKPOINT_DIRECTORY}; tunerd writes under its {@code tunerd/}
 * @param mode                the failure policy
 * @param info                tuner name and optimize mode, kept for the checkpoint tools
 * @param rolloverBytes       a segment that grows past this is folded into a new snapshot
 * @param opener              opens file channels (tests inject failing ones)
 * @param clock               the time source for creation times
 */
public record CheckpointSettings(Path checkpointDirectory, CheckpointMode mode, ExperimentInfo info,
                                 long rolloverBytes, ChannelOpener opener, Clock clock) {
    /** The default segment size before a snapshot is taken: 8 MiB. */
    public static final long DEFAULT_ROLLOVER_BYTES = 8L * 1024 * 1024;

    public CheckpointSettings {
        Objects.requireNonNull(checkpointDirectory, "checkpointDirectory");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(opener, "opener");
        Objects.requireNonNull(clock, "clock");
        if (rolloverBytes < JournalFormat.HEADER_BYTES) {
            throw new IllegalArgumentException("rolloverBytes " + rolloverBytes + " is below the header size");
        }
    }

    /** Settings with the default rollover, the platform's file channels and the UTC system clock. */
    public static CheckpointSettings of(Path checkpointDirectory, CheckpointMode mode, ExperimentInfo info) {
        return new CheckpointSettings(checkpointDirectory, mode, info, DEFAULT_ROLLOVER_BYTES, ChannelOpener.DEFAULT,
            Clock.systemUTC());
    }

    public CheckpointSettings withRolloverBytes(long bytes) {
        return new CheckpointSettings(checkpointDirectory, mode, info, bytes, opener, clock);
    }

    public CheckpointSettings withOpener(ChannelOpener channelOpener) {
        return new CheckpointSettings(checkpointDirectory, mode, info, rolloverBytes, channelOpener, clock);
    }
}
