/**
 * Finding and creating algorithms: {@link dev.tunerd.core.plugin.AlgorithmRegistry} (ServiceLoader over the
 * application and the {@code --plugin-path} jars, NNI's case-insensitive names and aliases),
 * {@link dev.tunerd.core.plugin.ClassArgsBinder} (strict binding of classArgs to a provider's record, written over
 * {@link java.lang.reflect.RecordComponent}: no data-binding library, for start-up time) and
 * {@link dev.tunerd.core.plugin.AlgorithmFactory} (builtin, plugin or custom {@code className} +
 * {@code codeDirectory}). Used once, on the main thread, before the daemon starts; every type is thread-safe.
 */
package dev.tunerd.core.plugin;
