package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code longcrossing}: crossing's curves on an 81-epoch horizon (issue 13, session 20). */
class LongCrossingProblemTest {

    private static String config(double lr, int warmup, double momentum) {
        return "{\"lr\": " + lr + ", \"warmup\": " + warmup + ", \"momentum\": " + momentum + "}";
    }

    private static Trajectory curve(String name, long seed, String parameters) {
        return Problems.create(name, seed).evaluate(Json.parse(parameters));
    }

    @Test
    void registeredWithAnEightyOneEpochHorizonAndCrossingsSpace() {
        Problem p = Problems.create("longcrossing", 0);
        assertEquals(81, p.epochs());
        assertEquals(Problems.create("crossing", 0).searchSpace(), p.searchSpace());
        assertTrue(p.description().startsWith("81-epoch"), p.description());
        assertTrue(Problems.names().contains("longcrossing"));
    }

    @Test
    void sameSeedAndParametersGiveTheSameCurveAndAnotherSeedDoesNot() {
        String p = config(0.003, 2, 0.5);
        assertArrayEquals(curve("longcrossing", 3, p).perEpoch(), curve("longcrossing", 3, p).perEpoch());
        assertFalse(Arrays.equals(curve("longcrossing", 3, p).perEpoch(), curve("longcrossing", 4, p).perEpoch()));
    }

    @Test
    void theCurveIsCrossingsStretchedThreeTimes() {
        for (int t : new int[] {0, 5, 26}) {
            assertEquals(CrossingCurvesProblem.cleanLoss(0.01, 2, 0.4, t, 1),
                CrossingCurvesProblem.cleanLoss(0.01, 2, 0.4, 3 * t, 3), 1e-12, "epoch " + t);
        }
        Trajectory longer = curve("longcrossing", 1, config(0.01, 2, 0.4));
        Trajectory shorter = curve("crossing", 1, config(0.01, 2, 0.4));
        assertEquals(shorter.trueFinal(), longer.trueFinal(), 1e-12, "the same asymptote reached as far");
    }

    @Test
    void fastLearnersLeadForAThirdOfTheHorizonAndAreOvertaken() {
        Trajectory fast = curve("longcrossing", 1, config(0.3, 0, 0.6));
        Trajectory slow = curve("longcrossing", 1, config(0.003, 5, 0.6));
        assertTrue(fast.at(26) < slow.at(26), "fast leads after 27 epochs");
        assertTrue(fast.trueFinal() > slow.trueFinal(), "slow wins at 81");
    }

    @Test
    void theOptimumIsBelowEveryNoiseFreeFinalOfARandomSample() {
        Problem p = Problems.create("longcrossing", 0);
        SplittableRandom r = new SplittableRandom(13);
        for (int i = 0; i < 2000; i++) {
            double lr = Math.pow(10, -4 + 4 * r.nextDouble());
            Trajectory t = p.evaluate(Json.parse(config(lr, r.nextInt(6), 0.99 * r.nextDouble())));
            assertTrue(t.trueFinal() >= p.optimum() - 1e-12);
        }
        assertTrue(p.optimum() > 0 && p.optimum() < Problems.create("crossing", 0).optimum() + 0.05,
            "f* = " + p.optimum());
    }
}
