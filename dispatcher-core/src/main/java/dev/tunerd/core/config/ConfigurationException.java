package dev.tunerd.core.config;

/**
 * The command line, environment, exp_params, algorithm name or classArgs are not acceptable; nothing was started.
 * The message says what was wrong and what is accepted. Ends the process with exit code 2.
 */
public class ConfigurationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }

    public ConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
