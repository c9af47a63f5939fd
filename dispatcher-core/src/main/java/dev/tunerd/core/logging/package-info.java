/**
 * Logging set-up: Logback configured in code with NNI's line format and Python level names, to stderr and to
 * {@code $NNI_LOG_DIRECTORY/dispatcher.log}; never to stdout, which carries frames only. Plugins log through
 * {@link java.lang.System.Logger}, routed to SLF4J by {@code slf4j-jdk-platform-logging}. Configuration happens on
 * the main thread before the daemon starts; Logback's appenders are thread-safe.
 */
package dev.tunerd.core.logging;
