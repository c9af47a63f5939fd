package dev.tunerd.core.checkpoint.cli;

import dev.tunerd.core.checkpoint.CheckpointException;
import dev.tunerd.core.checkpoint.CheckpointLayout;
import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.core.checkpoint.CheckpointSummary;
import dev.tunerd.core.checkpoint.RecoveredState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the checkpoints under a base directory: each child {@code C} with {@code C/checkpoint/tunerd/} (NNI's
 * {@code ~/nni-experiments/<id>/checkpoint}) or {@code C/tunerd/}, newest update first. An entry that cannot be
 * read is kept, with its error. Stateless; thread-safe.
 */
final class CheckpointListing {

    /** One checkpoint found; either {@code state} or {@code error} is present. */
    record Entry(String name, Path checkpointDirectory, Instant updated, Optional<RecoveredState> state,
                 Optional<String> error) {
    }

    private CheckpointListing() {
    }

    /**
     * Scans {@code base}.
     *
     * @throws UncheckedIOException when {@code base} itself cannot be listed
     */
    static List<Entry> scan(Path base) {
        List<Entry> out = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(base, Files::isDirectory)) {
            for (Path child : children) {
                checkpointOf(child).ifPresent(dir -> out.add(entry(child.getFileName().toString(), dir)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(Comparator.comparing(Entry::updated).reversed().thenComparing(Entry::name));
        return out;
    }

    private static Optional<Path> checkpointOf(Path child) {
        Path nni = child.resolve("checkpoint");
        if (Files.isDirectory(CheckpointLayout.root(nni))) {
            return Optional.of(nni);
        }
        return Files.isDirectory(CheckpointLayout.root(child)) ? Optional.of(child) : Optional.empty();
    }

    private static Entry entry(String name, Path dir) {
        Instant updated = lastModified(CheckpointLayout.root(dir));
        try {
            return new Entry(name, dir, updated, Optional.of(CheckpointReader.read(dir)), Optional.empty());
        } catch (CheckpointException | UncheckedIOException e) {
            return new Entry(name, dir, updated, Optional.empty(), Optional.of(e.getMessage()));
        }
    }

    /** The newest modification time of the files directly in {@code root} (of {@code root} when it has none). */
    static Instant lastModified(Path root) {
        try (Stream<Path> files = Files.list(root)) {
            Instant newest = null;
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(f)) {
                    Instant t = Files.getLastModifiedTime(f).toInstant();
                    newest = newest == null || t.isAfter(newest) ? t : newest;
                }
            }
            return newest != null ? newest : Files.getLastModifiedTime(root).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    /** A summary of a readable entry (maximize assumed when the checkpoint does not know its mode). */
    static CheckpointSummary summary(Entry e) {
        return CheckpointSummary.of(e.state().orElseThrow(), Optional.empty());
    }
}
