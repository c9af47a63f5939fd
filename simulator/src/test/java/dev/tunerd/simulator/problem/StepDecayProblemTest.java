package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code stepdecay}: plateaus, drops at epochs 50 and 75, and large rates that look worse until the drops. */
class StepDecayProblemTest {

    @Test
    void aLargeRatePlateausThenDropsAtEachStep() {
        double[] curve = StepDecayProblem.cleanCurve(0.2, 1e-3, 128);
        assertEquals(curve[48], curve[49], 1e-4, "a plateau before the first drop");
        assertTrue(curve[54] < curve[49] - 0.1, "the first drop: " + curve[49] + " -> " + curve[54]);
        assertEquals(curve[73], curve[74], 1e-3, "a plateau before the second drop");
        assertTrue(curve[84] < curve[74] - 0.005, "the second drop: " + curve[74] + " -> " + curve[84]);
        assertEquals(0, StepDecayProblem.phase(49));
        assertEquals(1, StepDecayProblem.phase(50));
        assertEquals(2, StepDecayProblem.phase(75));
    }

    @Test
    void aLargeRateLooksWorseThanASmallOneUntilTheDropAndEndsBetter() {
        double[] large = StepDecayProblem.cleanCurve(0.2, 3e-4, 128);
        double[] small = StepDecayProblem.cleanCurve(0.03, 3e-4, 128);
        for (int t = 10; t < 50; t++) {
            assertTrue(large[t] > small[t] + 0.05, "epoch " + (t + 1));
        }
        assertTrue(large[StepDecayProblem.EPOCHS - 1] < small[StepDecayProblem.EPOCHS - 1] - 0.01);
    }

    @Test
    void momentumActsThroughTheEffectiveRate() {
        var p = Problems.create("stepdecay", 4);
        double a = p.evaluate(dev.tunerd.protocol.json.Json.parse(
            "{\"lr\": 0.1, \"momentum\": 0.9, \"weight_decay\": 0.001, \"batch_size\": 64}")).trueFinal();
        double b = p.evaluate(dev.tunerd.protocol.json.Json.parse(
            "{\"lr\": 0.2, \"momentum\": 0.8, \"weight_decay\": 0.001, \"batch_size\": 64}")).trueFinal();
        assertEquals(a, b, 1e-12, "lr / (10 (1 - momentum)) is 0.1 in both");
    }
}
