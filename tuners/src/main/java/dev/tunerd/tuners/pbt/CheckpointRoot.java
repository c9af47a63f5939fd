package dev.tunerd.tuners.pbt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * {@code all_checkpoint_dir} and the member directories under it, {@code <root>/<member>/<generation>} as NNI names
 * them. Every path PBT hands out or accepts from a saved state is checked to lie under the root after
 * normalisation, so no {@code ..} can lead outside it. Immutable and thread-safe.
 */
final class CheckpointRoot {
    private final Path root;

    private CheckpointRoot(Path root) {
        this.root = root;
    }

    /**
     * The root at {@code dir} (made absolute and normalised), created if missing.
     *
     * @throws IllegalArgumentException naming the directory when it cannot be created or is not a directory
     */
    static CheckpointRoot create(String dir) {
        Path path;
        try {
            path = Path.of(dir).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("all_checkpoint_dir \"" + dir + "\" is not a valid path: "
                + e.getMessage(), e);
        }
        try {
            Files.createDirectories(path);
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("all_checkpoint_dir \"" + path + "\" cannot be created: " + e, e);
        }
        if (!Files.isDirectory(path) || !Files.isWritable(path)) {
            throw new IllegalArgumentException("all_checkpoint_dir \"" + path + "\" is not a writable directory");
        }
        return new CheckpointRoot(path);
    }

    Path path() {
        return root;
    }

    /** {@code <root>/<member>/<generation>} as the string trials get. */
    String memberDirectory(int member, int generation) {
        return inside(root.resolve(Integer.toString(member)).resolve(Integer.toString(generation))).toString();
    }

    /** Creates {@code dir} (which must lie under the root). */
    void createDirectory(String dir) {
        try {
            Files.createDirectories(inside(Path.of(dir)));
        } catch (IOException e) {
            throw new UncheckedIOException("PBT cannot create checkpoint directory " + dir, e);
        }
    }

    /**
     * {@code dir} normalised, when it lies under the root.
     *
     * @throws IllegalArgumentException when it does not
     */
    Path inside(Path dir) {
        Path normal = dir.toAbsolutePath().normalize();
        if (!normal.startsWith(root) || normal.equals(root)) {
            throw new IllegalArgumentException("checkpoint directory " + dir + " is not inside all_checkpoint_dir "
                + root);
        }
        return normal;
    }
}
