package dev.tunerd.core.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * SLF4J's binding to Logback, for a daemon start: the same {@link LoggerContext} Logback's own provider makes, given
 * {@link LoggingSetup}'s stderr configuration directly. Logback's provider gets there through its auto-configuration
 * (a service-loader scan for configurators, a security-policy check that parses the JDK's policy file, a status
 * report built by run-time string concatenation), and SLF4J finds that provider through a service-loader scan of the
 * class path: together some 30 ms that the main thread waited for on the way to the first reply. Named through the
 * {@code slf4j.provider} system property by {@link LoggingSetup#initializeInBackground}; elsewhere (tests, the
 * simulator) Logback's provider and {@link TunerdLogbackConfigurator} configure the same thing. Used once, by SLF4J's
 * initialisation.
 */
public final class TunerdSlf4jProvider implements SLF4JServiceProvider {

    /** The SLF4J API version this binds to, as Logback 1.5's provider says it. */
    private static final String API_VERSION = "2.0.99";

    private LoggerContext context;
    private IMarkerFactory markers;
    private LogbackMDCAdapter mdc;

    /** Public and without arguments: SLF4J instantiates it by reflection. */
    public TunerdSlf4jProvider() {
    }

    @Override
    public void initialize() {
        LoggerContext c = new LoggerContext();
        c.setName("default");
        LoggingSetup.stderrOnly(c);
        c.start();
        markers = new BasicMarkerFactory();
        mdc = new LogbackMDCAdapter();
        c.setMDCAdapter(mdc);
        context = c;
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return context;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return API_VERSION;
    }
}
