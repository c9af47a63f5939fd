package dev.tunerd.core.dispatch;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/** The messages one class logs during each test ({@code @RegisterExtension}). */
final class LogCapture implements BeforeEachCallback, AfterEachCallback {
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger;

    LogCapture(Class<?> of) {
        logger = (Logger) LoggerFactory.getLogger(of);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        logged.list.clear();
        logged.start();
        logger.addAppender(logged);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        logger.detachAppender(logged);
    }

    /** What was logged so far, formatted. */
    List<String> messages() {
        return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    /** Forgets what was logged so far. */
    void clear() {
        logged.list.clear();
    }
}
