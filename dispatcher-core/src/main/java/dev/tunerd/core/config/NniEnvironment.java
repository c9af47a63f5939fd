package dev.tunerd.core.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The environment variables NNI's manager sets for the dispatcher (spec 1.3), read once at start-up. Immutable.
 *
 * @param resume                     {@code NNI_MODE=resume}
 * @param checkpointDirectory        {@code NNI_CHECKPOINT_DIRECTORY}
 * @param logDirectory               {@code NNI_LOG_DIRECTORY}: where {@code dispatcher.log} goes
 * @param logLevel                   from {@code NNI_LOG_LEVEL}, mapped as NNI maps it
 * @param includeIntermediateResults {@code NNI_INCLUDE_INTERMEDIATE_RESULTS} is exactly {@code true}
 * @param channelUrl                 {@code NNI_TUNER_COMMAND_CHANNEL}
 */
public record NniEnvironment(boolean resume, Optional<Path> checkpointDirectory, Optional<Path> logDirectory,
                             LogLevel logLevel, boolean includeIntermediateResults, Optional<URI> channelUrl) {

    /** The levels NNI distinguishes, with Python's names. */
    public enum LogLevel { CRITICAL, ERROR, WARNING, INFO, DEBUG, TRACE }

    /** Reads the variables from {@code env} ({@code System.getenv()} in production). */
    public static NniEnvironment from(Map<String, String> env) {
        String mode = env.getOrDefault("NNI_MODE", "start");
        if (!mode.equals("start") && !mode.equals("resume") && !mode.isEmpty()) {
            throw new ConfigurationException("NNI_MODE must be \"start\" or \"resume\", got \"" + mode + "\"");
        }
        return new NniEnvironment(mode.equals("resume"), path(env, "NNI_CHECKPOINT_DIRECTORY"),
            path(env, "NNI_LOG_DIRECTORY"), logLevel(env.get("NNI_LOG_LEVEL")),
            "true".equals(env.get("NNI_INCLUDE_INTERMEDIATE_RESULTS")), url(env.get("NNI_TUNER_COMMAND_CHANNEL")));
    }

    /** NNI's mapping: fatal, error, warning, info, debug, trace; anything else (even "critical") is INFO. */
    static LogLevel logLevel(String value) {
        if (value == null) {
            return LogLevel.INFO;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "fatal" -> LogLevel.CRITICAL;
            case "error" -> LogLevel.ERROR;
            case "warning" -> LogLevel.WARNING;
            case "debug" -> LogLevel.DEBUG;
            case "trace" -> LogLevel.TRACE;
            default -> LogLevel.INFO;
        };
    }

    private static Optional<Path> path(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(Path.of(v));
    }

    /** Parses a channel URL; only {@code ws://} is meaningful. */
    public static Optional<URI> url(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(value);
            if (!"ws".equals(uri.getScheme())) {
                throw new ConfigurationException("channel URL must start with ws://, got \"" + value + "\"");
            }
            return Optional.of(uri);
        } catch (URISyntaxException e) {
            throw new ConfigurationException("channel URL \"" + value + "\" is not a URL: " + e.getMessage(), e);
        }
    }
}
