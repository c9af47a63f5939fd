package dev.tunerd.simulator.manager;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How to start the daemon child: a command prefix to which the algorithm options are appended. By default the
 * running tunerd jar itself ({@code java -jar tunerd.jar}), found through the code source of this class, so that
 * {@code tunerd simulate} exercises exactly the binary that ships. Immutable.
 *
 * @param prefix the program and its leading arguments
 */
public record DaemonCommand(List<String> prefix) {

    /** JVM options the launcher script uses too; {@code TUNERD_JAVA_OPTS} replaces them. */
    private static final String DEFAULT_JVM_OPTS = "-XX:+UseSerialGC -Xshare:auto";

    public DaemonCommand {
        prefix = List.copyOf(prefix);
        if (prefix.isEmpty()) {
            throw new IllegalArgumentException("the daemon command must not be empty");
        }
    }

    /** A command given as one string of words separated by white space (no shell quoting). */
    public static DaemonCommand parse(String words) {
        String trimmed = words.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("--daemon-command must not be empty");
        }
        return new DaemonCommand(Arrays.asList(trimmed.split("\\s+")));
    }

    /** {@code java <opts> -jar <this jar>}, or the class path and main class when not running from a jar. */
    public static DaemonCommand sameJar() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String opts = System.getenv("TUNERD_JAVA_OPTS");
        cmd.addAll(Arrays.asList((opts == null ? DEFAULT_JVM_OPTS : opts).trim().split("\\s+")));
        cmd.removeIf(String::isEmpty);
        Path location = codeSource();
        if (location != null && location.toString().endsWith(".jar")) {
            cmd.add("-jar");
            cmd.add(location.toString());
        } else {
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add("dev.tunerd.app.Main");
        }
        return new DaemonCommand(cmd);
    }

    /** The full command line for a run with these algorithms. */
    public List<String> commandLine(AlgorithmChoice tuner, AlgorithmChoice assessor) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add("--tuner");
        cmd.add(tuner.name());
        if (tuner.hasArgs()) {
            cmd.add("--tuner-args");
            cmd.add(tuner.argsJson());
        }
        if (assessor != null) {
            cmd.add("--assessor");
            cmd.add(assessor.name());
            if (assessor.hasArgs()) {
                cmd.add("--assessor-args");
                cmd.add(assessor.argsJson());
            }
        }
        return cmd;
    }

    private static Path codeSource() {
        try {
            var source = DaemonCommand.class.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return String.join(" ", prefix);
    }
}
