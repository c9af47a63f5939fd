package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.core.checkpoint.RecordedResult;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.protocol.json.PythonFloats;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Soak test, outside the default build: a scripted manager sends {@code tunerd.soak.commands} commands (FINAL, EN,
 * GE per trial, and each restart's resume stream) to seeded Random with a checkpoint, and SIGKILLs the dispatcher at
 * random points (between trials, or 0-3 ms after a GE was written, so the kill lands while the journal is written),
 * resuming it each time as NNI does. Asserts: no parameter id is ever issued twice, every acknowledged result is in
 * the journal (as a result, or imported from a resume FD), each finished trial exactly once, and every dispatcher
 * process stays below {@code tunerd.soak.maxRssMib} of peak resident memory. Prints the figures. Run:
 * {@code mvn -B -pl tunerd -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=SoakIT
 * -Dtunerd.soak.commands=1000000} (docs/FUZZING.md).
 */
@EnabledIfSystemProperty(named = "tunerd.soak.commands", matches = "\\d+")
class SoakIT {

    static final String SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]},"
        + " \"bs\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}, \"m\": {\"_type\": \"uniform\","
        + " \"_value\": [0, 1]}}";
    static final String CONFIG = "{\"trialConcurrency\": 4, \"tuner\": {\"name\": \"Random\","
        + " \"classArgs\": {\"seed\": 5}}}";

    static double objective(JsonValue p) {
        JsonObject o = (JsonObject) p;
        return Math.log10(o.get("lr").asDouble()) + o.get("m").asDouble();
    }

    @Test
    void aMillionCommandsWithKillsLoseNoIdAndNoAcknowledgedResult() throws Exception {
        long commands = Long.getLong("tunerd.soak.commands");
        long maxRssKib = Long.getLong("tunerd.soak.maxRssMib", 400) * 1024;
        int meanStepsBetweenKills = Integer.getInteger("tunerd.soak.killEvery", 2000);
        Random random = new Random(Long.getLong("tunerd.soak.seed", 1));
        Path dir = Files.createTempDirectory("soak");
        ScriptedManager m = new ScriptedManager(CONFIG, SPACE, dir, 4, SoakIT::objective);
        long start = System.nanoTime();
        int kills = 0;
        m.start();
        while (m.commandsSent() < commands) {
            int steps = 1 + random.nextInt(2 * meanStepsBetweenKills);
            for (int s = 0; s < steps && m.commandsSent() < commands; s++) {
                m.step();
            }
            if (m.commandsSent() >= commands) {
                break;
            }
            if (random.nextBoolean()) {
                m.stepAndKill(random.nextInt(3000));
            } else {
                m.kill();
            }
            kills++;
            m.start();
        }
        m.run(0);
        double seconds = (System.nanoTime() - start) / 1e9;

        List<Long> ids = m.issuedIds();
        assertEquals(ids.size(), new HashSet<>(ids).size(), "a parameter id was issued twice");
        RecoveredState journal = CheckpointReader.read(dir);
        Map<String, String> recorded = new HashMap<>();
        for (RecordedResult r : journal.results()) {
            r.trialJobId().ifPresent(t -> recorded.put(t, PythonFloats.repr(r.value().asDouble())));
        }
        Set<String> imported = new HashSet<>();
        for (ImportedTrial t : journal.importedData()) {
            t.trialJobId().ifPresent(imported::add);
        }
        int acknowledged = 0;
        for (ScriptedManager.Finished f : m.finished()) {
            String job = f.trial().jobId();
            if (m.acknowledged().contains(job)) {
                acknowledged++;
                assertEquals(PythonFloats.repr(f.value()), recorded.get(job), "acknowledged result of " + job);
            } else {
                assertTrue(recorded.containsKey(job) || imported.contains(job), "finished trial " + job
                    + " is neither a result nor imported");
            }
        }
        assertEquals(m.finished().size(), journal.results().size() + journal.importedData().size(),
            "each finished trial once in the journal");
        long peak = m.peakResidentKib();
        System.out.printf(Locale.ROOT, "soak: %,d commands, %,d trials, %,d ids, %d kills in %.1f s; %,d results"
            + " acknowledged, all in the journal; peak RSS of any dispatcher %.1f MiB%n", m.commandsSent(),
            m.finished().size(), ids.size(), kills, seconds, acknowledged, peak / 1024.0);
        assertTrue(peak > 0 && peak < maxRssKib, "peak resident memory " + peak + " KiB, limit " + maxRssKib);
    }
}
