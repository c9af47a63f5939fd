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
 * @param maxUnforcedMillis   records that are not forced at once (results, trial ends, ...) are forced by the next
 *                            append once the oldest of them is this old (and always by the next issued parameter set)
 * @param opener              opens file channels (tests inject failing ones)
 * @param clock               the time source for creation times
 */
public record CheckpointSettings(Path checkpointDirectory, CheckpointMode mode, ExperimentInfo info,
                                 long rolloverBytes, long maxUnforcedMillis, ChannelOpener opener, Clock clock) {
    /** The default segment size before a snapshot is taken: 8 MiB. */
    public static final long DEFAULT_ROLLOVER_BYTES = 8L * 1024 * 1024;
    /** The default bound on how long a record may stay unforced while appends continue: one second. */
    public static final long DEFAULT_MAX_UNFORCED_MILLIS = 1000;

    public CheckpointSettings {
        Objects.requireNonNull(checkpointDirectory, "checkpointDirectory");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(opener, "opener");
        Objects.requireNonNull(clock, "clock");
        if (rolloverBytes < JournalFormat.HEADER_BYTES) {
            throw new IllegalArgumentException("rolloverBytes " + rolloverBytes + " is below the header size");
        }
        if (maxUnforcedMillis < 0) {
            throw new IllegalArgumentException("maxUnforcedMillis " + maxUnforcedMillis + " is negative");
        }
    }

    /** Settings with the default rollover, the platform's file channels and the UTC system clock. */
    public static CheckpointSettings of(Path checkpointDirectory, CheckpointMode mode, ExperimentInfo info) {
        return new CheckpointSettings(checkpointDirectory, mode, info, DEFAULT_ROLLOVER_BYTES,
            DEFAULT_MAX_UNFORCED_MILLIS, ChannelOpener.DEFAULT, Clock.systemUTC());
    }

    public CheckpointSettings withRolloverBytes(long bytes) {
        return new CheckpointSettings(checkpointDirectory, mode, info, bytes, maxUnforcedMillis, opener, clock);
    }

    public CheckpointSettings withOpener(ChannelOpener channelOpener) {
        return new CheckpointSettings(checkpointDirectory, mode, info, rolloverBytes, maxUnforcedMillis, channelOpener,
            clock);
    }

    /** Settings where every record is forced before its call returns ({@code 0}), or with another bound. */
    public CheckpointSettings withMaxUnforcedMillis(long millis) {
        return new CheckpointSettings(checkpointDirectory, mode, info, rolloverBytes, millis, opener, clock);
    }
}
