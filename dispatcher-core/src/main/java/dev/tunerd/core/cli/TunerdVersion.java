package dev.tunerd.core.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the build's version (from a resource filtered by Maven) and the NNI protocol it speaks. Stateless; thread-safe. */
public final class TunerdVersion implements IVersionProvider {

    /** The project version, or "unknown" when the resource is missing. */
    public static String version() {
        try (InputStream in = TunerdVersion.class.getResourceAsStream("/dev/tunerd/core/tunerd-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tunerd " + version(),
            "NNI dispatcher protocol: framed pipe (6/14-digit headers); Java " + Runtime.version()};
    }
}
