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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code choice_scout} in BOHB (issue 13 sessions 29-30): the model's first draws scout each option N times. */
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
     * Off and on draw the same until the model's first draw; from there, with {@code choice_scout: 8}, the next 16 new
     * configurations are the scouts: 8 per option, x from its prior; then the model alone draws again.
     */
    @Test
    void eachOptionIsScoutedNTimesAcrossItsPriorThenNeverAgain() {
        List<JsonObject> off = fresh(tuner(0));
        BohbTuner on = tuner(8);
        List<JsonObject> scouted = fresh(on);
        int k = 0;
        while (k < off.size() && off.get(k).equals(scouted.get(k))) {
            k++;
        }
        assertTrue(k >= 5 && k + 16 < scouted.size(), "the random start is shared: " + k + " of " + scouted.size());
        int late = 0;
        double lo = 1;
        double hi = 0;
        for (JsonObject p : scouted.subList(k, k + 16)) {
            if (p.get("c").toString().contains("late")) {
                late++;
                lo = Math.min(lo, p.get("x").asDouble());
                hi = Math.max(hi, p.get("x").asDouble());
            }
        }
        assertEquals(8, late, "8 scouts per option, in turn");
        assertTrue(lo < 0.2 && hi > 0.8, "with x from its prior: " + lo + ".." + hi);
        JsonObject s = (JsonObject) ((JsonObject) ((JsonObject) on.snapshot()).get("own")).get("scouted");
        assertEquals(16, s.get("draws").asDouble(), "2 options x 8 scouts, then never again");
        JsonObject c = (JsonObject) ((JsonObject) s.get("options")).get("c");
        assertEquals(8, c.get("lead").asDouble());
        assertEquals(8, c.get("late").asDouble());
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
