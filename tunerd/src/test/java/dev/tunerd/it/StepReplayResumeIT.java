package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.AlgorithmRole;
import dev.tunerd.core.checkpoint.AlgorithmSnapshot;
import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The tuner's state is saved at a doubling interval of {@code GE}s, the calls in between are journalled as steps and
 * repeated on resume. Seeded Random on a small finite space (so its history and dedup grid matter) is killed with
 * SIGKILL between trials at points where the journal holds steps after the last state, and resumed: the resumed
 * dispatcher must continue with exactly the sets an uninterrupted run draws next, in the same order, and never issue
 * an id twice.
 */
@Timeout(300)
class StepReplayResumeIT {

    private static final String SPACE = "{\"a\": {\"_type\": \"choice\", \"_value\": [1, 2, 3, 4, 5, 6]},"
        + " \"b\": {\"_type\": \"randint\", \"_value\": [0, 5]}}";
    private static final String CONFIG = "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"Random\","
        + " \"classArgs\": {\"seed\": 11}}}";

    private static double objective(JsonValue p) {
        JsonObject o = (JsonObject) p;
        return o.get("a").asDouble() - o.get("b").asDouble();
    }

    @Test
    void aResumeRepeatsTheJournalledStepsAndDrawsWhatAnUninterruptedRunDraws() throws Exception {
        ScriptedManager plain = new ScriptedManager(CONFIG, SPACE, Files.createTempDirectory("steps-plain"), 1,
            StepReplayResumeIT::objective);
        plain.start();
        plain.runToEnd();
        assertEquals(30, plain.issuedParameters().size(), "the whole 6 x 5 space, each set once");

        Path dir = Files.createTempDirectory("steps-killed");
        ScriptedManager killed = new ScriptedManager(CONFIG, SPACE, dir, 1, StepReplayResumeIT::objective);
        killed.start();
        int pendingStepsAtKills = 0;
        for (int stepsBeforeKill : new int[] {10, 9, 5}) { // states at GE 1, 2, 4, 8, 16 of each run: steps pending
            for (int s = 0; s < stepsBeforeKill; s++) {
                killed.step();
            }
            killed.kill();
            AlgorithmSnapshot tuner = CheckpointReader.read(dir).algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow();
            pendingStepsAtKills += tuner.steps().size();
            killed.start();
        }
        killed.runToEnd();

        assertTrue(pendingStepsAtKills > 0, "no kill found steps after a saved state; the replay was not exercised");
        List<Long> ids = killed.issuedIds();
        assertEquals(ids.size(), new HashSet<>(ids).size(), "an id was issued twice: " + ids);
        assertEquals(plain.issuedParameters(), killed.issuedParameters(),
            "the resumed runs must draw exactly the uninterrupted sequence; stderr:\n" + killed.stderr());
    }
}
