package dev.tunerd.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.util.TimeZone;

/**
 * NNI's log line: {@code [YYYY-mm-dd HH:MM:SS] LEVEL (logger/thread) message}, with Python's level names
 * ({@code WARNING}, not {@code WARN}), local time as Python's logging uses, and the stack trace of an attached
 * exception on the following lines. Thread-safe (stateless apart from the time zone, read once).
 *
 * <p>The time is formatted here rather than by {@code java.time}: a {@code DateTimeFormatter} with the system zone
 * costs some 7 ms to set up (the zone-rules provider and the formatter classes), on the start-up's critical path;
 * {@link TimeZone#getOffset(long)} gives the same local time, daylight saving included.
 *
 * <p>One line per event, whatever the message holds: line breaks in the message (a manager value that slipped
 * through without {@link dev.tunerd.spi.text.SafeText}) are written as {@code \n}, {@code \r}, {@code \u2028}...,
 * so nothing can forge a log line of its own, and a message is cut after {@value #MAX_MESSAGE_CHARS} characters
 * ({@code "... (N more characters)"}). The stack trace of an attached exception follows on its own lines.
 */
public final class NniLayout extends LayoutBase<ILoggingEvent> {

    private static final TimeZone ZONE = TimeZone.getDefault();
    private static final long MILLIS_PER_DAY = 86_400_000L;
    /** The longest message written; the rest of a longer one is left out. */
    public static final int MAX_MESSAGE_CHARS = 64 * 1024;

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder sb = new StringBuilder(128);
        sb.append('[');
        appendLocalTime(sb, event.getTimeStamp(), ZONE);
        sb.append("] ")
            .append(pythonLevel(event.getLevel())).append(" (").append(event.getLoggerName()).append('/')
            .append(event.getThreadName()).append(") ");
        appendOneLine(sb, event.getFormattedMessage());
        sb.append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            appendCappedLines(sb, ThrowableProxyUtil.asString(thrown));
        }
        return sb.toString();
    }

    /** Appends a stack trace, each of its lines cut after {@link #MAX_MESSAGE_CHARS} characters. */
    static void appendCappedLines(StringBuilder sb, String text) {
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            if (end - start > MAX_MESSAGE_CHARS) {
                sb.append(text, start, start + MAX_MESSAGE_CHARS).append("... (")
                    .append(end - start - MAX_MESSAGE_CHARS).append(" more characters)")
                    .append(CoreConstants.LINE_SEPARATOR);
            } else {
                sb.append(text, start, end);
            }
            start = end;
        }
    }

    /** Appends {@code message} with its line breaks escaped, cut after {@link #MAX_MESSAGE_CHARS} characters. */
    static void appendOneLine(StringBuilder sb, String message) {
        if (message == null) {
            sb.append("null");
            return;
        }
        int end = Math.min(message.length(), MAX_MESSAGE_CHARS);
        for (int i = 0; i < end; i++) {
            char c = message.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\u0085', '\u2028', '\u2029', '\u000b', '\u000c' -> sb.append(String.format("\\u%04x", (int) c));
                default -> sb.append(c);
            }
        }
        if (end < message.length()) {
            sb.append("... (").append(message.length() - end).append(" more characters)");
        }
    }

    /** Appends {@code yyyy-MM-dd HH:mm:ss}, the local time in {@code zone} of {@code epochMillis}. */
    static void appendLocalTime(StringBuilder sb, long epochMillis, TimeZone zone) {
        long local = epochMillis + zone.getOffset(epochMillis);
        long days = Math.floorDiv(local, MILLIS_PER_DAY);
        int secondOfDay = (int) (Math.floorMod(local, MILLIS_PER_DAY) / 1000);
        // the proleptic Gregorian date of a day count from 1970-01-01, in 400-year eras of 146,097 days
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long monthIndex = (5 * dayOfYear + 2) / 153; // 0 = March
        int day = (int) (dayOfYear - (153 * monthIndex + 2) / 5 + 1);
        int month = (int) (monthIndex < 10 ? monthIndex + 3 : monthIndex - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        sb.append(year).append('-');
        twoDigits(sb, month).append('-');
        twoDigits(sb, day).append(' ');
        twoDigits(sb, secondOfDay / 3600).append(':');
        twoDigits(sb, secondOfDay / 60 % 60).append(':');
        twoDigits(sb, secondOfDay % 60);
    }

    private static StringBuilder twoDigits(StringBuilder sb, int v) {
        return sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /** Python's name for a level. */
    static String pythonLevel(Level level) {
        return switch (level.toInt()) {
            case Level.WARN_INT -> "WARNING";
            default -> level.toString();
        };
    }
}
