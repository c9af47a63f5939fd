package dev.tunerd.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command to its end (a {@code scripts/tunerd} subcommand, or the jar), with its exit code, stdout and
 * stderr kept apart. Test harness.
 *
 * @param exitCode the process's exit code
 * @param stdout   what it printed on stdout
 * @param stderr   what it printed on stderr
 */
record LauncherRun(int exitCode, String stdout, String stderr) {

    /** {@code scripts/tunerd args...}, which must end within {@code timeout}. */
    static LauncherRun launcher(Duration timeout, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of(TunerdProcess.launcher()));
        cmd.addAll(args);
        return command(timeout, cmd);
    }

    static LauncherRun command(Duration timeout, List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("tunerd-run-out", ".txt");
        Path err = Files.createTempFile("tunerd-run-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", cmd) + " did not end within " + timeout + "; stderr:\n"
                    + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new LauncherRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** For assertion messages. */
    String describe() {
        return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
}
