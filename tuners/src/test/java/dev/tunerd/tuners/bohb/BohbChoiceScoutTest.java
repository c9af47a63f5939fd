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
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code choice_scout} in BOHB (issue 13 session 29): a share of the model's draws try the least-tried option. */
class BohbChoiceScoutTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\":"
        + " [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"lead\", \"late\"]}}");

    private static BohbTuner tuner(double scout) {
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

    /** Of the new configurations (first rounds) issued after id 40: how many take "late", and their x range. */
    private static double[] lateAfterTheStart(double scout) {
        BohbTuner t = tuner(scout);
        double[] out = {0, 0, 1, 0}; // late, new, min x of late, max x of late
        for (long id = 0; id < 240; id++) {
            JsonObject p = step(t, id);
            if (id >= 40 && t.wireParameterId(id).split("_")[1].equals("0")) {
                out[1]++;
                if (p.get("c").toString().contains("late")) {
                    out[0]++;
                    out[2] = Math.min(out[2], p.get("x").asDouble());
                    out[3] = Math.max(out[3], p.get("x").asDouble());
                }
            }
        }
        return out;
    }

    @Test
    void aShareOfTheModelsDrawsTriesTheTrailingOptionAcrossItsPrior() {
        double[] off = lateAfterTheStart(0);
        double[] always = lateAfterTheStart(1);
        double a = always[0] / always[1];
        assertTrue(a > 0.45, "every model draw a scout: the trailing option half the time or more: " + a);
        assertTrue(a > off[0] / off[1] + 0.15, "the model alone tries it less: " + off[0] / off[1] + " against " + a);
        assertTrue(always[2] < 0.1 && always[3] > 0.9, "with x from its prior, not the model's 0.3: " + always[2] + ".."
            + always[3]);
    }

    @Test
    void aRestoredTunerScoutsAsTheOneItWasTakenFrom() throws Exception {
        RestoreCheck.goesOnAsTheUninterrupted(() -> tuner(0.5), BohbChoiceScoutTest::step, 60, 30);
    }

    @Test
    void aShareOutOfRangeNamesTheKey() {
        assertEquals("choice_scout must be between 0 and 1, got 1.5", assertThrows(IllegalArgumentException.class,
            () -> BohbArgs.builder().choiceScout(1.5).build()).getMessage());
    }
}
