package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The shared pieces of the learning-curve problems. */
class CurvesTest {

    @Test
    void aFixedNoiseIsTheSameAsThatNoisePerEpoch() {
        Trajectory fixed = Curves.noisy(30, 0.03, new SplittableRandom(4), t -> 1.0 / t);
        Trajectory perEpoch = Curves.noisy(30, t -> 0.03, new SplittableRandom(4), t -> 1.0 / t);
        assertArrayEquals(fixed.perEpoch(), perEpoch.perEpoch());
        assertEquals(1.0 / 30, perEpoch.trueFinal(), 0);
    }

    @Test
    void theBracketedMinimumFindsAMinimumBetweenGridPointsAndAtAnEdge() {
        assertEquals(0.125, Curves.bracketedMinimum(0, 1, 7, x -> 0.125 + (x - 0.3337) * (x - 0.3337)), 1e-15);
        assertEquals(-1, Curves.bracketedMinimum(-1, 1, 10, x -> x), 0);
        assertEquals(Curves.gridMinimum(-2, 3, 400, x -> Math.cosh(x - 1.2345)),
            Curves.bracketedMinimum(-2, 3, 40, x -> Math.cosh(x - 1.2345)), 1e-12);
    }
}
