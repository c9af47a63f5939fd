package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkpoint defects of issue #12: the directory lock, the id floor of an abandoned journal, messages. */
class CheckpointHardeningTest {
    @TempDir
    Path dir;

    /** Defect 4: one holder at a time; the message names the directory and the PID; released on close. */
    @Test
    void aSecondHolderIsRefusedNamingTheDirectoryAndThePid() throws IOException {
        Optional<CheckpointLock> first = CheckpointLock.acquire(dir);
        assertTrue(first.isPresent());
        CheckpointException e = assertThrows(CheckpointException.class, () -> CheckpointLock.acquire(dir));
        assertTrue(e.getMessage().contains("checkpoint directory " + dir + " is in use by another tunerd (PID "
            + ProcessHandle.current().pid() + ","), e.getMessage());
        assertEquals(ProcessHandle.current().pid() + "\n",
            Files.readString(CheckpointLayout.root(dir).resolve(CheckpointLock.FILE)));
        first.get().close();
        CheckpointLock.acquire(dir).orElseThrow().close(); // the file stays, but an unlocked file holds nothing
        assertTrue(CheckpointLock.acquire(dir.resolve("missing")).isEmpty(), "no directory: opening reports it");
        Path blocked = Files.createDirectory(dir.resolve("blocked"));
        Files.writeString(CheckpointLayout.root(blocked), "a file where tunerd/ should be");
        assertTrue(CheckpointLock.acquire(blocked).isEmpty(), "unwritable: opening reports it by the failure policy");
    }

    /** The lock file is not an old checkpoint file: a fresh start does not set it aside (that would unlock it). */
    @Test
    void settingOldFilesAsideLeavesTheLockInPlace() {
        CheckpointLock lock = CheckpointLock.acquire(dir).orElseThrow();
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
                 RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 2);
            assertTrue(Files.exists(CheckpointLayout.root(dir).resolve(CheckpointLock.FILE)));
            assertThrows(CheckpointException.class, () -> CheckpointLock.acquire(dir));
            lock.close();
            CheckpointLock.acquire(dir).orElseThrow().close(); // the lock, not the file, is what holds the directory
        }
    }

    /**
     * Defect 5: a best-effort journal abandoned on a full disk still raises the id floor on resume: its readable part,
     * and the ids issued after it stopped (kept in {@code next-id}). The counter used to start at 0.
     */
    @Test
    void anAbandonedJournalStillRaisesTheIdFloor() {
        CheckpointSettings full = ScriptedExperiment.settings(dir, CheckpointMode.BEST_EFFORT)
            .withOpener(FailingChannel.diskWithFreeBytes(1200));
        CheckpointRecorder r = CheckpointRecorder.open(full, RecoveredState.empty(), ExistingFiles.SET_ASIDE);
        ScriptedExperiment.run(r, r, 0, 50);
        assertFalse(r.isActive(), "the disk filled and the journal was abandoned");
        r.close();
        assertTrue(CheckpointReader.readableIdFloor(dir) >= 50, "floor " + CheckpointReader.readableIdFloor(dir));
        CheckpointStartup resumed = CheckpointStartup.begin(ScriptedExperiment.settings(dir,
            CheckpointMode.BEST_EFFORT), true);
        assertTrue(resumed.fallbackReason().orElseThrow().contains("abandoned"));
        assertEquals(50, resumed.minimumNextParameterId());
        resumed.recorder().close();
    }

    /** An abandoned journal whose next-id could not be kept: the readable part alone still counts. */
    @Test
    void theReadablePartAloneRaisesTheFloorToo() throws IOException {
        CheckpointSettings full = ScriptedExperiment.settings(dir, CheckpointMode.BEST_EFFORT)
            .withOpener(FailingChannel.diskWithFreeBytes(1200));
        CheckpointRecorder r = CheckpointRecorder.open(full, RecoveredState.empty(), ExistingFiles.SET_ASIDE);
        ScriptedExperiment.run(r, r, 0, 50);
        r.close();
        Files.delete(CheckpointLayout.root(dir).resolve(IdFloorFile.FILE));
        long floor = CheckpointReader.readableIdFloor(dir);
        assertTrue(floor > 0 && floor < 50, "floor " + floor);
    }

    /** Weak spot: a file given as the checkpoint directory is reported as what it is. */
    @Test
    void aFileGivenAsTheDirectoryIsCalledAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        CheckpointException read = assertThrows(CheckpointException.class, () -> CheckpointReader.read(file));
        assertTrue(read.getMessage().endsWith(file + " is a file, not a directory"), read.getMessage());
        CheckpointException open = assertThrows(CheckpointException.class, () -> CheckpointRecorder.open(
            ScriptedExperiment.settings(file, CheckpointMode.REQUIRED), RecoveredState.empty(), ExistingFiles.SET_ASIDE));
        assertTrue(open.getMessage().contains("is a file, not a directory"), open.getMessage());
    }
}
