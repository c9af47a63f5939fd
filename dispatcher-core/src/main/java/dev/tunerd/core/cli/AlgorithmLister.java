package dev.tunerd.core.cli;

import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.plugin.AlgorithmFactory;
import dev.tunerd.core.plugin.AlgorithmRegistry;
import dev.tunerd.core.plugin.ClassArgsBinder;
import dev.tunerd.core.plugin.PluginClassLoaders;
import dev.tunerd.spi.AlgorithmProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** {@code --list}: every tuner and assessor with aliases, description and classArgs defaults. */
final class AlgorithmLister {

    private final AlgorithmRegistry registry;
    private final AlgorithmFactory factory;

    AlgorithmLister(List<Path> pluginPath) {
        ClassLoader loader = PluginClassLoaders.forPluginPath(pluginPath, AlgorithmLister.class.getClassLoader());
        this.registry = new AlgorithmRegistry(loader);
        this.factory = new AlgorithmFactory(registry, new ClassArgsBinder(), loader);
    }

    void print(PrintWriter out) {
        out.println("Tuners:");
        registry.tuners().forEach(p -> print(out, p));
        out.println("Assessors:");
        registry.assessors().forEach(p -> print(out, p));
        out.flush();
    }

    private void print(PrintWriter out, AlgorithmProvider<?, ?> p) {
        String aliases = p.aliases().isEmpty() ? "" : " (aliases: " + String.join(", ", p.aliases()) + ")";
        out.println("  " + p.name() + aliases + " - " + p.description());
        String defaults;
        try {
            defaults = factory.defaults(p);
        } catch (ConfigurationException e) {
            defaults = "(binding {} fails: " + e.getMessage() + ")";
        }
        out.println("      classArgs defaults: " + defaults);
    }
}
