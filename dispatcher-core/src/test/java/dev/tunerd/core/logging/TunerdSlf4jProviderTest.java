package dev.tunerd.core.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import org.junit.jupiter.api.Test;

/** The daemon's SLF4J binding configures what Logback's own provider and our configurator would. */
class TunerdSlf4jProviderTest {

    @Test
    void givesAStartedLogbackContextLoggingInNniFormatToStderrOnly() {
        TunerdSlf4jProvider provider = new TunerdSlf4jProvider();
        provider.initialize();
        LoggerContext context = assertInstanceOf(LoggerContext.class, provider.getLoggerFactory());
        assertEquals("default", context.getName());
        assertNotNull(context.getMDCAdapter());
        assertNotNull(provider.getMarkerFactory().getMarker("m"));
        assertEquals(context.getMDCAdapter(), provider.getMDCAdapter());
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertEquals(Level.INFO, root.getLevel());
        ConsoleAppender<?> stderr = assertInstanceOf(ConsoleAppender.class, root.getAppender("stderr"));
        assertEquals("System.err", stderr.getTarget());
        assertInstanceOf(NniLayout.class, ((LayoutWrappingEncoder<?>) stderr.getEncoder()).getLayout());
        assertNull(root.getAppender("dispatcher.log"));
        assertEquals("2.0.99", provider.getRequestedApiVersion());
    }
}
