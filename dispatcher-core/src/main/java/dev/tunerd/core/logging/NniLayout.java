package dev.tunerd.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * NNI's log line: {@code [YYYY-mm-dd HH:MM:SS] LEVEL (logger/thread) message}, with Python's level names
 * ({@code WARNING}, not {@code WARN}), local time as Python's logging uses, and the stack trace of an attached
 * exception on the following lines. Thread-safe (stateless apart from an immutable formatter).
 */
public final class NniLayout extends LayoutBase<ILoggingEvent> {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
        .withZone(ZoneId.systemDefault());

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder sb = new StringBuilder(128);
        sb.append('[').append(TIME.format(Instant.ofEpochMilli(event.getTimeStamp()))).append("] ")
            .append(pythonLevel(event.getLevel())).append(" (").append(event.getLoggerName()).append('/')
            .append(event.getThreadName()).append(") ").append(event.getFormattedMessage())
            .append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            sb.append(ThrowableProxyUtil.asString(thrown));
        }
        return sb.toString();
    }

    /** Python's name for a level. */
    static String pythonLevel(Level level) {
        return switch (level.toInt()) {
            case Level.WARN_INT -> "WARNING";
            default -> level.toString();
        };
    }
}
