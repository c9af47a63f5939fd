package dev.tunerd.core.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's first configuration, found through {@code META-INF/services}: stderr only, so that nothing can reach
 * stdout even before {@link LoggingSetup#configure} runs, and without Logback's slower default lookup. Called once by Logback, on the thread that first logs.
 */
public final class TunerdLogbackConfigurator extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        LoggingSetup.stderrOnly(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
