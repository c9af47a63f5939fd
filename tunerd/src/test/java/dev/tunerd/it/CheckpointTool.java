package dev.tunerd.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code scripts/tunerd checkpoint ...} and keeps its exit code, stdout and stderr apart. Test harness.
 *
 * @param exitCode the process's exit code
 * @param stdout   what it printed on stdout
 * @param stderr   what it printed on stderr
 */
record CheckpointTool(int exitCode, String stdout, String stderr) {

    static CheckpointTool run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(TunerdProcess.launcher(), "checkpoint"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("tunerd-ckpt-out", ".txt");
        Path err = Files.createTempFile("tunerd-ckpt-err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tunerd checkpoint " + String.join(" ", args) + " did not end within 60 s");
        }
        return new CheckpointTool(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
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
