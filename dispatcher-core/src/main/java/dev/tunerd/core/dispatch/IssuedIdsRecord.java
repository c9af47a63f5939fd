package dev.tunerd.core.dispatch;

import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code $NNI_LOG_DIRECTORY/tunerd-issued-ids}: one number above every parameter id the experiment's runs issued and
 * above the counter of every name a tuner gave its sets ({@link dev.tunerd.spi.NamesParameterIds}), written before
 * each {@code TR} leaves. The log directory is the experiment's and survives a restart (NNI resumes in it), so a resume
 * without a checkpoint reads it back ({@link #previous}) and issues nothing below it: the manager's resume
 * {@code FD} has no parameter ids, so without this a fresh process could name a new trial as a finished one.
 *
 * <p>Format (issue 13 session 34, {@link IssuedIdsLines}): lines of 20 decimal digits and a newline, appended; the
 * record is the largest whole line. A write cut short by a kill leaves a part of a line, which is ignored,
 * and the lines before it hold; a write never rewrites what is there, so no write (with the lock or without) can lower
 * the record. Every {@value #COMPACT_AT} lines, or when the file holds anything but record lines (damaged, foreign),
 * a writer holding the lock replaces the file by one line of its largest value: temporary file, forced, atomic rename
 * ({@link IssuedIdsCompaction}), so the file stays under {@value #COMPACT_AT} lines while writers take the lock. The
 * number is written rounded up to a multiple of {@link #STEP}, so a fast run writes once per {@value #STEP} ids rather
 * than at every {@code TR} (a resume then skips at most {@value #STEP} - 1 numbers, as the checkpoint's id lease does).
 * A file with no record line is logged, escaped and capped, and ignored; a file that cannot be written is logged once
 * and the daemon goes on without it. Sessions 32-33 rewrote one line in place: a kill mid-write left a damaged record
 * (ignored at the next resume, which then issued NNI's numbers again).
 *
 * <p>Several writers of one record (a resumed daemon started while the old one still drains, two experiments given
 * one {@code NNI_LOG_DIRECTORY} by mistake): each write reads the record under an exclusive lock of {@link #LOCK} (not
 * of the record, which a compaction replaces) and appends only above it; the read at start takes a shared lock. A lock
 * still held after {@link #LOCK_WAIT} (a stuck process) is one WARNING; the record is then read and appended to
 * without it, never waited for again, and each such write reads the path back and writes again if a compaction
 * running meanwhile left its line behind. Thread-safe.
 */
public final class IssuedIdsRecord implements AutoCloseable {
    static final String FILE = "tunerd-issued-ids";
    /** The writers' lock is taken on this file, beside the record (empty, never renamed). */
    static final String LOCK = FILE + ".lock";
    /** The record is written rounded up to a multiple of this. */
    static final long STEP = 64;
    /** Lines after which a writer holding the lock compacts the record to one. */
    static final int COMPACT_AT = 32;
    /**
     * The largest record a resume continues from: names carry {@code int} counters, and a resume from a record near
     * 2^31 - 1 named sets with counters that overflowed to negative numbers, while the record stayed where it was, so
     * the next resume issued the same names again (issue 13 hardening). No run issues 2^30 ids; above it the record is
     * foreign, and the tuner keeps 2^30 counters of room.
     */
    static final long MAX_PREVIOUS = 1L << 30;
    /** How long a read or a write waits for another writer's lock before going on without it. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(1);
    /** Tries of a write without the lock that a compaction by another writer left behind. */
    private static final int ATTEMPTS = 8;
    private static final Logger LOG = LoggerFactory.getLogger(IssuedIdsRecord.class);
    /** The lock files' channels of this process, by path ({@link #lockFile}). */
    private static final java.util.Map<Path, FileChannel> LOCK_CHANNELS = new java.util.HashMap<>();

    private final Path file;
    private final Path lockPath;
    private final OptionalLong previous;
    private final Duration lockWait;
    private long written;
    private boolean failed;
    private boolean lockGivenUp;
    private boolean compactionFailed;
    private boolean lockFileMissing;

    private IssuedIdsRecord(Path file, Duration lockWait) {
        this.file = file;
        this.lockPath = file.resolveSibling(LOCK);
        this.lockWait = lockWait;
        this.previous = read();
        this.written = previous.orElse(0);
    }

    /** The record in {@code logDirectory}, read now; nothing is written before the first {@link #cover}. */
    public static IssuedIdsRecord in(Path logDirectory) {
        return in(logDirectory, LOCK_WAIT);
    }

    /** {@link #in(Path)} waiting at most {@code lockWait} for another writer's lock (tests). */
    static IssuedIdsRecord in(Path logDirectory, Duration lockWait) {
        return new IssuedIdsRecord(logDirectory.resolve(FILE), lockWait);
    }

    /** What the experiment's earlier runs recorded, empty when nothing (usable) is there. */
    public OptionalLong previous() {
        return previous;
    }

    /** The record's file. */
    public Path file() {
        return file;
    }

    private OptionalLong read() {
        try {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return OptionalLong.empty();
            }
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return ignored(file, "not a regular file");
            }
            FileChannel locks = lockFile();
            FileLock lock = locks == null ? null : lock(locks, true);
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                return usable(IssuedIdsLines.read(in));
            } finally {
                unlock(lock);
            }
        } catch (IOException | RuntimeException e) {
            return ignored(file, "cannot be read: " + SafeText.of(e.getMessage()));
        }
    }

    /** The record {@code seen} holds; an empty file is no record yet, silently (a writer that has not written yet). */
    private OptionalLong usable(IssuedIdsLines seen) {
        if (seen.max() < 0) {
            return seen.lines() == 0 && seen.damaged() == 0 ? OptionalLong.empty()
                : ignored(file, "no line of 20 digits at most " + MAX_PREVIOUS + ": \"" + seen.sample() + "\"");
        }
        if (seen.isDamaged()) {
            LOG.info("The record of issued ids {}: {} damaged line(s) ignored (a write cut short), {} kept",
                SafeText.of(file), seen.damaged(), seen.max());
        }
        return OptionalLong.of(seen.max());
    }

    /**
     * {@code tunerd-issued-ids.lock}, opened (created empty if absent) to take the writers' lock on: the record itself
     * is replaced by a compaction's rename, and a lock on a file renamed away excludes nobody. One channel per file
     * and process, never closed: closing any channel of a file drops every lock the process holds on it (POSIX), so a
     * second record of the same directory in one process (a test, a reader) closing its own would drop the first's.
     * Null where it cannot be opened (a read-only directory; anything but a regular file there): the record is then
     * read and written without the lock (one WARNING).
     */
    private FileChannel lockFile() {
        try {
            synchronized (LOCK_CHANNELS) {
                Path key = lockPath.toAbsolutePath().normalize();
                FileChannel open = LOCK_CHANNELS.get(key);
                if (open == null || !open.isOpen()) {
                    refuseWhatIsNoFile(lockPath);
                    open = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                    LOCK_CHANNELS.put(key, open);
                }
                return open;
            }
        } catch (IOException | RuntimeException e) {
            if (!lockFileMissing) {
                lockFileMissing = true;
                LOG.warn("The lock of the record of issued ids {} cannot be opened ({}); going on without it",
                    SafeText.of(lockPath), SafeText.of(e.getMessage()));
            }
            return null;
        }
    }

    private static void unlock(FileLock lock) throws IOException {
        if (lock != null) {
            lock.release();
        }
    }

    /**
     * The file's lock, or null once it was given up: the first time it is still held after {@link #lockWait} is one
     * WARNING, and later reads and writes try it once without waiting.
     */
    private FileLock lock(FileChannel on, boolean shared) throws IOException {
        FileLock lock = BoundedFileLock.take(on, shared, lockGivenUp ? Duration.ZERO : lockWait);
        if (lock == null && !lockGivenUp) {
            lockGivenUp = true;
            LOG.warn("The record of issued ids {} is still locked by another process after {} ms; going on without"
                + " the lock (each write is then read back)", SafeText.of(file), lockWait.toMillis());
        }
        return lock;
    }

    private static OptionalLong ignored(Path file, String why) {
        LOG.warn("Ignoring the record of issued ids {}: {}", SafeText.of(file), why);
        return OptionalLong.empty();
    }

    /** Records that every id and name counter issued from now on until the next call is below {@code bound}. */
    public synchronized void cover(long bound) {
        if (bound <= written || failed) {
            return;
        }
        long ahead = (bound + STEP - 1) / STEP * STEP;
        long value = ahead <= Integer.MAX_VALUE ? ahead : bound;
        try {
            written = store(value);
        } catch (IOException | RuntimeException e) {
            failed = true;
            LOG.warn("Cannot write the record of issued ids {} ({}): a resume without a checkpoint may issue ids of"
                + " this run again", SafeText.of(file), SafeText.of(e.getMessage()));
        }
    }

    /**
     * Makes the record at least {@code value}; returns what it is now. Every write is read back from the path (once
     * per {@value #STEP} ids): a write without the lock may have gone to a file a compaction renamed away meanwhile, and
     * is then made again.
     */
    private long store(long value) throws IOException {
        refuseWhatIsNoFile(file);
        FileChannel locks = lockFile();
        FileLock lock = locks == null ? null : lock(locks, false);
        try {
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                IssuedIdsLines seen;
                boolean compacted = false;
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                    seen = IssuedIdsLines.read(channel);
                    if (seen.max() >= value) {
                        return seen.max(); // another writer's, when larger: kept
                    }
                    compacted = lock != null && compacts(seen, channel, value);
                }
                if (!compacted) {
                    append(value, seen.torn());
                }
                if (recorded() >= value) {
                    return value;
                }
            }
        } finally {
            unlock(lock);
        }
        throw new IOException("a compaction replaced the file " + ATTEMPTS + " times around a write without the lock");
    }

    /**
     * Compacts the record locked as {@code channel} when it is due (or damaged); false when it is not due, or failed
     * (one WARNING; the record is appended to from then on, and holds all the same).
     */
    private boolean compacts(IssuedIdsLines seen, FileChannel channel, long value) {
        if (compactionFailed || !seen.isDamaged() && seen.lines() < COMPACT_AT) {
            return false;
        }
        try {
            IssuedIdsCompaction.replace(file, channel, seen, value);
            return true;
        } catch (IOException | RuntimeException e) {
            compactionFailed = true;
            LOG.warn("Cannot compact the record of issued ids {} ({}): appending to it instead", SafeText.of(file),
                SafeText.of(e.getMessage()));
            return false;
        }
    }

    /**
     * Appends {@code value}'s line to the file the path names; after a newline when the last line is {@code torn} (a
     * write cut short; a writer holding the lock compacts such a file instead), which would otherwise swallow it. Not
     * forced to disk: a killed process loses nothing the system has (forcing cost 3 ms a write on the project machine,
     * a {@code TR} held that long once per {@value #STEP} ids); a power cut may lose the last lines, as before, never
     * the lines before them.
     */
    private void append(long value, boolean torn) throws IOException {
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND,
            LinkOption.NOFOLLOW_LINKS)) {
            IssuedIdsCompaction.write(out, IssuedIdsLines.line(value, torn));
        }
    }

    /** The record the path names now, read without a lock; -1 when none. */
    private long recorded() throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return IssuedIdsLines.read(in).max();
        }
    }

    /**
     * A FIFO (or a device) put where the record goes would block the first {@code open} for writing until a reader came,
     * and with it the {@code TR} waiting for the record (issue 13 hardening): anything there but a regular file is not
     * opened. A symbolic link is refused by the open itself ({@code NOFOLLOW_LINKS}), a directory by the system.
     */
    private static void refuseWhatIsNoFile(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
            && !Files.isSymbolicLink(file) && !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("not a regular file (a FIFO or a device), not opened");
        }
    }

    /** Nothing is held open between writes (each opens the file the path names then). */
    @Override
    public void close() {
        // each read and write closes what it opened
    }
}
