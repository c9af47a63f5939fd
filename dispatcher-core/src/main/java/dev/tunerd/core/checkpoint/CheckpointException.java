package dev.tunerd.core.checkpoint;

/**
 * The checkpoint could not be written or read: the directory is missing or unwritable, the disk is full, a file is
 * not a tunerd checkpoint, or it was written by a newer tunerd. The message names the path. Unchecked, because it
 * crosses {@link dev.tunerd.core.dispatch.DispatchObserver} methods, where it is a dispatcher failure.
 */
public class CheckpointException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CheckpointException(String message) {
        super(message);
    }

    public CheckpointException(String message, Throwable cause) {
        super(message, cause);
    }
}
