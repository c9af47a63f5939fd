package dev.tunerd.tuners.asha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.RestoreCheck;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code choice_scout} in ASHA(tpe) (issue 13 session 29): a share of the model's draws try the least-tried option. */
class AshaChoiceScoutTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\":"
        + " [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"lead\", \"late\"]}}");

    private static AshaTuner tuner(double scout) {
        AshaTuner t = new AshaTuner(AshaArgs.builder().minBudget(1).maxBudget(9).eta(3).optimizeMode("maximize")
            .sampler("tpe").rankAgreement(-1.0).seed(3L).choiceScout(scout).build(), 3L);
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static JsonObject step(AshaTuner t, long id) throws Exception {
        return step(t, id, new HashSet<>());
    }

    /** Runs trial {@code id} to its end; adds its configuration's counter to {@code wire}. */
    private static JsonObject step(AshaTuner t, long id, Set<String> wire) throws Exception {
        JsonObject p = (JsonObject) t.generateParameters(id);
        wire.add(t.wireParameterId(id).split("_")[1]);
        double v = p.get("c").toString().contains("late") ? -2 : -Math.abs(p.get("x").asDouble() - 0.3);
        t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
        t.trialEnd(id, true);
        return p;
    }

    /**
     * Of the new configurations issued after id 40 (a configuration's first trial, sequentially, so none is in flight
     * when one is drawn): how many took an option other than the least-tried among the trials ended so far (each a
     * record of its rung), and how many new ones there were.
     */
    private static int[] notLeastTried(double scout) throws Exception {
        AshaTuner t = tuner(scout);
        Set<String> seen = new HashSet<>();
        int[] count = new int[2]; // records with "lead", with "late"
        int[] out = new int[2];
        for (long id = 0; id < 240; id++) {
            Set<String> counter = new HashSet<>();
            int[] before = count.clone();
            JsonObject p = step(t, id, counter);
            int o = p.get("c").toString().contains("late") ? 1 : 0;
            if (seen.addAll(counter) && id >= 40) {
                out[1]++;
                out[0] += before[o] > before[1 - o] ? 1 : 0;
            }
            count[o]++;
        }
        return out;
    }

    @Test
    void everyScoutTakesTheLeastTriedOption() throws Exception {
        int[] always = notLeastTried(1);
        assertTrue(always[1] > 40, "new configurations after the start: " + always[1]);
        assertEquals(0, always[0], "every model draw a scout: each takes the option with the fewest records");
        int[] off = notLeastTried(0);
        assertTrue(off[0] > 10, "the model alone does not: " + off[0] + " of " + off[1]);
    }

    @Test
    void aRestoredTunerScoutsAsTheOneItWasTakenFrom() throws Exception {
        RestoreCheck.goesOnAsTheUninterrupted(() -> tuner(0.5), AshaChoiceScoutTest::step, 60, 30);
    }

    @Test
    void aShareOutOfRangeNamesTheKey() {
        assertEquals("choice_scout must be between 0 and 1, got -0.5", assertThrows(IllegalArgumentException.class,
            () -> AshaArgs.builder().choiceScout(-0.5).build()).getMessage());
    }
}
