package dev.tunerd.core.plugin;

import dev.tunerd.core.config.ConfigurationException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Class loaders over plugin directories: every {@code *.jar} in them (sorted by name), optionally the directory too. Stateless; thread-safe. */
public final class PluginClassLoaders {

    private PluginClassLoaders() {
    }

    /**
     * A loader over the jars of {@code directories} ({@code --plugin-path}); {@code parent} itself when there are none.
     *
     * @throws ConfigurationException when a directory does not exist
     */
    public static ClassLoader forPluginPath(List<Path> directories, ClassLoader parent) {
        List<URL> urls = new ArrayList<>();
        for (Path dir : directories) {
            urls.addAll(jars(dir, "--plugin-path"));
        }
        return urls.isEmpty() ? parent : new URLClassLoader("tunerd-plugins", urls.toArray(URL[]::new), parent);
    }

    /** A loader over a custom algorithm's {@code codeDirectory}: its jars and its class files. */
    public static ClassLoader forCodeDirectory(Path directory, ClassLoader parent) {
        List<URL> urls = new ArrayList<>(jars(directory, "codeDirectory"));
        urls.add(url(directory));
        return new URLClassLoader("tunerd-code-" + directory.getFileName(), urls.toArray(URL[]::new), parent);
    }

    private static List<URL> jars(Path dir, String what) {
        if (!Files.isDirectory(dir)) {
            throw new ConfigurationException(what + ": Directory not found: " + dir);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted()
                .map(PluginClassLoaders::url).toList();
        } catch (IOException e) {
            throw new ConfigurationException(what + ": cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static URL url(Path path) {
        try {
            return path.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new ConfigurationException("cannot use " + path + " as a class path entry: " + e.getMessage(), e);
        }
    }
}
