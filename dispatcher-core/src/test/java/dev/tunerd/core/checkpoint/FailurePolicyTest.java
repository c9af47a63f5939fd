package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tunerd.spi.json.JsonFloat;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Missing, unwritable and full checkpoint directories under each {@link CheckpointMode}. */
class FailurePolicyTest {
    @TempDir
    Path dir;

    @Test
    void missingDirectoryIsAClearErrorWhenRequired() {
        Path missing = dir.resolve("nope");
        CheckpointException e = assertThrows(CheckpointException.class, () -> open(missing, CheckpointMode.REQUIRED));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("does not exist"),
            e.getMessage());
        assertTrue(e.getMessage().contains("best-effort"), e.getMessage());
    }

    @Test
    void missingDirectoryOnlyWarnsWhenBestEffortAndTheExperimentGoesOn() {
        CheckpointRecorder r = open(dir.resolve("nope"), CheckpointMode.BEST_EFFORT);
        assertFalse(r.isActive());
        ScriptedExperiment.run(r, r, 0, 2);
        assertFalse(Files.exists(dir.resolve("nope")));
    }

    @Test
    void offWritesNothingEvenWhenTheDirectoryIsFine() throws IOException {
        CheckpointRecorder r = open(dir, CheckpointMode.OFF);
        ScriptedExperiment.run(r, r, 0, 2);
        r.close();
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsAClearErrorWhenRequired() throws IOException {
        Files.writeString(dir.resolve(CheckpointLayout.ROOT), "a file where tunerd/ should be");
        CheckpointException e = assertThrows(CheckpointException.class, () -> open(dir, CheckpointMode.REQUIRED));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
        assertFalse(open(dir, CheckpointMode.BEST_EFFORT).isActive());
    }

    @Test
    void permissionDeniedIsAClearErrorWhenRequired() {
        ChannelOpener denied = (path, options) -> {
            throw new AccessDeniedException(path.toString());
        };
        CheckpointSettings s = ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED).withOpener(denied);
        CheckpointException e = assertThrows(CheckpointException.class,
            () -> CheckpointRecorder.open(s, RecoveredState.empty(), ExistingFiles.SET_ASIDE));
        assertTrue(e.getMessage().contains("AccessDeniedException"), e.getMessage());
    }

    @Test
    void readOnlyDirectoryForNonRootUsers() throws IOException {
        assumeTrue(!"root".equals(System.getProperty("user.name")), "root ignores permissions");
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        assertThrows(CheckpointException.class, () -> open(ro, CheckpointMode.REQUIRED));
    }

    @Test
    void fullDiskWhenRequiredFailsTheCallAndEveryLaterOne() {
        CheckpointRecorder r = fullDiskAfter(CheckpointMode.REQUIRED, 1200);
        CheckpointException e = assertThrows(CheckpointException.class, () -> ScriptedExperiment.run(r, r, 0, 50));
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        assertThrows(CheckpointException.class, () -> r.finalResultReceived(0, "T0", JsonFloat.of(1.0)));
        RecoveredState s = CheckpointReader.read(dir);
        assertTrue(s.issuedParameters().size() > 0 && s.issuedParameters().size() < 50);
    }

    @Test
    void fullDiskWhenBestEffortAbandonsTheJournalAndTheExperimentGoesOn() {
        CheckpointRecorder r = fullDiskAfter(CheckpointMode.BEST_EFFORT, 1200);
        ScriptedExperiment.run(r, r, 0, 50);
        assertFalse(r.isActive());
        CheckpointException e = assertThrows(CheckpointException.class, () -> CheckpointReader.read(dir));
        assertTrue(e.getMessage().contains("abandoned"), e.getMessage());
    }

    @Test
    void anAbandonedCheckpointIsSetAsideByTheNextRun() {
        CheckpointRecorder r = fullDiskAfter(CheckpointMode.BEST_EFFORT, 1200);
        ScriptedExperiment.run(r, r, 0, 50);
        try (CheckpointRecorder next = open(dir, CheckpointMode.REQUIRED)) {
            next.parametersIssued(0, ScriptedExperiment.params(0));
        }
        assertEquals(1, CheckpointReader.read(dir).issuedParameters().size());
    }

    private CheckpointRecorder fullDiskAfter(CheckpointMode mode, long bytes) {
        CheckpointSettings s = ScriptedExperiment.settings(dir, mode).withOpener(FailingChannel.diskWithFreeBytes(bytes));
        return CheckpointRecorder.open(s, RecoveredState.empty(), ExistingFiles.SET_ASIDE);
    }

    private static CheckpointRecorder open(Path d, CheckpointMode mode) {
        return CheckpointRecorder.open(ScriptedExperiment.settings(d, mode), RecoveredState.empty(),
            ExistingFiles.SET_ASIDE);
    }
}
