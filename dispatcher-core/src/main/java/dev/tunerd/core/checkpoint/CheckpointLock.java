package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * One dispatcher per checkpoint directory: an exclusive operating-system lock ({@link FileChannel#tryLock()}) on
 * {@code <checkpoint directory>/tunerd/LOCK}, held from start-up to exit, with the holder's PID written in the file.
 * A second daemon on the same directory fails at start-up naming the directory and that PID (two would set each
 * other's live journal aside, or issue the same ids). The lock belongs to the process: it goes when the process goes,
 * also on {@code kill -9}, so a stale {@code LOCK} file never blocks a resume. Not thread-safe (main thread only).
 */
public final class CheckpointLock implements AutoCloseable {
    static final String FILE = "LOCK";

    private final FileChannel channel;
    private final FileLock lock;

    private CheckpointLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock.
     *
     * @return the lock; empty when the directory is missing, not a directory, or the lock file cannot be created
     *         there (unwritable, {@code tunerd} a file): opening the checkpoint then meets the same problem and
     *         reports it by the failure policy ({@code best-effort} runs on without a checkpoint, so with nothing to
     *         guard)
     * @throws CheckpointException when another process holds it (the message names the directory and the PID)
     */
    public static Optional<CheckpointLock> acquire(Path checkpointDirectory) {
        if (!Files.isDirectory(checkpointDirectory)) {
            return Optional.empty();
        }
        Path file = CheckpointLayout.root(checkpointDirectory).resolve(FILE);
        FileChannel channel = null;
        try {
            Files.createDirectories(file.getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw new CheckpointException("checkpoint directory " + checkpointDirectory + " is in use by another"
                    + " tunerd (PID " + holder + ", lock " + file + "); two dispatchers on one checkpoint would reissue"
                    + " ids and set each other's journal aside");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)),
                0);
            return Optional.of(new CheckpointLock(channel, lock));
        } catch (IOException e) {
            closeQuietly(channel);
            return Optional.empty();
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // this process holds it already
        }
    }

    /** The PID written by the holder, or "unknown" when it has not written it yet. */
    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(32);
        channel.read(buf, 0);
        String text = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).trim();
        return text.matches("\\d{1,19}") ? text : "unknown";
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing; the first error is the one reported
            }
        }
    }

    /** Releases the lock (the file stays; an unlocked file means nothing). */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
    }
}
