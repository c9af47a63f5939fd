package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What one resume costs in memory, outside the default build: seeded Random with a checkpoint runs
 * {@code tunerd.resume.trials} trials (the soak's space and manager), is killed, and is resumed once with NNI's resume
 * stream ({@code FD} of every finished trial, {@code AD}, {@code GE}); the resumed process's peak resident memory
 * (VmHWM) is printed and must stay below {@code tunerd.resume.maxRssMib}. {@code tunerd.resume.javaOpts} replaces
 * the launcher's JVM flags of the resumed process only (e.g. the default ones plus a tight {@code -Xmx}: the resume
 * must then still answer, which it cannot while it holds the history several times over). {@code tunerd.resume.save}
 * keeps the killed run's checkpoint and resume stream in that directory (to replay the same resume against other
 * builds: {@code tunerd/bench/resume_replay.py}), and
 * {@code tunerd.resume.histogram} prints the resumed daemon's heap histogram ({@code jcmd GC.class_histogram}).
 * Run: {@code mvn -B -pl tunerd -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * -Dit.test=ResumeMemoryIT -Dtunerd.resume.trials=100000} (docs/FUZZING.md section 4).
 */
@EnabledIfSystemProperty(named = "tunerd.resume.trials", matches = "\\d+")
class ResumeMemoryIT {

    @Test
    void aResumeAfterManyTrialsStaysWithinItsMemoryBound() throws Exception {
        int trials = Integer.getInteger("tunerd.resume.trials");
        long maxRssKib = Long.getLong("tunerd.resume.maxRssMib", 4096) * 1024;
        Path dir = Files.createTempDirectory("resume-memory");
        ScriptedManager m = new ScriptedManager(SoakIT.CONFIG, SoakIT.SPACE, dir, 4, SoakIT::objective);
        m.start();
        for (int i = 0; i < trials; i++) {
            assertTrue(m.step(), "the tuner ran out of trials at " + i);
        }
        long runPeak = m.currentPeakResidentKib();
        m.kill();
        long journalBytes = sizeOf(dir);
        String fd = m.resumeImportJson();
        String save = System.getProperty("tunerd.resume.save");
        if (save != null && !save.isEmpty()) {
            save(dir, Path.of(save), fd, m.resumedTrialsJson());
        }
        String javaOpts = System.getProperty("tunerd.resume.javaOpts");
        if (javaOpts != null && !javaOpts.isEmpty()) {
            m.environment(Map.of("TUNERD_JAVA_OPTS", javaOpts));
        }
        m.start();
        long resumePeak = m.currentPeakResidentKib();
        if (Boolean.getBoolean("tunerd.resume.histogram")) {
            histogram(m.pid());
        }
        m.run(10);
        List<Long> ids = m.issuedIds();
        assertEquals(ids.size(), new HashSet<>(ids).size(), "a parameter id was issued twice");
        System.out.printf(Locale.ROOT, "resume memory: %,d trials, checkpoint %.1f MB, resume FD %.1f MB; peak RSS"
            + " %.1f MiB running, %.1f MiB resuming%n", trials, journalBytes / 1e6,
            fd.getBytes(StandardCharsets.UTF_8).length / 1e6, runPeak / 1024.0, resumePeak / 1024.0);
        assertTrue(resumePeak > 0 && resumePeak < maxRssKib, "resume peak resident memory " + resumePeak
            + " KiB, limit " + maxRssKib);
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    /** The checkpoint directory and the resume stream, so that the same resume can be replayed by hand. */
    private static void save(Path checkpoint, Path to, String fd, String ad) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.walk(checkpoint)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve("checkpoint").resolve(checkpoint.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.writeString(to.resolve("space.json"), SoakIT.SPACE);
        Files.writeString(to.resolve("config.json"), SoakIT.CONFIG);
        Files.writeString(to.resolve("fd.json"), fd);
        Files.writeString(to.resolve("ad.json"), ad);
    }

    private static void histogram(long pid) throws Exception {
        Process p = new ProcessBuilder("jcmd", Long.toString(pid), "GC.class_histogram").redirectErrorStream(true)
            .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        out.lines().limit(30).forEach(System.out::println);
    }
}
