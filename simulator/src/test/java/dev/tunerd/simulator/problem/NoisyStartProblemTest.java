package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import org.junit.jupiter.api.Test;

/** {@code noisystart}: relative noise from 15% at the first epoch to 2% at the last; regularised runs start slower. */
class NoisyStartProblemTest {

    private static final int E = NoisyStartProblem.EPOCHS;

    /** The standard deviation of the relative deviation of epoch {@code t}'s value from its clean value, 400 seeds. */
    private static double measuredNoise(int t) {
        double sum = 0;
        double squares = 0;
        int n = 400;
        for (long seed = 0; seed < n; seed++) {
            Trajectory c = Problems.create("noisystart", seed).evaluate(Json.parse(
                "{\"lr\": 0.003, \"width\": 512, \"dropout\": 0.25, \"batch_size\": 64}"));
            double relative = c.at(t - 1) / NoisyStartProblem.cleanLoss(0.003, 512, 0.25, 64, t) - 1;
            sum += relative;
            squares += relative * relative;
        }
        double mean = sum / n;
        return Math.sqrt(squares / n - mean * mean);
    }

    @Test
    void theNoiseShrinksFromFifteenPercentToTwo() {
        assertEquals(0.15, NoisyStartProblem.relativeNoise(1), 1e-12);
        for (int t = 2; t <= E; t++) {
            assertTrue(NoisyStartProblem.relativeNoise(t) < NoisyStartProblem.relativeNoise(t - 1), "epoch " + t);
        }
        assertEquals(0.02, NoisyStartProblem.relativeNoise(E), 0.0005);
        assertEquals(0.15, measuredNoise(1), 0.015);
        assertEquals(NoisyStartProblem.relativeNoise(10), measuredNoise(10), 0.008);
        assertEquals(0.02, measuredNoise(E), 0.002);
    }

    @Test
    void aRegularisedRunTrailsEarlyAndFinishesAhead() {
        double steady = NoisyStartProblem.cleanLoss(0.003, 1024, 0.3, 64, 3);
        double plain = NoisyStartProblem.cleanLoss(0.003, 1024, 0.0, 64, 3);
        assertTrue(steady > plain + 0.05, "after 3 epochs: " + steady + " against " + plain);
        assertTrue(NoisyStartProblem.cleanLoss(0.003, 1024, 0.3, 64, E)
            < NoisyStartProblem.cleanLoss(0.003, 1024, 0.0, 64, E) - 0.01, "at the end");
    }

    @Test
    void everyCleanCurveFalls() {
        for (double lr : new double[] {1e-4, 0.003, 0.1}) {
            for (int t = 2; t <= E; t++) {
                assertTrue(NoisyStartProblem.cleanLoss(lr, 128, 0.5, 256, t)
                    < NoisyStartProblem.cleanLoss(lr, 128, 0.5, 256, t - 1), lr + ", epoch " + t);
            }
        }
    }
}
