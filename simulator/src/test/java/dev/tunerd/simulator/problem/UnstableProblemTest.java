package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code unstable}: too-large rates lead early, then rise from their minimum; clipping and larger batches hold. */
class UnstableProblemTest {

    private static final int E = UnstableProblem.EPOCHS;

    private static double[] curve(double lr, double batch, boolean clipped) {
        double[] c = new double[E];
        for (int t = 1; t <= E; t++) {
            c[t - 1] = UnstableProblem.cleanLoss(lr, batch, clipped, 0.15, t);
        }
        return c;
    }

    private static int argmin(double[] c) {
        int best = 0;
        for (int i = 1; i < c.length; i++) {
            if (c[i] < c[best]) {
                best = i;
            }
        }
        return best;
    }

    @Test
    void anUnstableRunRisesOnEveryEpochAfterItsMinimumToTheLossOfChance() {
        for (double lr : new double[] {0.005, 0.008, 0.012}) {
            double[] c = curve(lr, 64, false);
            int m = argmin(c);
            double onset = UnstableProblem.unstableAfter(lr, 64, false);
            assertTrue(m + 1 >= Math.floor(onset) && m + 1 <= Math.ceil(onset) + 1, lr + ": minimum after epoch "
                + (m + 1) + ", onset " + onset);
            for (int t = m + 1; t < E; t++) {
                assertTrue(c[t] > c[t - 1], lr + ": epoch " + (t + 1));
            }
            assertTrue(c[E - 1] > 2.2, lr + ": ends at " + c[E - 1]);
        }
    }

    @Test
    void theOnsetComesLaterForASmallerRateOrALargerBatchOrWithClipping() {
        assertTrue(UnstableProblem.unstableAfter(0.005, 64, false) > UnstableProblem.unstableAfter(0.008, 64, false));
        assertTrue(UnstableProblem.unstableAfter(0.008, 256, false) > UnstableProblem.unstableAfter(0.008, 64, false));
        assertTrue(UnstableProblem.unstableAfter(0.008, 64, true) > UnstableProblem.unstableAfter(0.008, 64, false));
        assertEquals(3, UnstableProblem.unstableAfter(0.01, 64, false), 1e-12, "at the critical rate");
        assertTrue(UnstableProblem.unstableAfter(0.01 / 3, 64, false) > E, "stable below a third of it");
    }

    @Test
    void theTooLargeRateLeadsEarlyAndEndsFarBehind() {
        double[] fast = curve(0.01, 64, false);
        double[] safe = curve(0.003, 64, false);
        assertTrue(fast[2] < safe[2] - 0.1, "after 3 epochs: " + fast[2] + " against " + safe[2]);
        assertTrue(fast[E - 1] > safe[E - 1] + 1, "at the end: " + fast[E - 1] + " against " + safe[E - 1]);
    }

    @Test
    void clippingKeepsTheRateStableAndAClippedRunThatBreaksLosesOnlyPartOfWhatItLearned() {
        double[] clipped = curve(0.01, 64, true);
        assertTrue(argmin(clipped) >= E - 5 && clipped[E - 1] < 0.12, "stable to the end at " + clipped[E - 1]);
        double[] broken = curve(0.03, 64, true);
        int m = argmin(broken);
        assertTrue(m < 5, "minimum after epoch " + (m + 1));
        assertTrue(broken[E - 1] > broken[m] + 0.3 && broken[E - 1] < 1.5, "plateau " + broken[E - 1]);
    }
}
