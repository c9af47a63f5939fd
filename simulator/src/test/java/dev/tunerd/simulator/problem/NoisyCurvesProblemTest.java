package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import org.junit.jupiter.api.Test;

/** {@code noisycurves}: 7% relative noise on power-law curves, a best rate per optimizer. */
class NoisyCurvesProblemTest {

    @Test
    void theReportedValuesCarrySevenPercentRelativeNoise() {
        double sum = 0;
        double squares = 0;
        int n = 0;
        for (long seed = 0; seed < 100; seed++) {
            Trajectory t = Problems.create("noisycurves", seed).evaluate(Json.parse(
                "{\"lr\": 0.01, \"optimizer\": \"momentum\", \"depth\": 4, \"label_smoothing\": 0.1}"));
            for (int e = 1; e <= NoisyCurvesProblem.EPOCHS; e++) {
                double relative = t.at(e - 1) / NoisyCurvesProblem.cleanLoss(0.01, 1, 4, 0.1, e) - 1;
                sum += relative;
                squares += relative * relative;
                n++;
            }
        }
        double mean = sum / n;
        assertEquals(0, mean, 0.005);
        assertEquals(0.07, Math.sqrt(squares / n - mean * mean), 0.004);
    }

    @Test
    void eachOptimizerHasItsOwnBestRate() {
        assertTrue(NoisyCurvesProblem.cleanLoss(0.05, 0, 4, 0.1, 40) < NoisyCurvesProblem.cleanLoss(0.001, 0, 4, 0.1, 40),
            "sgd wants a large rate");
        assertTrue(NoisyCurvesProblem.cleanLoss(0.001, 2, 4, 0.1, 40) < NoisyCurvesProblem.cleanLoss(0.05, 2, 4, 0.1, 40),
            "adam a small one");
    }

    @Test
    void anUnknownOptimizerIsNamedEscaped() {
        var e = assertThrows(IllegalArgumentException.class, () -> Problems.create("noisycurves", 0).evaluate(
            Json.parse("{\"lr\": 0.01, \"optimizer\": \"ad\\\"am\\n\", \"depth\": 2, \"label_smoothing\": 0.1}")));
        assertTrue(e.getMessage().contains("\"ad\\\"am\\n\""), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
