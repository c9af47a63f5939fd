package dev.tunerd.core.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import java.util.TimeZone;
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

    /** #12 defect 3: whatever a message holds, an event is one line, and a huge one is cut. */
    @Test
    void aMessageCanNeitherForgeALineNorRunOn() {
        LoggerContext context = new LoggerContext();
        LoggingEvent forged = new LoggingEvent("x", context.getLogger("t"), Level.WARN, "trial {} ended", null,
            new Object[] {"x\n[2026-01-01 00:00:00] ERROR (x) FORGED\u2028"});
        String line = new NniLayout().doLayout(forged);
        assertEquals(1, line.split("\\R", -1).length - 1, line);
        assertTrue(line.contains("trial x\\n[2026-01-01 00:00:00] ERROR (x) FORGED\\u2028 ended"), line);
        LoggingEvent huge = new LoggingEvent("x", context.getLogger("t"), Level.INFO, "id {}", null,
            new Object[] {"b".repeat(3_000_000)});
        String cut = new NniLayout().doLayout(huge);
        assertTrue(cut.length() < NniLayout.MAX_MESSAGE_CHARS + 200, cut.length() + " characters");
        assertTrue(cut.contains("... (" + (3_000_003 - NniLayout.MAX_MESSAGE_CHARS) + " more characters)"),
            cut.substring(cut.length() - 80));
    }

    /** The hand-made local time is java.time's, daylight-saving changes and leap days included. */
    @Test
    void localTimeIsWhatJavaTimeSays() {
        DateTimeFormatter pattern = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        SplittableRandom random = new SplittableRandom(7);
        for (String id : new String[] {"UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata",
            "Australia/Lord_Howe", "America/St_Johns", "Pacific/Kiritimati"}) {
            TimeZone zone = TimeZone.getTimeZone(id);
            for (int i = 0; i < 20_000; i++) {
                long millis = random.nextLong(-2_208_988_800_000L, 4_102_444_800_000L); // 1900 to 2100
                if (i < 1_000) { // around the spring and autumn changes and the end of February of 2024
                    long[] around = {1_711_846_800_000L, 1_729_990_800_000L, 1_709_164_800_000L, 1_710_054_000_000L};
                    millis = around[i % around.length] + random.nextLong(-7_200_000L, 7_200_000L);
                }
                StringBuilder sb = new StringBuilder();
                NniLayout.appendLocalTime(sb, millis, zone);
                assertEquals(pattern.withZone(zone.toZoneId()).format(Instant.ofEpochMilli(millis)), sb.toString(),
                    id + " " + millis);
            }
        }
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
