package dev.tunerd.core.logging;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

class NniLayoutTest {

    @Test
    void writesNnisLineWithPythonLevelNames() {
        LoggerContext context = new LoggerContext();
        LoggingEvent event = new LoggingEvent("x", context.getLogger("nni.runtime.msg_dispatcher_base"), Level.WARN,
            "default queue length: {}", null, new Object[] {20});
        event.setThreadName("MainThread");
        String line = new NniLayout().doLayout(event);
        assertTrue(line.matches("\\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d] WARNING"
            + " \\(nni\\.runtime\\.msg_dispatcher_base/MainThread\\) default queue length: 20\\R"), line);
    }

    @Test
    void appendsTheStackTrace() {
        LoggerContext context = new LoggerContext();
        LoggingEvent event = new LoggingEvent("x", context.getLogger("a"), Level.ERROR, "failed",
            new IllegalStateException("boom"), null);
        String text = new NniLayout().doLayout(event);
        assertTrue(text.contains("ERROR (a/") && text.contains("java.lang.IllegalStateException: boom"), text);
    }
}
