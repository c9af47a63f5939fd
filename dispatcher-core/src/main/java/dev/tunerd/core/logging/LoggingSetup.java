package dev.tunerd.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.NniEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.SubstituteLoggerFactory;

/**
 * Configures Logback programmatically: NNI's line format ({@link NniLayout}) to stderr always, and to
 * {@code $NNI_LOG_DIRECTORY/dispatcher.log} (append, directory created if missing) when the variable is set. Never to
 * stdout. Call {@link #configure} from the main thread before the daemon's threads start.
 *
 * <p>Start-up: Logback's initialisation (class loading, time-zone data) takes some 20 ms;
 * {@link #initializeInBackground} runs it on a thread of its own, through {@link TunerdSlf4jProvider}, while the main
 * thread reads the command line, and {@link #configure} waits for it. A logger taken on another thread meanwhile is one
 * of SLF4J's substitutes, which forwards to the real logger once the initialisation is done.
 */
public final class LoggingSetup {

    private static final Object LOCK = new Object();
    /** How long the daemon waits for SLF4J's initialisation on another thread (it takes some 20 ms). */
    private static final long INIT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static CountDownLatch initialized; // guarded by LOCK

    private LoggingSetup() {
    }

    /** Starts Logback's initialisation on a background thread (once); {@link #configure} waits for it. */
    public static void initializeInBackground() {
        synchronized (LOCK) {
            if (initialized == null) {
                // SLF4J takes this binding without its class-path scan; its line saying so is not for users
                setIfAbsent("slf4j.provider", TunerdSlf4jProvider.class.getName());
                setIfAbsent("slf4j.internal.verbosity", "WARN");
                CountDownLatch done = new CountDownLatch(1);
                initialized = done;
                Thread t = new Thread(() -> {
                    try {
                        initializedFactory(LoggerFactory::getILoggerFactory, INIT_WAIT_NANOS);
                    } finally {
                        done.countDown();
                    }
                }, "tunerd-logging");
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /**
     * SLF4J's logger factory once its initialisation is complete. While one thread initialises SLF4J, any other that
     * asks gets a {@link SubstituteLoggerFactory} at once, not the real factory: so whichever thread came first (the
     * warm-up may take a logger too), this waits, up to {@code maxWaitNanos}, until the real one is there, and
     * returns what it has then.
     */
    static ILoggerFactory initializedFactory(Supplier<ILoggerFactory> factories, long maxWaitNanos) {
        long deadline = System.nanoTime() + maxWaitNanos;
        ILoggerFactory factory = factories.get();
        while (factory instanceof SubstituteLoggerFactory && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(100_000);
            factory = factories.get();
        }
        return factory;
    }

    /**
     * Waits for {@link #initializeInBackground}, if it was started; then SLF4J is initialised and every logger is
     * real. The warm-up calls it before it takes a logger.
     */
    public static void awaitInitialization() {
        CountDownLatch done;
        synchronized (LOCK) {
            done = initialized;
        }
        if (done == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The start-up configuration (before settings are known): stderr at INFO. Used by the Logback configurator. */
    static void stderrOnly(LoggerContext context) {
        apply(context, Level.INFO, Optional.empty());
    }

    /**
     * The daemon's configuration.
     *
     * @throws ConfigurationException when the log directory cannot be created
     */
    public static void configure(Optional<Path> logDirectory, NniEnvironment.LogLevel level) {
        awaitInitialization();
        if (!(initializedFactory(LoggerFactory::getILoggerFactory, INIT_WAIT_NANOS) instanceof LoggerContext context)) {
            return; // another SLF4J binding (tests may use one); leave it alone
        }
        Optional<Path> file = logDirectory.map(dir -> {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new ConfigurationException("NNI_LOG_DIRECTORY " + dir + " cannot be created: " + e.getMessage(), e);
            }
            return dir.resolve("dispatcher.log");
        });
        apply(context, logbackLevel(level), file);
    }

    static Level logbackLevel(NniEnvironment.LogLevel level) {
        return switch (level) {
            case CRITICAL, ERROR -> Level.ERROR;
            case WARNING -> Level.WARN;
            case INFO -> Level.INFO;
            case DEBUG -> Level.DEBUG;
            case TRACE -> Level.TRACE;
        };
    }

    private static void apply(LoggerContext context, Level level, Optional<Path> file) {
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        root.setLevel(level);
        // at NNI's "debug", Netty's start-up chatter (some 60 lines of system properties) would bury the commands;
        // "trace" still shows it
        context.getLogger("io.netty").setLevel(level == Level.DEBUG ? Level.INFO : null);
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setTarget("System.err");
        start(context, stderr, "stderr");
        root.addAppender(stderr);
        file.ifPresent(path -> {
            FileAppender<ILoggingEvent> appender = new FileAppender<>();
            appender.setFile(path.toString());
            appender.setAppend(true);
            start(context, appender, "dispatcher.log");
            root.addAppender(appender);
        });
    }

    private static void start(LoggerContext context, ch.qos.logback.core.OutputStreamAppender<ILoggingEvent> appender,
                              String name) {
        NniLayout layout = new NniLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        appender.setContext(context);
        appender.setName(name);
        appender.setEncoder(encoder);
        appender.start();
    }
}
