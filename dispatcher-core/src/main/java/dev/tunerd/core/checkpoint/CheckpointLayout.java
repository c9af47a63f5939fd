package dev.tunerd.core.checkpoint;

import java.nio.file.LinkOption;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the files of a checkpoint live: everything under {@code <NNI_CHECKPOINT_DIRECTORY>/tunerd/}, so that other
 * tools' files in NNI's checkpoint directory are left alone. Stateless; thread-safe.
 */
public final class CheckpointLayout {
    /** The sub-directory of the checkpoint directory that tunerd owns. */
    public static final String ROOT = "tunerd";
    static final String SNAPSHOT = "snapshot.bin";
    static final String SNAPSHOT_TMP = "snapshot.bin.tmp";
    static final String ABANDONED = "ABANDONED";
    private static final Pattern SEGMENT = Pattern.compile("journal-(\\d{16})\\.log");

    private CheckpointLayout() {
    }

    /** What {@code path}, which is not a directory, is: for messages ("does not exist", "is a file, not a ..."). */
    public static String whatItIs(Path path) {
        if (Files.isRegularFile(path)) {
            return "is a file, not a directory";
        }
        if (Files.exists(path)) {
            return "is not a directory";
        }
        return Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? "is a broken symbolic link"
            : "does not exist";
    }

    /** {@code <checkpointDirectory>/tunerd}. */
    public static Path root(Path checkpointDirectory) {
        return checkpointDirectory.resolve(ROOT);
    }

    static Path segment(Path root, long sequence) {
        return root.resolve(String.format(Locale.ROOT, "journal-%016d.log", sequence));
    }

    /** The journal segments in {@code root} by sequence number; other files are ignored. */
    static NavigableMap<Long, Path> segments(Path root) {
        NavigableMap<Long, Path> out = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(root)) {
            for (Path f : files) {
                Matcher m = SEGMENT.matcher(f.getFileName().toString());
                if (m.matches()) {
                    out.put(Long.parseLong(m.group(1)), f);
                }
            }
        } catch (IOException e) {
            throw new CheckpointException("cannot list checkpoint directory " + root + ": " + e, e);
        }
        return out;
    }
}
