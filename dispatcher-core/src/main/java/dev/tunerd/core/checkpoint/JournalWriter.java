package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends frames to one journal segment through a {@link FileChannel}. Each {@link #append} hands the whole frame
 * to the operating system before returning (no user-space buffer), so a killed process loses nothing appended;
 * {@link #force} additionally survives an operating-system crash. Not thread-safe (the recorder serialises).
 */
final class JournalWriter implements AutoCloseable {
    private final FileChannel channel;
    private final Path file;
    private final long sequence;
    private long size;

    private JournalWriter(FileChannel channel, Path file, long sequence, long size) {
        this.channel = channel;
        this.file = file;
        this.sequence = sequence;
        this.size = size;
    }

    /** Creates a new segment file with its header, forced to disk. */
    static JournalWriter create(ChannelOpener opener, Path file, long sequence) throws IOException {
        FileChannel ch = opener.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        JournalWriter w = new JournalWriter(ch, file, sequence, 0);
        try {
            w.append(JournalFormat.header(JournalFormat.JOURNAL_MAGIC, sequence));
            w.force();
        } catch (IOException e) {
            w.close();
            throw e;
        }
        return w;
    }

    void append(byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            channel.write(b);
        }
        size += bytes.length;
    }

    void force() throws IOException {
        channel.force(false);
    }

    long size() {
        return size;
    }

    long sequence() {
        return sequence;
    }

    Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing after a failed write; the failure that matters was already reported
        }
    }
}
