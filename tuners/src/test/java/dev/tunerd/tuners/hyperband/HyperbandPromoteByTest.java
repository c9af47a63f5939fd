package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code promote_by} (issue 13 session 29, {@link FinalPredictor}) in a whole run: on curves that cross, {@code model}
 * promotes by prediction and so issues other configurations than {@code value} does; a tuner restored from its snapshot
 * before every request (its fits rebuilt from the evidence in the state) issues what the running one issues.
 */
class HyperbandPromoteByTest {
    /** Early ranks favour a large x; the final value the middle (as {@link HyperbandDecisionCachesTest}'s). */
    private static final DoubleBinaryOperator CROSSING = (x, e) -> (x - 0.4) * (x - 0.4) + (0.5 - x) * 0.6 / e;

    private static HyperbandArgs args(String promoteBy) {
        return HyperbandArgs.defaults().withOptimizeMode("minimize").withR(81).withEta(3).withSeed(1L)
            .withPromoteBy(promoteBy);
    }

    @Test
    void modelPromotesByPredictionAndValueAsMain() {
        for (int workers : new int[] {1, 4}) {
            Map<Long, JsonValue> paid = new HashMap<>();
            HyperbandTuner value = HyperbandWorkersTest.tuner(args("value"), paid);
            List<String> byValue = HyperbandWorkersTest.run(value, paid, CROSSING, workers, 700);
            assertNull(value.predictor(), "value: no model at all");
            Map<Long, JsonValue> paidModel = new HashMap<>();
            HyperbandTuner model = HyperbandWorkersTest.tuner(args("model"), paidModel);
            List<String> byModel = HyperbandWorkersTest.run(model, paidModel, CROSSING, workers, 700);
            assertTrue(model.predictor().tally()[0] > 0, workers + " workers: rounds promoted by prediction");
            assertNotEquals(byValue, byModel, workers + " workers");
            Map<Long, JsonValue> paidMain = new HashMap<>();
            List<String> main = HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(args(null), paidMain), paidMain,
                CROSSING, workers, 700);
            Map<Long, JsonValue> paidAuto = new HashMap<>();
            List<String> byAuto = HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(args("auto"), paidAuto),
                paidAuto, CROSSING, workers, 700);
            assertEquals(byAuto, main, "the default is auto (session 29)");
            assertNotEquals(byValue, main, workers + " workers: on crossing curves the default is not NNI's rule");
        }
    }

    @Test
    void aTunerRestoredBeforeEveryRequestIssuesWhatTheRunningOneIssues() {
        for (String mode : new String[] {"model", "auto", "auto+replay"}) {
            for (int workers : new int[] {1, 4}) {
                HyperbandArgs a = mode.endsWith("+replay") ? args("auto").withReplayByModel(true) : args(mode);
                List<List<String>> runs = HyperbandWorkersTest.warmAndRestored(a, CROSSING, workers, 500);
                assertEquals(runs.get(0), runs.get(1), mode + ", " + workers + " workers");
            }
        }
    }
}
