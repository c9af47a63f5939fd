package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.RestoreCheck;
import dev.tunerd.tuners.common.ScoutCheck;
import dev.tunerd.tuners.hyperband.BudgetedParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code choice_scout} in BOHB (issue 13 sessions 29-31): the model's first draws scout each neglected option N
 * times.
 */
class BohbChoiceScoutTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\":"
        + " [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"lead\", \"late\"]}}");

    private static BohbTuner tuner(int scout) {
        BohbTuner t = new BohbTuner(BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).rankAgreement(-1.0).seed(4L)
            .choiceScout(scout).build(), 4, AlgorithmContext.standalone());
        t.updateSearchSpace(SPACE);
        return t;
    }

    /** Larger is better: "lead" near x = 0.3; "late" always far behind (the model's verdict is right here). */
    private static double score(JsonObject p) {
        return p.get("c").toString().contains("late") ? -2 : -Math.abs(p.get("x").asDouble() - 0.3);
    }

    private static JsonObject step(BohbTuner t, long id) {
        JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
        t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(score(p)), false, Optional.empty()));
        t.trialEnd(id, true);
        return p;
    }

    /** The new configurations (first rounds), in order. */
    private static List<JsonObject> fresh(BohbTuner t) {
        List<JsonObject> out = new ArrayList<>();
        for (long id = 0; id < 240; id++) {
            JsonObject p = step(t, id);
            if (t.wireParameterId(id).split("_")[1].equals("0")) {
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
    void theModelsDrawsScoutTheLeastTriedOptionUntilEachIsInNConfigurations() {
        List<JsonObject> off = fresh(tuner(0));
        BohbTuner on = tuner(8);
        List<JsonObject> scouted = fresh(on);
        JsonObject state = (JsonObject) ((JsonObject) ((JsonObject) on.snapshot()).get("own")).get("scouted");
        ScoutCheck.scoutsTheLeastTriedUntilEachIsInN(off, scouted, state, 8);
    }

    /**
     * A scout is trained at the budget whose model draws (the largest with enough results): issued in a bracket that
     * starts lower it would be judged there, where a method that learns slowly looks bad, and never reach the model.
     */
    @Test
    void aScoutIsIssuedOnlyAtTheBudgetOfTheModel() {
        BohbTuner t = tuner(8);
        double scouts = 0;
        int low = 0;
        for (long id = 0; id < 240; id++) {
            int model = t.modelBudget();
            JsonObject p = step(t, id);
            double now = ((JsonObject) ((JsonObject) ((JsonObject) t.snapshot()).get("own")).get("scouted"))
                .get("draws").asDouble();
            int budget = (int) p.get(BudgetedParameters.KEY).asDouble();
            if (now > scouts) {
                assertTrue(budget >= model, "a scout at budget " + budget + " while the model is at " + model);
            } else if (model > 0 && budget < model) {
                low++;
            }
            scouts = now;
        }
        assertTrue(scouts >= 4 && low > 20, "scouts drawn (" + scouts + ") and trials below the model's budget ("
            + low + ")");
    }

    @Test
    void aRestoredTunerScoutsAsTheOneItWasTakenFrom() throws Exception {
        RestoreCheck.goesOnAsTheUninterrupted(() -> tuner(8), BohbChoiceScoutTest::step, 25, 60);
    }

    @Test
    void aCountOutOfRangeNamesTheKeyAndTheRange() {
        assertEquals("choice_scout must be an integer between 0 and 1000, got 1001",
            assertThrows(IllegalArgumentException.class, () -> BohbArgs.builder().choiceScout(1001).build())
                .getMessage());
    }
}
