package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two daemons writing one log directory's record (a resumed daemon started while the old one drains, two experiments
 * sharing {@code NNI_LOG_DIRECTORY}): the record never goes back, so the bound a later resume reads is above both runs'
 * ids; a lock held forever by a stuck process costs one bounded wait and one WARNING, never a hang.
 */
class IssuedIdsRecordWritersTest {
    /** Covers per writer: enough interleaving that a lost update shows (each write is a few microseconds). */
    private static final int COVERS = 3000;

    @RegisterExtension
    final LogCapture logged = new LogCapture(IssuedIdsRecord.class);

    @TempDir
    Path dir;

    private long bound() {
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            return r.previous().orElseThrow();
        }
    }

    /** On main the later writer won: the old daemon's small bound replaced the resumed one's larger bound. */
    @Test
    void aLaterWriterWithASmallerBoundDoesNotLowerTheRecord() {
        try (IssuedIdsRecord old = IssuedIdsRecord.in(dir); IssuedIdsRecord resumed = IssuedIdsRecord.in(dir)) {
            resumed.cover(1000);
            old.cover(100);
            assertEquals(1024, bound(), "the later, smaller write lowered the record");
            old.cover(2000);
            resumed.cover(1500);
            assertEquals(2048, bound());
        }
        assertEquals(List.of(), logged.messages());
    }

    /** Two writers in one process, one reader watching: the record only goes up and ends at the larger bound. */
    @Test
    void twoThreadsRacingLeaveTheMaximumAndTheRecordNeverGoesBack() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong lowest = new AtomicLong(Long.MAX_VALUE);
        List<Thread> writers = new ArrayList<>();
        // A covers 64, 192, 320, ...; B covers 128, 256, ...: B's last is the maximum, A's last write is just below it
        for (long first : new long[] {64, 128}) {
            writers.add(new Thread(() -> {
                try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
                    start.await();
                    for (int i = 0; i < COVERS; i++) {
                        r.cover(first + i * 128L);
                        LockSupport.parkNanos(20_000); // a daemon writes once per 64 ids: leave the reader a chance
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        Thread reader = new Thread(() -> {
            long seen = 0;
            while (writing.get()) {
                try (IssuedIdsRecord r = IssuedIdsRecord.in(dir, Duration.ofSeconds(20))) {
                    OptionalLong now = r.previous();
                    if (now.isPresent()) {
                        if (now.getAsLong() < seen) {
                            lowest.set(Math.min(lowest.get(), now.getAsLong()));
                        }
                        seen = Math.max(seen, now.getAsLong());
                    }
                }
            }
        });
        writers.forEach(Thread::start);
        reader.start();
        start.countDown();
        for (Thread w : writers) {
            w.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(w.isAlive(), "a writer hangs");
        }
        writing.set(false);
        reader.join(TimeUnit.SECONDS.toMillis(60));
        assertEquals(128 + (COVERS - 1) * 128L, bound());
        assertEquals(Long.MAX_VALUE, lowest.get(), "the record went back to " + lowest.get());
        assertEquals(List.of(), logged.messages(), "a torn or damaged record was read");
    }

    /** The same race between two processes (two daemons): the record ends at the larger of the two last bounds. */
    @Test
    void twoProcessesRacingLeaveTheMaximum() throws Exception {
        for (int round = 0; round < 3; round++) {
            Files.deleteIfExists(dir.resolve(IssuedIdsRecord.FILE));
            List<Process> racers = new ArrayList<>();
            for (long first : new long[] {64, 128}) {
                racers.add(racer("cover", Long.toString(first), "128", Integer.toString(COVERS)).start());
            }
            for (Process p : racers) {
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a writer process hangs"); // a hang detector
                assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(128 + (COVERS - 1) * 128L, bound(), "round " + round);
        }
    }

    /** A process stuck with the lock: the daemon waits the bound once, warns once, and records without the lock. */
    @Test
    void aLockHeldForeverIsOneBoundedWaitAndOneWarning() throws Exception {
        Files.writeString(dir.resolve(IssuedIdsRecord.FILE), "00000000000000000064\n", StandardCharsets.US_ASCII);
        Process holder = racer("hold").start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
            StandardCharsets.UTF_8))) {
            assertEquals("locked", out.readLine());
            long began = System.nanoTime();
            try (IssuedIdsRecord r = IssuedIdsRecord.in(dir, Duration.ofMillis(300))) {
                assertEquals(OptionalLong.of(64), r.previous(), "read without the lock");
                for (long bound = 1; bound < 2000; bound += 50) {
                    r.cover(bound);
                }
            }
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            // 40 covers: waiting 300 ms at each would take 12 s (a hang detector, not a speed target)
            assertTrue(tookMillis < 8_000, tookMillis + " ms: waited more than once");
            List<String> w = logged.messages();
            assertEquals(1, w.size(), String.join("\n", w));
            assertTrue(w.get(0).contains("still locked by another process after 300 ms"), w.get(0));
            assertEquals(1984, IssuedIdsLines.parse(Files.readString(dir.resolve(IssuedIdsRecord.FILE),
                StandardCharsets.US_ASCII), false).max(), "the run went on");
        } finally {
            holder.destroyForcibly().waitFor();
        }
    }

    private ProcessBuilder racer(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-cp", System.getProperty("java.class.path"), IssuedIdsRecordRacer.class.getName(), args[0],
            dir.toString()));
        command.addAll(List.of(args).subList(1, args.length));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
    }
}
