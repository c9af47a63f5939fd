package dev.tunerd.core.plugin;

import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

/** Loads and instantiates a custom {@code className} from its {@code codeDirectory} (see {@link AlgorithmFactory}). */
final class CustomClasses {

    private CustomClasses() {
    }

    static Object instantiate(AlgorithmSpec spec, ClassLoader parent, Class<?> providerType, Class<?> algorithmType,
                              AlgorithmContext context) {
        String className = spec.className().orElseThrow();
        ClassLoader loader = PluginClassLoaders.forCodeDirectory(spec.codeDirectory().orElseThrow(), parent);
        Class<?> type;
        try {
            type = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ConfigurationException("className " + className + " cannot be loaded from "
                + spec.codeDirectory().get() + ": " + e, e);
        }
        if (providerType.isAssignableFrom(type)) {
            return construct(type, className);
        }
        if (algorithmType.isAssignableFrom(type)) {
            return constructAlgorithm(type, className, spec.classArgs(), context);
        }
        throw new ConfigurationException("className " + className + " is neither a " + providerType.getSimpleName()
            + " nor a " + algorithmType.getSimpleName());
    }

    private static Object construct(Class<?> type, String className) {
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new ConfigurationException("className " + className + " needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw failure(className, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new ConfigurationException("className " + className + " cannot be instantiated: " + e, e);
        }
    }

    private static Object constructAlgorithm(Class<?> type, String className, JsonObject classArgs,
                                             AlgorithmContext context) {
        try {
            Constructor<?> withArgs = type.getConstructor(AlgorithmContext.class, JsonObject.class);
            return withArgs.newInstance(context, classArgs);
        } catch (NoSuchMethodException e) {
            if (classArgs.size() > 0) {
                throw new ConfigurationException("classArgs of " + className + ": unknown keys " + classArgs.keys()
                    + "; this class takes none (it has no (AlgorithmContext, JsonObject) constructor)", e);
            }
            return construct(type, className);
        } catch (InvocationTargetException e) {
            throw failure(className, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new ConfigurationException("className " + className + " cannot be instantiated: " + e, e);
        }
    }

    private static RuntimeException failure(String className, Throwable cause) {
        if (cause instanceof IllegalArgumentException) {
            return new ConfigurationException("classArgs of " + className + ": " + cause.getMessage(), cause);
        }
        return cause instanceof RuntimeException r ? r : new IllegalStateException(className + " failed: " + cause, cause);
    }
}
