package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code repeat_losing} (issue 13 session 16): while the largest bracket's winners lose to the full trainings, the
 * largest bracket is not repeated back to back. Repeated, it adds no full trainings, so the evidence the screening
 * gain is computed on never changes and neither does its verdict (a {@code crossing} seed repeated it for a whole run
 * on 12 full trainings, its winners losing all along).
 */
class HyperbandLosingWinnersTest {
    private static final JsonObject SPACE =
        (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");
    private static final int R = 81;
    /** Trials of one largest bracket of {@code R = 81}: 81 + 27 + 9 + 3 + 1. */
    private static final int LARGEST = 121;

    /**
     * Runs {@code trials} trials one at a time on a trap: every configuration with {@code x} below the smallest {@code
     * x} of the full trainings that ran before the first halving bracket leads at every budget below R and ends worst
     * (loss 5); the others follow {@code x + 1/e}. So the full trainings of the evidence say that ranks hold, and the
     * largest bracket's winner is a trap. Early starts are off (the evidence holds 15 full trainings when the largest
     * bracket starts). Returns the bracket keys in the order they start.
     */
    private static List<String> brackets(boolean repeatLosing, int trials) throws Exception {
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withRankedHalving(-1)
            .withSpendRace(-1.0).withOptimizeMode("minimize").withR(R).withEta(3)
            .withEarlyMargin(-1.0).withThinMargin(-1.0).withRepeatLosing(repeatLosing).withSeed(1L), 1L,
            new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC()));
        t.updateSearchSpace(SPACE);
        double[] trap = {Double.POSITIVE_INFINITY};
        boolean[] halving = {false};
        List<String> keys = new ArrayList<>();
        for (long id = 0; id < trials; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            String w = t.wireParameterId(id);
            String key = w.substring(0, w.indexOf('_'));
            if (keys.isEmpty() || !keys.get(keys.size() - 1).equals(key)) {
                keys.add(key);
            }
            int budget = (int) Math.round(p.get("TRIAL_BUDGET").asDouble());
            double x = p.get("x").asDouble();
            halving[0] |= budget < R;
            if (!halving[0]) {
                trap[0] = Math.min(trap[0], x);
            }
            double v = Double.NaN;
            for (int e = 1; e <= budget; e++) {
                v = x < trap[0] ? (e < R ? x : 5) : x + 1.0 / e;
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, e - 1, JsonFloat.of(v)));
            }
            t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return keys;
    }

    @Test
    void losingWinnersStopTheLargestBracketFromRepeatingOnTheSameEvidence() throws Exception {
        int trials = 15 + 5 * LARGEST;
        List<String> sessions10to15 = brackets(true, trials);
        assertEquals(List.of("0-0", "1-0", "2-0", "3-4", "4-4", "5-4", "6-4", "7-4"), sessions10to15,
            "repeat_losing true: the largest bracket repeats on the same 15 full trainings, its winners traps");
        List<String> now = brackets(false, trials);
        assertEquals(sessions10to15.subList(0, 5), now.subList(0, 5), "the same until the first winner counts");
        int fifth = now.indexOf("4-4") + 1;
        assertTrue(now.size() > fifth && !now.get(fifth).endsWith("-4"),
            "once the winner loses the iteration goes on below the largest bracket: " + now);
        assertTrue(now.stream().skip(fifth).anyMatch(k -> k.endsWith("-0")), "full trainings add evidence: " + now);
    }
}
