package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record of issued ids in the log directory is outside input on a resume: a file without a record line is ignored
 * with one escaped, capped WARNING, never a crash, and replaced whole by the next write; a record that cannot be
 * written is one WARNING; the number only goes up.
 */
class IssuedIdsRecordTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logged = new LogCapture(IssuedIdsRecord.class);

    private List<String> warnings() {
        return logged.messages();
    }

    private String file() throws Exception {
        return Files.readString(dir.resolve(IssuedIdsRecord.FILE), StandardCharsets.US_ASCII);
    }

    @Test
    void aFreshDirectoryHasNoRecordAndTheBoundOnlyGoesUp() throws Exception {
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.empty(), r.previous());
            assertFalse(Files.exists(dir.resolve(IssuedIdsRecord.FILE)), "nothing written before a TR");
            r.cover(5);
            assertEquals("00000000000000000064\n", file(), "rounded up to a multiple of 64");
            Files.writeString(dir.resolve(IssuedIdsRecord.FILE), "00000000000000000001\n", StandardCharsets.US_ASCII);
            r.cover(3);
            r.cover(64);
            assertEquals("00000000000000000001\n", file(), "not written again below what it wrote");
            r.cover(65);
            assertEquals("00000000000000000001\n00000000000000000128\n", file(), "appended, never rewritten");
            r.cover(1234);
        }
        try (IssuedIdsRecord again = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.of(1280), again.previous());
            again.cover(1000);
            assertTrue(file().endsWith("00000000000000000128\n00000000000000001280\n"), "a later run never lowers it");
            again.cover(1300);
            assertTrue(file().endsWith("00000000000000001280\n00000000000000001344\n"), file());
        }
        assertEquals(List.of(), warnings());
    }

    @Test
    void aDamagedOrForeignRecordIsIgnoredWithAnEscapedCappedWarningAndReplaced() throws Exception {
        String forged = "1\n[2026-01-01 00:00:0";
        for (String content : List.of("12\n", "0000000000000000001x\n", forged, "99999999999999999999\n",
            "00000000002147483648\n", "00000000002147483647\n", "00000000001073741825\n", "x".repeat(100_000))) {
            Files.writeString(dir.resolve(IssuedIdsRecord.FILE), content, StandardCharsets.ISO_8859_1);
            logged.clear();
            try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
                assertEquals(OptionalLong.empty(), r.previous(), content);
                assertEquals(1, warnings().size(), content);
                String warning = warnings().get(0);
                assertTrue(warning.startsWith("Ignoring the record of issued ids"), warning);
                assertFalse(warning.contains("\n"), "a forged line: " + warning);
                assertTrue(warning.length() < 600, warning.length() + " characters");
                r.cover(7);
                assertEquals("00000000000000000064\n", file(), "replaced whole");
            }
        }
    }

    @Test
    void aRecordThatCannotBeWrittenIsOneWarningAndTheDaemonGoesOn() throws Exception {
        Files.createDirectory(dir.resolve(IssuedIdsRecord.FILE));
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.empty(), r.previous());
            r.cover(3);
            r.cover(9);
        }
        List<String> w = warnings();
        assertEquals(2, w.size(), String.join("\n", w));
        assertTrue(w.get(0).contains("not a regular file"), w.get(0));
        assertTrue(w.get(1).startsWith("Cannot write the record of issued ids"), w.get(1));
    }

    /** A FIFO in place of the record: the first write used to block in open() until a reader came (the TR with it). */
    @Test
    void aFifoInPlaceOfTheRecordIsOneWarningNotAHang() throws Exception {
        Path fifo = dir.resolve(IssuedIdsRecord.FILE);
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo");
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.empty(), r.previous());
            Future<?> covered = writer.submit(() -> r.cover(3));
            try {
                covered.get(20, TimeUnit.SECONDS); // a hang detector, not a speed target
            } catch (TimeoutException e) {
                Files.newInputStream(fifo).close(); // opening the other end releases the writer's open()
                throw new AssertionError("cover() blocked on a FIFO");
            }
        } finally {
            writer.shutdownNow();
        }
        List<String> w = warnings();
        assertEquals(2, w.size(), String.join("\n", w));
        assertTrue(w.get(1).startsWith("Cannot write the record of issued ids"), w.get(1));
        assertTrue(w.get(1).contains("not a regular file"), w.get(1));
    }

    /** A symbolic link in place of the record: its target is never written. */
    @Test
    void aSymbolicLinkIsNeverFollowed() throws Exception {
        Path target = dir.resolve("elsewhere");
        Files.writeString(target, "00000000000000000128\n", StandardCharsets.US_ASCII);
        Files.createSymbolicLink(dir.resolve(IssuedIdsRecord.FILE), target);
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.empty(), r.previous(), "a link is not read");
            r.cover(500);
        }
        assertEquals("00000000000000000128\n", Files.readString(target, StandardCharsets.US_ASCII));
        assertTrue(warnings().get(1).startsWith("Cannot write the record of issued ids"), warnings().toString());
    }

    /** The largest record a resume continues from leaves the tuner's int name counters 2^30 of room. */
    @Test
    void aRecordAtTheLimitIsKept() throws Exception {
        Files.writeString(dir.resolve(IssuedIdsRecord.FILE), "00000000001073741824\n", StandardCharsets.US_ASCII);
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.of(1L << 30), r.previous());
        }
        assertEquals(List.of(), warnings());
    }

    /**
     * An empty file is a writer that created it and has not taken the lock yet (or died then, before any TR left): no
     * record, and no WARNING; a resume racing a writer's first write used to call it damaged (session 33).
     */
    @Test
    void anEmptyFileIsNoRecordYet() throws Exception {
        Files.writeString(dir.resolve(IssuedIdsRecord.FILE), "", StandardCharsets.US_ASCII);
        try (IssuedIdsRecord r = IssuedIdsRecord.in(dir)) {
            assertEquals(OptionalLong.empty(), r.previous());
            r.cover(7);
        }
        assertEquals("00000000000000000064\n", file());
        assertEquals(List.of(), warnings());
    }
}
