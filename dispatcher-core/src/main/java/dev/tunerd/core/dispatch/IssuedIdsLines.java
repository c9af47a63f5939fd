package dev.tunerd.core.dispatch;

import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What a {@code tunerd-issued-ids} file holds (issue 13 session 34): a sequence of lines, each 20 decimal digits and a
 * newline, appended one by one; the record is the largest of its whole lines. A line that is anything else (a write cut
 * short by a kill, glued to the next one; foreign bytes) is ignored, and so is a last line without its newline (a write
 * cut short, or one in progress). Only the last {@link #MAX_READ} bytes are read (a line is appended only above the
 * largest one there, so the largest is among the last).
 *
 * @param max        the largest whole line at most {@link IssuedIdsRecord#MAX_PREVIOUS}, -1 when none
 * @param lines      whole lines that are records
 * @param damaged    whole lines (or bytes before the part read) that are not, and a last line without its newline
 * @param torn       whether the last line has no newline (a line appended after it would be glued to it)
 * @param sample     the start of what was read, escaped and capped, for a WARNING
 */
record IssuedIdsLines(long max, int lines, int damaged, boolean torn, String sample) {
    /** The bytes of one record line. */
    static final int LINE = 21;
    /** The most read from the end of a file: 3,120 lines, far more than a record holds between compactions. */
    static final int MAX_READ = 64 * 1024;

    /** The line recording {@code value}. */
    static byte[] line(long value) {
        return line(value, false);
    }

    /** The line recording {@code value}, after a newline that ends a torn last line when {@code afterTorn}. */
    static byte[] line(long value, boolean afterTorn) {
        return String.format(Locale.ROOT, afterTorn ? "\n%020d\n" : "%020d\n", value)
            .getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether the file is anything but record lines (something to replace with a compaction). */
    boolean isDamaged() {
        return damaged > 0;
    }

    /** Reads and parses the last {@link #MAX_READ} bytes of {@code in}. */
    static IssuedIdsLines read(FileChannel in) throws IOException {
        long size = in.size();
        long from = Math.max(0, size - MAX_READ);
        ByteBuffer bytes = ByteBuffer.allocate((int) (size - from));
        while (bytes.hasRemaining()) {
            int n = in.read(bytes, from + bytes.position());
            if (n <= 0) {
                break; // the file shrank meanwhile (a writer without the lock); what was read is parsed
            }
        }
        return parse(new String(bytes.array(), 0, bytes.position(), StandardCharsets.ISO_8859_1), from > 0);
    }

    /** Parses {@code text}; {@code cut}: it does not begin at the file's start, so its first line is a part. */
    static IssuedIdsLines parse(String text, boolean cut) {
        long max = -1;
        int lines = 0;
        int damaged = 0;
        int at = 0;
        if (cut) {
            at = text.indexOf('\n') + 1; // 0 when there is no newline: then all of it is one part of a line
            damaged++;
        }
        while (at < text.length()) {
            int end = text.indexOf('\n', at);
            if (end < 0) {
                damaged++; // a last line without its newline: cut short, or still being written
                break;
            }
            String line = text.substring(at, end);
            long value = value(line);
            if (value >= 0) {
                lines++;
                max = Math.max(max, value);
            } else {
                damaged++;
            }
            at = end + 1;
        }
        boolean torn = !text.isEmpty() && text.charAt(text.length() - 1) != '\n';
        String sample = SafeText.of(text.length() > 64 ? text.substring(0, 64) : text);
        return new IssuedIdsLines(max, lines, damaged, torn, sample);
    }

    /** A line's number when it is 20 digits at most {@link IssuedIdsRecord#MAX_PREVIOUS}, else -1. */
    private static long value(String line) {
        if (line.length() != LINE - 1 || !line.startsWith("0000000000")) {
            return -1; // anything above 10 digits is above MAX_PREVIOUS (and may not fit a long)
        }
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) < '0' || line.charAt(i) > '9') {
                return -1;
            }
        }
        long value = Long.parseLong(line);
        return value <= IssuedIdsRecord.MAX_PREVIOUS ? value : -1;
    }
}
