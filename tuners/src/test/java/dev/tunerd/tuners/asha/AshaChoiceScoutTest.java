package dev.tunerd.tuners.asha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.RestoreCheck;
import dev.tunerd.tuners.common.ScoutCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code choice_scout} in ASHA(tpe) (issue 13 sessions 29-31): the model's first draws scout each neglected option N
 * times.
 */
class AshaChoiceScoutTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\":"
        + " [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"lead\", \"late\"]}}");

    private static AshaTuner tuner(int scout) {
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

    /** The new configurations, in order. */
    private static List<JsonObject> fresh(AshaTuner t) throws Exception {
        Set<String> seen = new HashSet<>();
        List<JsonObject> out = new ArrayList<>();
        for (long id = 0; id < 240; id++) {
            Set<String> counter = new HashSet<>();
            JsonObject p = step(t, id, counter);
            if (seen.addAll(counter)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * Off and on draw the same until the model's first draw, which with {@code choice_scout: 8} is a scout at the
     * least-tried option; every configuration counts, and scouts stop once each option is in 8 configurations.
     */
    @Test
    void theModelsDrawsScoutTheLeastTriedOptionUntilEachIsInNConfigurations() throws Exception {
        List<JsonObject> off = fresh(tuner(0));
        AshaTuner on = tuner(8);
        List<JsonObject> scouted = fresh(on);
        JsonObject state = (JsonObject) ((JsonObject) on.snapshot()).get("scouted");
        ScoutCheck.scoutsTheLeastTriedUntilEachIsInN(off, scouted, state, 8);
    }

    @Test
    void aRestoredTunerScoutsAsTheOneItWasTakenFrom() throws Exception {
        RestoreCheck.goesOnAsTheUninterrupted(() -> tuner(8), AshaChoiceScoutTest::step, 25, 60);
    }

    @Test
    void aCountOutOfRangeNamesTheKeyAndTheRange() {
        assertEquals("choice_scout must be an integer between 0 and 1000, got -1",
            assertThrows(IllegalArgumentException.class, () -> AshaArgs.builder().choiceScout(-1).build())
                .getMessage());
    }
}
