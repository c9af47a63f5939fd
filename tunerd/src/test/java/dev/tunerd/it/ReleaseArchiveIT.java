package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive {@code tunerd/target/tunerd-<version>.tar.gz} that {@code mvn package} builds, unpacked into a
 * temporary directory far from the checkout and run from there with nothing but a Java runtime named by
 * {@code JAVA} and a plain {@code PATH}: {@code bin/tunerd --list}, a short simulated experiment and its report, the
 * three NNI launch ways of docs/NNI.md from the archive's own files, and THIRD-PARTY.md against what the jar bundles.
 */
@Timeout(120)
class ReleaseArchiveIT {

    private static final Path ARCHIVE = Path.of(System.getProperty("tunerd.archive",
        "target/tunerd-0.1.0-SNAPSHOT.tar.gz"));

    @TempDir
    static Path unpacked;

    static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        assertTrue(Files.isRegularFile(ARCHIVE), ARCHIVE + " was not built by mvn package");
        Run tar = run(unpacked, List.of("tar", "xzf", ARCHIVE.toAbsolutePath().toString()));
        assertEquals(0, tar.exit, tar.err);
        try (var dirs = Files.list(unpacked)) {
            home = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(home.getFileName().toString().startsWith("tunerd-"), home.toString());
    }

    private record Run(int exit, String out, String err) {
    }

    /** Runs {@code cmd} in {@code dir} with a plain PATH and JAVA set to this JVM's java; nothing from the checkout. */
    private static Run run(Path dir, List<String> cmd) throws IOException, InterruptedException {
        File out = Files.createTempFile("archive-out", ".txt").toFile();
        File err = Files.createTempFile("archive-err", ".txt").toFile();
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out).redirectError(err)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().keySet().removeIf(k -> k.startsWith("TUNERD_") || k.startsWith("NNI_") || k.startsWith("MAVEN"));
        pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
        pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = pb.start();
        if (!p.waitFor(100, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not end within 100 s");
        }
        return new Run(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
            Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    @Test
    void holdsTheLaunchersTheJarTheNniLauncherTheDocsAndTheNotices() {
        for (String f : List.of("bin/tunerd", "bin/tunerd-python", "lib/tunerd.jar", "nni/tunerd_launcher.py",
                "README.md", "docs/NNI.md", "docs/CLI.md", "docs/BENCHMARKS.md", "docs/benchmarks/README.md",
                "THIRD-PARTY.md", "licenses/Apache-2.0.txt",
                "licenses/LGPL-2.1.txt", "licenses/MIT-slf4j.txt")) {
            assertTrue(Files.isRegularFile(home.resolve(f)), f);
        }
        assertTrue(Files.isExecutable(home.resolve("bin/tunerd")) && Files.isExecutable(home.resolve(
            "bin/tunerd-python")));
    }

    @Test
    void listsTheAlgorithmsFromAnyDirectory(@TempDir Path elsewhere) throws Exception {
        Run r = run(elsewhere, List.of(home.resolve("bin/tunerd").toString(), "--list"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("TPE") && r.out.contains("Medianstop"), r.out);
    }

    @Test
    void runsAShortExperimentAndReportsOnIt(@TempDir Path work) throws Exception {
        Run sim = run(work, List.of(home.resolve("bin/tunerd").toString(), "simulate", "--tuner", "TPE", "--assessor",
            "Medianstop", "--problem", "curves", "--trials", "12", "--concurrency", "2", "--out", "sim"));
        assertEquals(0, sim.exit, sim.err);
        assertEquals(12, Files.readAllLines(work.resolve("sim/trials.jsonl")).size());
        Run report = run(work, List.of(home.resolve("bin/tunerd").toString(), "report", "sim", "-o", "r.html"));
        assertEquals(0, report.exit, report.err);
        assertEquals(work.resolve("r.html").toRealPath().toString(), Path.of(report.out.strip()).toRealPath()
            .toString());
        assertTrue(Files.readString(work.resolve("r.html")).contains("data-chart='intermediate'"));
    }

    @Test
    void interpreterStandInFromTheArchive() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            String shell = "'" + home.resolve("bin/tunerd-python") + "' -m nni --exp_params "
                + NniLaunchIT.base64(NniLaunchIT.NNI_V3_CONFIG);
            try (TunerdProcess p = TunerdProcess.startCommand(List.of("/bin/sh", "-c", shell),
                WsHarness.env(manager.localhostUrl()))) {
                NniLaunchIT.runSession(manager, p);
            }
        }
    }

    @Test
    void launcherClassFromTheArchiveFindsBinTunerdByItself() throws Exception {
        assumeTrue(NniLaunchIT.onPath("python3"), "python3 is not installed");
        JsonObject.Builder withLauncher = JsonObject.builder();
        ((JsonObject) Json.parse(NniLaunchIT.NNI_V3_CONFIG)).members().forEach(withLauncher::put);
        String launcherTuner = "{\"className\":\"tunerd_launcher.TunerdLauncher\",\"codeDirectory\":\""
            + home.resolve("nni") + "\",\"classArgs\":{\"tunerd_tuner\":\"TPE\"}}";
        String config = Json.write(withLauncher.put("tuner", Json.parse(launcherTuner)).build());
        try (ManagerServer manager = ManagerServer.start()) {
            Map<String, String> env = new HashMap<>(WsHarness.env(manager.url()));
            env.put("TUNERD_LAUNCHER", ""); // unset in effect: the launcher must find ../bin/tunerd itself
            try (TunerdProcess p = TunerdProcess.startCommand(List.of("python3", "-c", NniLaunchIT.IMITATE_NNI,
                "--exp_params", NniLaunchIT.base64(config)), env)) {
                NniLaunchIT.runSession(manager, p);
            }
        }
    }

    @Test
    void externalDispatcherFromTheArchive() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            try (TunerdProcess p = TunerdProcess.startCommand(List.of(home.resolve("bin/tunerd").toString(),
                "--channel", manager.url(), "--exp_params", NniLaunchIT.base64(NniLaunchIT.NNI_V3_CONFIG)),
                WsHarness.env(manager.url()))) {
                NniLaunchIT.runSession(manager, p);
            }
        }
    }

    @Test
    void thirdPartyNoticesNameEveryBundledLibrary() throws Exception {
        String notices = Files.readString(home.resolve("THIRD-PARTY.md"), StandardCharsets.UTF_8);
        TreeSet<String> coordinates = new TreeSet<>();
        TreeSet<String> packages = new TreeSet<>();
        try (ZipFile jar = new ZipFile(home.resolve("lib/tunerd.jar").toFile())) {
            for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements();) {
                String name = e.nextElement().getName();
                String[] parts = name.split("/");
                if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")
                    && !parts[2].equals("dev.tunerd")) {
                    coordinates.add(parts[2] + ":" + parts[3]);
                } else if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.startsWith("dev/tunerd/")) {
                    packages.add(String.join(".", List.of(parts).subList(0, Math.min(parts.length - 1, 2))));
                }
            }
        }
        assertTrue(coordinates.size() >= 5 && packages.contains("picocli"), coordinates + " " + packages);
        List<String> missing = new ArrayList<>();
        coordinates.stream().filter(c -> !notices.contains("`" + c + "`")).forEach(missing::add);
        packages.stream().filter(p -> !notices.contains("`" + p)).forEach(missing::add);
        assertEquals(List.of(), missing, "bundled but not in THIRD-PARTY.md");
    }
}
