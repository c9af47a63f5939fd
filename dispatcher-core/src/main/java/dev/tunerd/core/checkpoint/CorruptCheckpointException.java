package dev.tunerd.core.checkpoint;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A checkpoint file is damaged somewhere other than its torn tail: a record in the middle of the journal fails its
 * checksum, a segment is missing, or the snapshot is unreadable. The dispatcher should fall back to the manager's
 * {@code FD}/{@code AD} data. {@link #validPrefix()} holds what was read before the damage (useful as a lower bound
 * for the next parameter id), when anything was.
 */
public final class CorruptCheckpointException extends CheckpointException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;
    private final String reason;
    private final transient RecoveredState validPrefix;

    public CorruptCheckpointException(Path file, long offset, String reason, RecoveredState validPrefix) {
        super("checkpoint file " + file + " is corrupt at byte offset " + offset + ": " + reason);
        this.file = Objects.requireNonNull(file, "file");
        this.offset = offset;
        this.reason = Objects.requireNonNull(reason, "reason");
        this.validPrefix = validPrefix;
    }

    /** The damaged file. */
    public Path file() {
        return file;
    }

    /** The byte offset of the first damaged record (or header) in {@link #file()}. */
    public long offset() {
        return offset;
    }

    /** The state recovered before the damage, when any. */
    public Optional<RecoveredState> validPrefix() {
        return Optional.ofNullable(validPrefix);
    }

    /** A copy carrying the state read before the damage. */
    CorruptCheckpointException withValidPrefix(RecoveredState prefix) {
        return new CorruptCheckpointException(file, offset, reason, prefix);
    }
}
