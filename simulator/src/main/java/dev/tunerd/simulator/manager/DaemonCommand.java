package dev.tunerd.simulator.manager;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How to start the daemon child: a command prefix to which the algorithm options are appended. By default the
 * running tunerd jar itself, found through the code source of this class, started the way NNI starts it: through the
 * launcher {@code scripts/tunerd} of the same checkout when there is one (its JVM flags and its class-data-sharing
 * archive, which it creates on its first run after a build), else {@code java -jar tunerd.jar}. So
 * {@code tunerd simulate} and {@code tunerd bench} measure exactly what ships. Immutable.
 *
 * @param prefix the program and its leading arguments
 */
public record DaemonCommand(List<String> prefix) {

    /** The launcher script's JVM options, for a jar without the script; {@code TUNERD_JAVA_OPTS} replaces them. */
    private static final String DEFAULT_JVM_OPTS = "-XX:+UseSerialGC -Xss512k -XX:TieredStopAtLevel=1 -Xmn8m -Xms24m"
        + " -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40";

    public DaemonCommand {
        prefix = List.copyOf(prefix);
        if (prefix.isEmpty()) {
            throw new IllegalArgumentException("the daemon command must not be empty");
        }
    }

    /** tunerd's barrier option: a daemon started with it answers each {@code PI} once it handled what came before. */
    public static final String ECHO_PING = "--echo-ping";

    /** This command with {@link #ECHO_PING} (for tunerd's own daemon; another program may not know the option). */
    public DaemonCommand withEchoPing() {
        if (echoesPing()) {
            return this;
        }
        List<String> words = new ArrayList<>(prefix);
        words.add(ECHO_PING);
        return new DaemonCommand(words);
    }

    /** Whether the daemon this starts answers {@code PI} (its words include {@link #ECHO_PING}). */
    public boolean echoesPing() {
        return prefix.contains(ECHO_PING);
    }

    /** A command given as one string of words separated by white space (no shell quoting). */
    public static DaemonCommand parse(String words) {
        String trimmed = words.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("--daemon-command must not be empty");
        }
        return new DaemonCommand(Arrays.asList(trimmed.split("\\s+")));
    }

    /**
     * {@code scripts/tunerd} when this runs from {@code tunerd/target/tunerd.jar} of a checkout that has it, else
     * {@code java <opts> -jar <this jar>}, or the class path and main class when not running from a jar.
     */
    public static DaemonCommand sameJar() {
        Path jar = codeSource();
        Path launcher = jar == null ? null : launcherOf(jar);
        if (launcher != null) {
            return new DaemonCommand(List.of(launcher.toString()));
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String opts = System.getenv("TUNERD_JAVA_OPTS");
        cmd.addAll(Arrays.asList((opts == null ? DEFAULT_JVM_OPTS : opts).trim().split("\\s+")));
        cmd.removeIf(String::isEmpty);
        if (jar != null && jar.toString().endsWith(".jar")) {
            cmd.add("-jar");
            cmd.add(jar.toString());
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

    /**
     * The full command line for a run with these algorithms that also tells the daemon the experiment's budget
     * ({@code --max-trials}, {@code --trial-concurrency}), as NNI's exp_params tell it {@code maxTrialNumber} and
     * {@code trialConcurrency}: algorithms that plan by the budget (Auto) see what a real experiment shows them.
     */
    public List<String> commandLine(AlgorithmChoice tuner, AlgorithmChoice assessor, int maxTrials, int concurrency) {
        List<String> cmd = commandLine(tuner, assessor);
        cmd.add("--max-trials");
        cmd.add(Integer.toString(maxTrials));
        cmd.add("--trial-concurrency");
        cmd.add(Integer.toString(concurrency));
        return cmd;
    }

    /**
     * {@code <checkout>/scripts/tunerd} for {@code <checkout>/tunerd/target/tunerd.jar}, or {@code <home>/bin/tunerd}
     * for {@code <home>/lib/tunerd.jar} (the release archive), when it is executable.
     */
    static Path launcherOf(Path jar) {
        Path lib = jar.toAbsolutePath().getParent();
        if (lib != null && lib.getFileName() != null && lib.getFileName().toString().equals("lib")
            && lib.getParent() != null && jar.getFileName().toString().equals("tunerd.jar")) {
            Path script = lib.getParent().resolve("bin").resolve("tunerd");
            return Files.isRegularFile(script) && Files.isExecutable(script) ? script : null;
        }
        Path checkout = jar.toAbsolutePath().getParent();
        for (String expected : new String[] {"target", "tunerd"}) {
            if (checkout == null || checkout.getFileName() == null || !checkout.getFileName().toString().equals(expected)) {
                return null;
            }
            checkout = checkout.getParent();
        }
        if (checkout == null || !jar.getFileName().toString().equals("tunerd.jar")) {
            return null;
        }
        Path script = checkout.resolve("scripts").resolve("tunerd");
        return Files.isRegularFile(script) && Files.isExecutable(script) ? script : null;
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
