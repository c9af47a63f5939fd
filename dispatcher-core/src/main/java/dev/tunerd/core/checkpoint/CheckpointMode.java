package dev.tunerd.core.checkpoint;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What to do when the checkpoint cannot be written ({@code --checkpoint-mode}).
 *
 * <ul>
 *   <li>{@link #REQUIRED}: a checkpoint that cannot be opened stops the start-up with a clear error; a write that
 *       fails later is a dispatcher failure ({@code ER}, non-zero exit). Default when
 *       {@code NNI_CHECKPOINT_DIRECTORY} is set.</li>
 *   <li>{@link #BEST_EFFORT}: the same failures are logged as errors and the experiment continues without a
 *       checkpoint; the abandoned journal is marked so that a later resume does not trust it.</li>
 *   <li>{@link #OFF}: nothing is written. Default when {@code NNI_CHECKPOINT_DIRECTORY} is not set.</li>
 * </ul>
 */
public enum CheckpointMode {
    REQUIRED, BEST_EFFORT, OFF;

    /** The spelling on the command line: {@code required}, {@code best-effort}, {@code off}. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Parses an option value.
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static CheckpointMode parse(String text) {
        for (CheckpointMode m : values()) {
            if (m.optionName().equals(text)) {
                return m;
            }
        }
        throw new IllegalArgumentException("checkpoint mode '" + text + "' is not one of required, best-effort, off");
    }

    /**
     * The effective mode from the user's choice (if any) and the checkpoint directory (if any).
     *
     * @throws IllegalArgumentException when {@code required} was chosen explicitly but no directory is set
     */
    public static CheckpointMode resolve(Optional<CheckpointMode> chosen, Optional<Path> directory) {
        CheckpointMode mode = chosen.orElse(directory.isPresent() ? REQUIRED : OFF);
        if (mode == REQUIRED && directory.isEmpty()) {
            throw new IllegalArgumentException("--checkpoint-mode required needs NNI_CHECKPOINT_DIRECTORY to be set");
        }
        return directory.isEmpty() ? OFF : mode;
    }
}
