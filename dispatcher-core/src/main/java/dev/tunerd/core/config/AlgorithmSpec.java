package dev.tunerd.core.config;

import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Which algorithm to run and with what classArgs: either a builtin or plugin {@code name} (matched
 * case-insensitively against names and aliases) or a custom {@code className} loaded from {@code codeDirectory}.
 * Immutable.
 *
 * @param name          the registered name, when not custom
 * @param className     the custom class (a provider, or a Tuner/Assessor class; see docs/PLUGINS.md)
 * @param codeDirectory where the custom class's jars or class files are
 * @param classArgs     the user's classArgs ({@code {}} when none)
 */
public record AlgorithmSpec(Optional<String> name, Optional<String> className, Optional<Path> codeDirectory,
                            JsonObject classArgs) {

    public AlgorithmSpec {
        Objects.requireNonNull(classArgs, "classArgs");
        if (name.isPresent() == className.isPresent()) {
            throw new ConfigurationException("an algorithm needs exactly one of \"name\" and \"className\"");
        }
        if (className.isPresent() && codeDirectory.isEmpty()) {
            throw new ConfigurationException("\"className\" " + className.get() + " needs \"codeDirectory\"");
        }
    }

    public static AlgorithmSpec named(String name, JsonObject classArgs) {
        return new AlgorithmSpec(Optional.of(name), Optional.empty(), Optional.empty(), classArgs);
    }

    public static AlgorithmSpec custom(String className, Path codeDirectory, JsonObject classArgs) {
        return new AlgorithmSpec(Optional.empty(), Optional.of(className), Optional.of(codeDirectory), classArgs);
    }

    /** How this spec is shown in messages: the name, or the class name. */
    public String label() {
        return name.orElseGet(className::get);
    }
}
