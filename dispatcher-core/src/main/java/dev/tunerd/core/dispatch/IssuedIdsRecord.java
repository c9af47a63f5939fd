package dev.tunerd.core.dispatch;

import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
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
 * <p>Format: 20 decimal digits and a newline, rewritten in place (no force: a killed process leaves it to the
 * operating system). The number never goes down, and it is written rounded up to a multiple of {@link #STEP}, so a
 * fast run rewrites it once per {@value #STEP} ids rather than at every {@code TR} (a resume then skips at most
 * {@value #STEP} - 1 numbers, as the checkpoint's id lease does). Anything else found there (a damaged or foreign file) is logged,
 * escaped and capped, and ignored; a file that cannot be written is logged once and the daemon goes on without it.
 *
 * <p>Several writers of one record (a resumed daemon started while the old one still drains, two experiments given
 * one {@code NNI_LOG_DIRECTORY} by mistake) never lower it: each write reads the number there under an exclusive lock
 * of the file and writes the larger of the two, and the read at start takes a shared lock (so it never sees half a
 * write). Before session 33 the later writer won, so the record could go back and a later resume reissue ids. A lock
 * still held after {@link #LOCK_WAIT} (a stuck process) is one WARNING; the record is then read and written without
 * it, never waited for again, and the run goes on. Thread-safe.
 */
public final class IssuedIdsRecord implements AutoCloseable {
    static final String FILE = "tunerd-issued-ids";
    private static final int SIZE = 21;
    /** The record is written rounded up to a multiple of this. */
    static final long STEP = 64;
    /**
     * The largest record a resume continues from: names carry {@code int} counters, and a resume from a record near
     * 2^31 - 1 named sets with counters that overflowed to negative numbers, while the record stayed where it was, so
     * the next resume issued the same names again (issue 13 hardening). No run issues 2^30 ids; above it the record is
     * foreign, and the tuner keeps 2^30 counters of room.
     */
    static final long MAX_PREVIOUS = 1L << 30;
    /** How long a read or a write waits for another writer's lock before going on without it. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(IssuedIdsRecord.class);

    private final Path file;
    private final OptionalLong previous;
    private final Duration lockWait;
    private long written;
    private FileChannel channel;
    private boolean failed;
    private boolean lockGivenUp;

    private IssuedIdsRecord(Path file, Duration lockWait) {
        this.file = file;
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
                return ignored(file, "not a file of " + SIZE + " bytes");
            }
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                FileLock lock = lock(in, true);
                long size;
                String text;
                try { // the size too is read under the lock: a writer's record is whole or absent
                    size = in.size();
                    text = contents(in);
                } finally {
                    unlock(lock);
                }
                if (size == 0) { // created by a writer that has not taken the lock yet, or one that died then:
                    return OptionalLong.empty(); // no TR left after it, so nothing was issued under it
                }
                if (size != SIZE) {
                    return ignored(file, "not a file of " + SIZE + " bytes");
                }
                if (!text.matches("\\d{20}\n")) {
                    return ignored(file, "not 20 digits and a newline: \"" + SafeText.of(text) + "\"");
                }
                long value = Long.parseLong(text.trim());
                if (value > MAX_PREVIOUS) {
                    return ignored(file, value + " is larger than " + MAX_PREVIOUS);
                }
                return OptionalLong.of(value);
            }
        } catch (IOException | RuntimeException e) {
            return ignored(file, "cannot be read: " + SafeText.of(e.getMessage()));
        }
    }

    /** At most {@code SIZE + 1} bytes from the start: enough to tell a record from anything else. */
    private static String contents(FileChannel in) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(SIZE + 1);
        while (bytes.hasRemaining() && in.read(bytes, bytes.position()) > 0) {
            // read on: a short read is not the end of the file
        }
        return new String(bytes.array(), 0, bytes.position(), StandardCharsets.ISO_8859_1);
    }

    /** The number another writer left there, or -1 when what is there is no record a resume would continue from. */
    private static long recorded(FileChannel in) throws IOException {
        String text = contents(in);
        if (!text.matches("0{10}\\d{10}\n")) { // anything above 10 digits is above MAX_PREVIOUS (and may not fit a long)
            return -1;
        }
        long value = Long.parseLong(text.trim());
        return value <= MAX_PREVIOUS ? value : -1;
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
                + " the lock (another daemon writing it at once could lower it)", SafeText.of(file),
                lockWait.toMillis());
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
        try {
            if (channel == null) {
                refuseWhatIsNoFile();
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            }
            long ahead = (bound + STEP - 1) / STEP * STEP;
            long value = ahead <= Integer.MAX_VALUE ? ahead : bound;
            FileLock lock = lock(channel, false);
            try {
                long there = recorded(channel); // another writer's, when larger: kept
                if (there >= value) {
                    written = there;
                    return;
                }
                ByteBuffer text = ByteBuffer.wrap(String.format(Locale.ROOT, "%020d\n", value)
                    .getBytes(StandardCharsets.US_ASCII));
                for (long at = 0; text.hasRemaining(); ) {
                    at += channel.write(text, at);
                }
                channel.truncate(SIZE); // a damaged or foreign file is replaced whole
                written = value;
            } finally {
                unlock(lock);
            }
        } catch (IOException | RuntimeException e) {
            failed = true;
            LOG.warn("Cannot write the record of issued ids {} ({}): a resume without a checkpoint may issue ids of"
                + " this run again", SafeText.of(file), SafeText.of(e.getMessage()));
        }
    }

    /**
     * A FIFO (or a device) put where the record goes would block the first {@code open} for writing until a reader came,
     * and with it the {@code TR} waiting for the record (issue 13 hardening): anything there but a regular file is not
     * opened. A symbolic link is refused by the open itself ({@code NOFOLLOW_LINKS}), a directory by the system.
     */
    private void refuseWhatIsNoFile() throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
            && !Files.isSymbolicLink(file) && !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("not a regular file (a FIFO or a device), not opened");
        }
    }

    @Override
    public synchronized void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.debug("closing {}: {}", SafeText.of(file), SafeText.of(e.getMessage()));
            }
            channel = null;
        }
    }
}
