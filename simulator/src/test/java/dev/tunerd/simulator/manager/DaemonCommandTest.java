package dev.tunerd.simulator.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonCommandTest {

    @Test
    void outsideAJarTheClassPathAndTheAppMainAreUsed() {
        List<String> cmd = DaemonCommand.sameJar().prefix();
        assertTrue(cmd.get(0).endsWith("java"), cmd.toString());
        assertEquals("dev.tunerd.app.Main", cmd.get(cmd.size() - 1));
        assertEquals("-cp", cmd.get(cmd.size() - 3));
    }

    @Test
    void algorithmsAreAppendedWithTheirArgs() {
        DaemonCommand d = DaemonCommand.parse("  java  -jar t.jar ");
        assertEquals(List.of("java", "-jar", "t.jar", "--tuner", "TPE", "--tuner-args", "{\"seed\": 1}",
                "--assessor", "Medianstop", "--assessor-args", "{\"start_step\": 5}"),
            d.commandLine(new AlgorithmChoice("TPE", "{\"seed\": 1}"),
                new AlgorithmChoice("Medianstop", "{\"start_step\": 5}")));
        assertThrows(IllegalArgumentException.class, () -> DaemonCommand.parse("   "));
    }

    /** The barrier option travels in the command's words, so whether the daemon echoes PI is read from them. */
    @Test
    void theEchoPingOptionIsPartOfTheCommand() {
        DaemonCommand plain = DaemonCommand.parse("java -jar t.jar");
        assertFalse(plain.echoesPing());
        DaemonCommand echoing = plain.withEchoPing();
        assertTrue(echoing.echoesPing());
        assertEquals(List.of("java", "-jar", "t.jar", "--echo-ping", "--tuner", "TPE"),
            echoing.commandLine(new AlgorithmChoice("TPE", "{}"), null));
        assertEquals(echoing, echoing.withEchoPing(), "given once");
        assertTrue(DaemonCommand.parse("scripts/tunerd --echo-ping").echoesPing(), "a user's command may carry it");
    }

    @Test
    void theBudgetIsPassedAsAnExperimentWouldGiveIt() {
        DaemonCommand d = DaemonCommand.parse("tunerd");
        assertEquals(List.of("tunerd", "--tuner", "Auto", "--max-trials", "200", "--trial-concurrency", "4"),
            d.commandLine(new AlgorithmChoice("Auto", "{}"), null, 200, 4));
    }

    @Test
    void aJarInACheckoutIsStartedThroughTheCheckoutsLauncher(@TempDir Path checkout) throws IOException {
        Path jar = Files.createDirectories(checkout.resolve("tunerd/target")).resolve("tunerd.jar");
        Files.createFile(jar);
        assertNull(DaemonCommand.launcherOf(jar), "no scripts/tunerd yet");
        Path script = Files.createDirectories(checkout.resolve("scripts")).resolve("tunerd");
        Files.createFile(script);
        assertNull(DaemonCommand.launcherOf(jar), "not executable");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(script, DaemonCommand.launcherOf(jar));
        Path elsewhere = Files.createDirectories(checkout.resolve("dist")).resolve("tunerd.jar");
        Files.createFile(elsewhere);
        assertNull(DaemonCommand.launcherOf(elsewhere), "a jar outside tunerd/target has no launcher");
    }

    @Test
    void aJarInTheReleaseArchiveIsStartedThroughItsBinLauncher(@TempDir Path home) throws IOException {
        Path jar = Files.createDirectories(home.resolve("lib")).resolve("tunerd.jar");
        Files.createFile(jar);
        assertNull(DaemonCommand.launcherOf(jar), "no bin/tunerd yet");
        Path script = Files.createDirectories(home.resolve("bin")).resolve("tunerd");
        Files.createFile(script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(script, DaemonCommand.launcherOf(jar));
    }
}
