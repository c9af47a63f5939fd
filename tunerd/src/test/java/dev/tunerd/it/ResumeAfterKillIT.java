package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.PythonFloats;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A scripted experiment whose dispatcher is killed with SIGKILL at many points (after a handled trial, and a few
 * hundred microseconds after a {@code GE} was written, so the kill may land while the journal is being written) and
 * resumed each time with {@code NNI_MODE=resume}, the same checkpoint directory and the manager's resume stream. Checks:
 * no parameter id is issued twice, every acknowledged result is in the journal (which is what the tuner is restored
 * from), nothing is counted twice, GridSearch never repeats or loses a grid point and ends with the best value of an
 * uninterrupted run, and Random continues its seeded sequence instead of starting it again.
 */
@Timeout(600)
class ResumeAfterKillIT {

    private static final String GRID_SPACE = "{\"x\": {\"_type\": \"choice\", \"_value\": [1, 2, 3, 4]},"
        + " \"y\": {\"_type\": \"quniform\", \"_value\": [0, 3, 1]}, \"z\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\"]}}";
    private static final int GRID_POINTS = 4 * 4 * 2;
    private static final String RANDOM_SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]},"
        + " \"bs\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}, \"act\": {\"_type\": \"choice\","
        + " \"_value\": [\"relu\", \"tanh\"]}}";
    private static final int KILLS = 10;

    private static String config(String tuner, String classArgs) {
        return "{\"trialConcurrency\": 2, \"tuner\": {\"name\": \"" + tuner + "\", \"classArgs\": " + classArgs + "}}";
    }

    private static double gridObjective(JsonValue p) {
        JsonObject o = (JsonObject) p;
        double x = o.get("x").asDouble();
        double y = o.get("y").asDouble();
        double z = ((JsonString) o.get("z")).value().equals("b") ? 0.5 : 0;
        return -(x - 3) * (x - 3) - (y - 2) * (y - 2) + z;
    }

    private static double randomObjective(JsonValue p) {
        JsonObject o = (JsonObject) p;
        return Math.log10(o.get("lr").asDouble()) + o.get("bs").asDouble() / 64;
    }

    /** Runs {@code m} with {@link #KILLS} kills: even ones mid-step (0-3 ms after GE), odd ones between trials. */
    private static void runWithKills(ScriptedManager m, int stepsBetweenKills, int lastRunTrials) throws Exception {
        Random delays = new Random(42);
        m.start();
        for (int k = 0; k < KILLS; k++) {
            for (int s = 0; s < stepsBetweenKills; s++) {
                m.step();
            }
            if (k % 2 == 0) {
                m.stepAndKill(delays.nextInt(3000));
            } else {
                m.kill();
            }
            m.start();
        }
        if (lastRunTrials < 0) {
            m.runToEnd();
        } else {
            m.run(lastRunTrials);
        }
    }

    @Test
    void gridSearchKilledTenTimesLosesNothingAndEndsAsAnUninterruptedRun() throws Exception {
        String config = config("GridSearch", "{}");
        ScriptedManager plain = new ScriptedManager(config, GRID_SPACE, Files.createTempDirectory("grid-plain"), 2,
            ResumeAfterKillIT::gridObjective);
        plain.start();
        plain.runToEnd();
        assertEquals(GRID_POINTS, plain.finished().size());

        Path dir = Files.createTempDirectory("grid-killed");
        ScriptedManager killed = new ScriptedManager(config, GRID_SPACE, dir, 2, ResumeAfterKillIT::gridObjective);
        runWithKills(killed, 1, -1);

        assertUnique(killed.issuedIds(), "parameter ids");
        List<String> evaluated = killed.finished().stream().map(f -> Json.write(f.trial().parameters())).toList();
        assertUnique(evaluated, "evaluated grid points");
        assertEquals(GRID_POINTS, evaluated.size(), "every grid point evaluated once; stderr:\n" + killed.stderr());
        assertEquals(plain.best(), killed.best());
        assertJournalHoldsEveryResultOnce(dir, killed);
    }

    @Test
    void seededRandomKilledTenTimesContinuesItsSequence() throws Exception {
        String config = config("Random", "{\"seed\": 7}");
        ScriptedManager plain = new ScriptedManager(config, RANDOM_SPACE, Files.createTempDirectory("random-plain"), 2,
            ResumeAfterKillIT::randomObjective);
        plain.start();
        plain.run(60);

        Path dir = Files.createTempDirectory("random-killed");
        ScriptedManager killed = new ScriptedManager(config, RANDOM_SPACE, dir, 2, ResumeAfterKillIT::randomObjective);
        runWithKills(killed, 2, 5);

        assertUnique(killed.issuedIds(), "parameter ids");
        assertUnique(killed.issuedParameters(), "parameter sets");
        assertTrue(killed.issuedParameters().size() >= 2 * KILLS, "only " + killed.issuedParameters().size() + " sets");
        // restored RNG and history: the killed run draws the same sets as the uninterrupted one, never restarts
        assertTrue(new HashSet<>(plain.issuedParameters()).containsAll(killed.issuedParameters()),
            "sets not in the uninterrupted sequence: " + killed.issuedParameters().stream()
                .filter(p -> !plain.issuedParameters().contains(p)).toList());
        assertJournalHoldsEveryResultOnce(dir, killed);
    }

    /**
     * Through {@code tunerd checkpoint inspect}: every acknowledged result is recorded with its trial and value, and
     * each finished trial is in the journal exactly once (as a result, or as an entry imported from a resume FD
     * because the kill came before its result was handled).
     */
    private static void assertJournalHoldsEveryResultOnce(Path dir, ScriptedManager m) throws Exception {
        CheckpointTool inspect = CheckpointTool.run("inspect", dir.toString());
        assertEquals(0, inspect.exitCode(), inspect.stderr());
        Map<String, String> recorded = new HashMap<>();
        for (String[] row : inspect.rows()) {
            if (!row[3].equals("-")) {
                recorded.put(row[1], row[3]);
            }
        }
        for (ScriptedManager.Finished f : m.finished()) {
            if (m.acknowledged().contains(f.trial().jobId())) {
                assertEquals(PythonFloats.repr(f.value()), recorded.get(f.trial().jobId()),
                    "acknowledged result of " + f.trial().jobId() + " in\n" + inspect.stdout());
            }
        }
        String counts = inspect.header("results"); // "R, ended trials: E, imported: I"
        int results = Integer.parseInt(counts.substring(0, counts.indexOf(',')));
        int imported = Integer.parseInt(counts.substring(counts.lastIndexOf(':') + 1).trim());
        assertEquals(recorded.size(), results, inspect.stdout());
        assertEquals(m.finished().size(), results + imported, "each finished trial once in\n" + inspect.stdout());
    }

    private static <T> void assertUnique(List<T> values, String what) {
        Map<T, Long> counts = values.stream().collect(Collectors.groupingBy(v -> v, Collectors.counting()));
        List<T> repeated = counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        assertTrue(repeated.isEmpty(), what + " repeated: " + repeated);
    }

}
