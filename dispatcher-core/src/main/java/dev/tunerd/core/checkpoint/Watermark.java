package dev.tunerd.core.checkpoint;

/**
 * How much of the history an algorithm snapshot already reflects: the sizes of the issued, results, ended and
 * imported lists of the {@link RecoveredState} when the snapshot was taken. Immutable.
 */
public record Watermark(int issued, int results, int ended, int imported) {
    public Watermark {
        if (issued < 0 || results < 0 || ended < 0 || imported < 0) {
            throw new IllegalArgumentException("negative watermark " + issued + "/" + results + "/" + ended + "/"
                + imported);
        }
    }
}
