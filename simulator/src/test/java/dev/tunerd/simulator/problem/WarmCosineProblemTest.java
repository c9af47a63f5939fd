package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code warmcosine}: a linear warm-up, then cosine annealing; large peak rates gain late and pass the small ones. */
class WarmCosineProblemTest {

    private static final int E = WarmCosineProblem.EPOCHS;

    private static double[] curve(double lr, int warmup) {
        return WarmCosineProblem.cleanCurve(lr, warmup, 5e-4, 128);
    }

    @Test
    void theRateRisesLinearlyThroughTheWarmUpThenAnnealsToNearlyZero() {
        for (int t = 1; t <= 5; t++) {
            assertEquals(0.6 * t / 6, WarmCosineProblem.rate(0.6, 5, t), 1e-12, "warm-up epoch " + t);
        }
        assertEquals(0.6, WarmCosineProblem.rate(0.6, 5, 6), 1e-12, "the peak right after the warm-up");
        for (int t = 7; t <= E; t++) {
            assertTrue(WarmCosineProblem.rate(0.6, 5, t) < WarmCosineProblem.rate(0.6, 5, t - 1), "epoch " + t);
        }
        assertTrue(WarmCosineProblem.rate(0.6, 5, E) < 0.002 * 0.6, "nearly zero at the horizon");
        assertEquals(0.3, WarmCosineProblem.rate(0.6, 0, 1 + E / 2), 1e-12, "half the peak half-way without warm-up");
    }

    @Test
    void aLargePeakRateGainsFarMoreThanASmallOneInTheSecondHalf() {
        double[] large = curve(1.0, 5);
        double[] small = curve(0.02, 5);
        double largeGain = large[E / 2 - 1] - large[E - 1];
        double smallGain = small[E / 2 - 1] - small[E - 1];
        assertTrue(largeGain > 0.15 && largeGain > 3 * smallGain, "second-half gains " + largeGain + ", " + smallGain);
        for (int t = E / 2; t < E; t++) {
            assertTrue(large[t] < large[t - 1], "the large rate falls on every epoch of the second half, " + (t + 1));
        }
    }

    @Test
    void midRunRanksAreReorderedByTheEnd() {
        double[] larger = curve(0.3, 5);
        double[] smaller = curve(0.1, 5);
        assertTrue(larger[E / 2 - 1] > smaller[E / 2 - 1] + 0.02, "the larger peak rate behind at mid-run");
        assertTrue(larger[E - 1] < smaller[E - 1], "and ahead at the end");
    }

    @Test
    void aWarmUpHelpsALargePeakRateAndHardlyMattersForASmallOne() {
        assertTrue(curve(1.0, 5)[E - 1] < curve(1.0, 0)[E - 1] - 0.02);
        assertEquals(curve(0.05, 0)[E - 1], curve(0.05, 5)[E - 1], 0.01);
    }
}
