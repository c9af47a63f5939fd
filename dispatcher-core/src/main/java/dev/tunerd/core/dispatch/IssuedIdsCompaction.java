package dev.tunerd.core.dispatch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a {@code tunerd-issued-ids} file by one line holding its largest value (issue 13 session 34), so the
 * record stays small, and a damaged or foreign file becomes a record. Done only by a writer holding the writers' lock
 * ({@link IssuedIdsRecord#LOCK}); safe against a kill at any point and against a writer without the lock appending
 * meanwhile:
 * <ol>
 * <li>the new line goes to {@code tunerd-issued-ids.tmp}, forced to disk;
 * <li>it is renamed over the record (atomic: a reader finds the old file or the new one, each a whole record);
 * <li>the old file is read again: a line appended since the first read (by a writer without the lock) larger than the
 * new line is appended to the new file.
 * </ol>
 * A writer without the lock that appended to the old file after step 3 reads the path after its write, does not find
 * its value there, and writes again ({@link IssuedIdsRecord}).
 */
final class IssuedIdsCompaction {
    static final String TEMP = IssuedIdsRecord.FILE + ".tmp";

    private IssuedIdsCompaction() {
    }

    /**
     * Replaces {@code file}, open and locked as {@code old} (read as {@code seen}), by one line of the larger of
     * {@code value} and what it holds. On an exception the record is as it was (or already replaced, whole).
     */
    static void replace(Path file, FileChannel old, IssuedIdsLines seen, long value) throws IOException {
        long top = Math.max(value, seen.max());
        Path temp = file.resolveSibling(TEMP);
        Files.deleteIfExists(temp); // a compaction killed before its rename; never followed if a link
        try (FileChannel fresh = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS)) {
            write(fresh, IssuedIdsLines.line(top));
            fresh.force(true);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceDirectory(file.toAbsolutePath().getParent());
            IssuedIdsLines since = IssuedIdsLines.read(old);
            if (since.max() > top) {
                write(fresh, IssuedIdsLines.line(since.max()));
                fresh.force(true);
            }
        }
    }

    /** Appends {@code bytes} to {@code channel} (opened to append: one write lands whole after every other). */
    static void write(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** The rename made durable too, where the system allows forcing a directory (Linux does); else left to it. */
    private static void forceDirectory(Path dir) {
        if (dir == null) {
            return;
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException e) {
            // not supported here: the rename is atomic all the same, only its durability across a power cut is the
            // system's
        }
    }
}
