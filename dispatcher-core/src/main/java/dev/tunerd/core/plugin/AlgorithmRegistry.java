package dev.tunerd.core.plugin;

import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.spi.AlgorithmProvider;
import dev.tunerd.spi.AssessorProvider;
import dev.tunerd.spi.TunerProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every tuner and assessor provider found through {@link ServiceLoader} in a class loader (the application's plus
 * the {@code --plugin-path} jars), looked up by name or alias case-insensitively as NNI does. When two providers
 * claim a name, the first found (the application's builtins come first) keeps it and a warning is logged.
 * Immutable after construction; thread-safe.
 */
public final class AlgorithmRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(AlgorithmRegistry.class);

    private final Map<String, TunerProvider<?>> tuners = new LinkedHashMap<>();
    private final Map<String, AssessorProvider<?>> assessors = new LinkedHashMap<>();
    private final List<TunerProvider<?>> tunerList = new ArrayList<>();
    private final List<AssessorProvider<?>> assessorList = new ArrayList<>();

    public AlgorithmRegistry(ClassLoader loader) {
        for (TunerProvider<?> p : loadTuners(loader)) {
            register(p, tuners, tunerList);
        }
        for (AssessorProvider<?> p : loadAssessors(loader)) {
            register(p, assessors, assessorList);
        }
    }

    /** @throws ConfigurationException listing the accepted names when none matches */
    public TunerProvider<?> tuner(String name) {
        return find(name, tuners, "tuner");
    }

    /** @throws ConfigurationException listing the accepted names when none matches */
    public AssessorProvider<?> assessor(String name) {
        return find(name, assessors, "assessor");
    }

    public List<TunerProvider<?>> tuners() {
        return List.copyOf(tunerList);
    }

    public List<AssessorProvider<?>> assessors() {
        return List.copyOf(assessorList);
    }

    private static <P extends AlgorithmProvider<?, ?>> P find(String name, Map<String, P> byName, String role) {
        P p = byName.get(name.toLowerCase(Locale.ROOT));
        if (p == null) {
            throw new ConfigurationException("Builtin name is not found: " + name.toLowerCase(Locale.ROOT) + " (no "
                + role + " has that name; accepted: " + names(byName) + ")");
        }
        return p;
    }

    private static String names(Map<String, ? extends AlgorithmProvider<?, ?>> byName) {
        List<String> names = new ArrayList<>();
        for (AlgorithmProvider<?, ?> p : new java.util.LinkedHashSet<>(byName.values())) {
            names.add(p.aliases().isEmpty() ? p.name() : p.name() + " (" + String.join(", ", p.aliases()) + ")");
        }
        return names.isEmpty() ? "none are installed" : String.join(", ", names);
    }

    private static <P extends AlgorithmProvider<?, ?>> void register(P p, Map<String, P> byName, List<P> list) {
        list.add(p);
        List<String> keys = new ArrayList<>(p.aliases());
        keys.add(0, p.name());
        for (String key : keys) {
            P previous = byName.putIfAbsent(key.toLowerCase(Locale.ROOT), p);
            if (previous != null && previous != p) {
                LOG.warn("{} ({}) also claims the name \"{}\"; {} keeps it", p.getClass().getName(), p.name(), key,
                    previous.getClass().getName());
            }
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static List<TunerProvider<?>> loadTuners(ClassLoader loader) {
        List<TunerProvider<?>> out = new ArrayList<>();
        for (TunerProvider p : ServiceLoader.load(TunerProvider.class, loader)) {
            out.add(p);
        }
        return out;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static List<AssessorProvider<?>> loadAssessors(ClassLoader loader) {
        List<AssessorProvider<?>> out = new ArrayList<>();
        for (AssessorProvider p : ServiceLoader.load(AssessorProvider.class, loader)) {
            out.add(p);
        }
        return out;
    }
}
