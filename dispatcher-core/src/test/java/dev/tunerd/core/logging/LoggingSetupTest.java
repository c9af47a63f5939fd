package dev.tunerd.core.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import ch.qos.logback.classic.LoggerContext;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.ILoggerFactory;
import org.slf4j.helpers.SubstituteLoggerFactory;

/**
 * While another thread initialises SLF4J, a caller gets a substitute factory; configuring that instead of Logback's
 * context left a daemon without its dispatcher.log (seen once in CI, when the warm-up thread took a logger first).
 */
class LoggingSetupTest {

    @Test
    void waitsPastTheSubstituteForTheRealFactory() {
        LoggerContext real = new LoggerContext();
        AtomicInteger asked = new AtomicInteger();
        ILoggerFactory got = LoggingSetup.initializedFactory(
            () -> asked.incrementAndGet() <= 3 ? new SubstituteLoggerFactory() : real, TimeUnit.SECONDS.toNanos(10));
        assertSame(real, got);
        assertEquals(4, asked.get());
    }

    @Test
    void givesUpAfterItsTimeWithWhatItHas() {
        ILoggerFactory got = LoggingSetup.initializedFactory(SubstituteLoggerFactory::new,
            TimeUnit.MILLISECONDS.toNanos(5));
        assertInstanceOf(SubstituteLoggerFactory.class, got);
    }
}
