package dev.tunerd.core.plugin;

import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.AlgorithmProvider;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.AssessorProvider;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.spi.json.JsonObject;

/**
 * Creates the tuner and the assessor an {@link AlgorithmSpec} names: a registered provider by name, or a custom class
 * from a {@code codeDirectory}. A custom {@code className} may name a provider ({@link TunerProvider} or
 * {@link AssessorProvider}, public no-argument constructor; classArgs bound to its record) or the algorithm class
 * itself ({@link Tuner} or {@link Assessor}) with a public constructor {@code (AlgorithmContext, JsonObject classArgs)}
 * or {@code ()} (then classArgs must be empty). Thread-safe; used once at start-up.
 */
public final class AlgorithmFactory {

    private final AlgorithmRegistry registry;
    private final ClassArgsBinder binder;
    private final ClassLoader parent;

    public AlgorithmFactory(AlgorithmRegistry registry, ClassArgsBinder binder, ClassLoader parent) {
        this.registry = registry;
        this.binder = binder;
        this.parent = parent;
    }

    /** @throws ConfigurationException for an unknown name, a class that cannot be used, or bad classArgs */
    public Tuner createTuner(AlgorithmSpec spec, AlgorithmContext context) {
        if (spec.name().isPresent()) {
            return create(registry.tuner(spec.name().get()), spec.classArgs(), context);
        }
        Object custom = CustomClasses.instantiate(spec, parent, TunerProvider.class, Tuner.class, context);
        return custom instanceof TunerProvider<?> p ? create(p, spec.classArgs(), context) : (Tuner) custom;
    }

    /** @throws ConfigurationException for an unknown name, a class that cannot be used, or bad classArgs */
    public Assessor createAssessor(AlgorithmSpec spec, AlgorithmContext context) {
        if (spec.name().isPresent()) {
            return create(registry.assessor(spec.name().get()), spec.classArgs(), context);
        }
        Object custom = CustomClasses.instantiate(spec, parent, AssessorProvider.class, Assessor.class, context);
        return custom instanceof AssessorProvider<?> p ? create(p, spec.classArgs(), context) : (Assessor) custom;
    }

    /** The classArgs defaults of a provider: {@code {}} bound to its record, as JSON. */
    public String defaults(AlgorithmProvider<?, ?> provider) {
        return binder.describe(binder.bind(provider.name(), JsonObject.EMPTY, provider.argsType()));
    }

    private <A extends Record, T> T create(AlgorithmProvider<A, T> provider, JsonObject classArgs,
                                           AlgorithmContext context) {
        A args = binder.bind(provider.name(), classArgs, provider.argsType());
        try {
            T created = provider.create(context, args);
            if (created == null) {
                throw new IllegalStateException(provider.getClass().getName() + ".create returned null");
            }
            return created;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("classArgs of " + provider.name() + ": " + e.getMessage(), e);
        }
    }
}
