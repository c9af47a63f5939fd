package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LearningCurveProblemTest {

    private static String config(double lr, int batch, double dropout) {
        return "{\"lr\": " + lr + ", \"batch_size\": " + batch + ", \"dropout\": " + dropout + "}";
    }

    private static Trajectory curve(long seed, String parameters) {
        return Problems.create("curves", seed).evaluate(Json.parse(parameters));
    }

    @Test
    void sameSeedAndParametersGiveTheSameCurveAndAnotherSeedDoesNot() {
        String p = config(0.01, 32, 0.2);
        assertArrayEquals(curve(3, p).perEpoch(), curve(3, p).perEpoch());
        assertFalse(Arrays.equals(curve(3, p).perEpoch(), curve(4, p).perEpoch()));
        assertEquals(LearningCurveProblem.EPOCHS, curve(3, p).epochs());
    }

    @Test
    void fastLearnersLeadEarlyAndAreOvertaken() {
        Trajectory fast = curve(1, config(0.1, 32, 0.25));
        Trajectory slow = curve(1, config(0.003, 32, 0.25));
        assertTrue(fast.at(0) < slow.at(0), "fast leads after epoch 1");
        assertTrue(fast.trueFinal() > slow.trueFinal(), "slow wins at the end");
    }

    @Test
    void someLargeLearningRatesDivergeAndNoiseIsPresent() {
        int diverged = 0;
        for (int seed = 0; seed < 20; seed++) {
            Trajectory t = curve(seed, config(0.9, 32, 0.25));
            if (t.trueFinal() > t.at(2) + 1) {
                diverged++;
            }
        }
        assertTrue(diverged > 5, "diverged runs: " + diverged);
        Trajectory t = curve(5, config(0.003, 32, 0.25));
        assertTrue(Math.abs(t.finalValue() - t.trueFinal()) > 0, "noise on the reported value");
    }

    @Test
    void theOptimumIsBelowEveryNoiseFreeFinalOfARandomSample() {
        Problem p = Problems.create("curves", 0);
        SplittableRandom r = new SplittableRandom(11);
        int[] batches = {16, 32, 64, 128};
        for (int i = 0; i < 2000; i++) {
            double lr = Math.pow(10, -4 + 4 * r.nextDouble());
            Trajectory t = p.evaluate(Json.parse(config(lr, batches[r.nextInt(4)], 0.6 * r.nextDouble())));
            assertTrue(t.trueFinal() >= p.optimum() - 1e-12);
        }
        assertTrue(p.optimum() > 0.08 && p.optimum() < 0.1, "f* = " + p.optimum());
    }
}
