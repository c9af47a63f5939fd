package dev.tunerd.core.dispatch;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.time.Duration;

/**
 * Takes a lock on a whole file, waiting at most a given time: a process stuck while holding it (or a foreign one that
 * never lets go) must not stop the daemon. Another channel of this JVM holding the lock counts as held (Java reports
 * it as {@link OverlappingFileLockException} rather than waiting), so two records of one file in one process exclude
 * each other as two processes do.
 */
final class BoundedFileLock {
    private static final long FIRST_PAUSE_NANOS = 200_000;
    private static final long LONGEST_PAUSE_NANOS = 20_000_000;

    private BoundedFileLock() {
    }

    /**
     * @return the lock, or null when it was still held by someone else after {@code wait} (or the thread was
     *     interrupted while waiting; the interrupt is kept)
     */
    static FileLock take(FileChannel channel, boolean shared, Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        while (true) {
            try {
                FileLock lock = channel.tryLock(0, Long.MAX_VALUE, shared);
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException heldInThisProcess) {
                // another channel of this JVM holds it: wait as for another process
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            try {
                long nap = Math.min(pause, left);
                Thread.sleep(nap / 1_000_000, (int) (nap % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
        }
    }
}
