package dev.tunerd.core.checkpoint;

/** What {@link CheckpointRecorder#open} does with checkpoint files already in the directory. */
public enum ExistingFiles {
    /**
     * The initial state given to the recorder was read from them ({@link CheckpointReader#read} succeeded): they are
     * replaced by a snapshot of that state, after which they are deleted. Use on a successful resume.
     */
    SUPERSEDE,
    /**
     * They are moved, untouched, into {@code tunerd/set-aside-<millis>/} for inspection. Use on a fresh start, and
     * on a resume whose checkpoint could not be read (damaged or abandoned).
     */
    SET_ASIDE
}
