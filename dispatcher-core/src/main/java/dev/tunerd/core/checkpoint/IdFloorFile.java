package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * {@code tunerd/next-id}: a fixed-size file (20 digits and a newline) created when the journal opens, and written in
 * place only after the journal was abandoned in {@code best-effort} mode: the id counter then keeps moving while
 * nothing is journalled, and rewriting bytes that already exist needs no free disk space (on file systems that
 * overwrite in place; a copy-on-write one may still refuse). A resume takes the larger of it and the journal's
 * readable part as its id floor. Not thread-safe (the recorder serialises).
 */
final class IdFloorFile implements AutoCloseable {
    static final String FILE = "next-id";
    private static final int SIZE = 21;

    private final FileChannel channel;

    private IdFloorFile(FileChannel channel) {
        this.channel = channel;
    }

    /** Creates (or reopens) the file in {@code root} with the floor {@code next}. */
    static IdFloorFile create(Path root, long next) throws IOException {
        FileChannel ch = FileChannel.open(root.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE);
        IdFloorFile f = new IdFloorFile(ch);
        try {
            f.write(next);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return f;
    }

    /** Overwrites the floor in place (no force: a killed process still leaves it to the operating system). */
    void write(long next) throws IOException {
        byte[] text = String.format(Locale.ROOT, "%020d\n", next).getBytes(StandardCharsets.US_ASCII);
        ByteBuffer buf = ByteBuffer.wrap(text);
        long pos = 0;
        while (buf.hasRemaining()) {
            pos += channel.write(buf, pos);
        }
    }

    /** The floor written in {@code root}, 0 when there is none or it cannot be read. */
    static long read(Path root) {
        Path file = root.resolve(FILE);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) != SIZE) {
                return 0;
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            return text.matches("\\d{20}") ? Long.parseLong(text) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
