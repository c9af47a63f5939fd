package dev.tunerd.simulator.manager;

import com.fasterxml.jackson.core.JsonFactory;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.spi.json.JsonValue;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Builds the command that starts {@link FakeDaemon} in a child JVM. */
public final class FakeDaemons {

    private FakeDaemons() {
    }

    public static DaemonCommand command(String... extraArgs) {
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {FakeDaemon.class, FrameDecoder.class, JsonValue.class, JsonFactory.class}) {
            cp.add(location(c));
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", String.join(File.pathSeparator, cp),
            FakeDaemon.class.getName()));
        cmd.addAll(List.of(extraArgs));
        return new DaemonCommand(cmd);
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
