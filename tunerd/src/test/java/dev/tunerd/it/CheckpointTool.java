package dev.tunerd.it;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code scripts/tunerd checkpoint ...} and keeps its exit code, stdout and stderr apart. Test harness.
 *
 * @param exitCode the process's exit code
 * @param stdout   what it printed on stdout
 * @param stderr   what it printed on stderr
 */
record CheckpointTool(int exitCode, String stdout, String stderr) {

    static CheckpointTool run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("checkpoint"));
        cmd.addAll(List.of(args));
        LauncherRun r = LauncherRun.launcher(Duration.ofSeconds(60), cmd);
        return new CheckpointTool(r.exitCode(), r.stdout(), r.stderr());
    }

    /** The value of a {@code name:} header line of {@code inspect}. */
    String header(String name) {
        return stdout.lines().filter(l -> l.startsWith(name + ":")).map(l -> l.substring(name.length() + 1).trim())
            .findFirst().orElseThrow(() -> new AssertionError("no \"" + name + ":\" line in\n" + stdout));
    }

    /** The trial rows of {@code inspect} (after the ID/TRIAL/STATE/VALUE header), split into their four columns. */
    List<String[]> rows() {
        List<String[]> out = new ArrayList<>();
        boolean table = false;
        for (String line : stdout.lines().toList()) {
            if (table) {
                out.add(line.trim().split("\\s+"));
            }
            table |= line.trim().startsWith("ID ");
        }
        return out;
    }
}
