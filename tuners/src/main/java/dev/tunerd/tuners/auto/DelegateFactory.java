package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.spi.json.JsonObject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Creates the tuner Auto picked the way the dispatcher creates any tuner: its {@link TunerProvider} found through
 * {@link ServiceLoader} by name (case-insensitively, as the registry matches), its classArgs record built with
 * {@code optimizeMode}, {@code seed} and the keys {@link AutoPolicy#delegateArgs} sets for that tuner, every other
 * key absent (so the record's own defaults apply), and the same {@link AlgorithmContext}. Stateless.
 */
final class DelegateFactory {
    private DelegateFactory() {
    }

    static Tuner create(String algorithm, AlgorithmContext context, OptimizeMode mode, Long seed) {
        for (TunerProvider<?> provider : ServiceLoader.load(TunerProvider.class, DelegateFactory.class.getClassLoader())) {
            if (provider.name().equalsIgnoreCase(algorithm)) {
                return createWith(provider, context, mode, seed, AutoPolicy.delegateArgs(provider.name()));
            }
        }
        throw new IllegalStateException("Auto: no tuner named " + algorithm + " is registered");
    }

    /**
     * Whether the tuner named {@code algorithm} accepts {@code searchSpace} (a throwaway instance is given it; a
     * tuner that refuses the space throws, as it would to the dispatcher).
     */
    static boolean takesSpace(String algorithm, AlgorithmContext context, OptimizeMode mode, JsonObject searchSpace) {
        Tuner probe = create(algorithm, context, mode, 0L);
        try {
            probe.updateSearchSpace(searchSpace);
            return true;
        } catch (InvalidSearchSpaceException e) {
            return false;
        } finally {
            probe.close();
        }
    }

    private static <A extends Record> Tuner createWith(TunerProvider<A> provider, AlgorithmContext context,
                                                       OptimizeMode mode, Long seed, Map<String, Object> set) {
        return provider.create(context, args(provider.argsType(), mode, seed, set));
    }

    /** The classArgs record with optimize_mode and seed set and every other component absent (null or zero). */
    static <A extends Record> A args(Class<A> type, OptimizeMode mode, Long seed) {
        return args(type, mode, seed, Map.of());
    }

    /**
     * The classArgs record with optimize_mode and seed set, the components named in {@code set} (record component
     * names) at those values, and every other component absent (null or zero).
     */
    static <A extends Record> A args(Class<A> type, OptimizeMode mode, Long seed, Map<String, Object> set) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            String name = components[i].getName();
            if (name.equals("optimizeMode") && types[i] == OptimizeMode.class) {
                values[i] = mode;
            } else if (name.equals("seed") && types[i] == Long.class) {
                values[i] = seed;
            } else if (set.containsKey(name)) {
                values[i] = set.get(name);
            } else {
                values[i] = absent(types[i]);
            }
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Auto: the classArgs of " + type.getSimpleName() + " refused the"
                + " defaults: " + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Auto: cannot build " + type.getSimpleName(), e);
        }
    }

    private static Object absent(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == double.class) {
            return 0.0;
        }
        if (type == float.class) {
            return 0.0f;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == char.class) {
            return '\0';
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
