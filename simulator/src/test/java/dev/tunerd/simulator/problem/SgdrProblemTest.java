package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code sgdr}: cosine cycles with warm restarts; the loss jumps at each restart, judged after the last cycle. */
class SgdrProblemTest {

    private static final int E = SgdrProblem.EPOCHS;

    private static double[] curve(double peak, int firstCycle, int multiplier) {
        return SgdrProblem.cleanCurve(peak, firstCycle, multiplier, Math.pow(10, -3.5));
    }

    @Test
    void theRateRestartsAtThePeakAfterEachCycleAndAnnealsWithinIt() {
        int[] starts = {1, 11, 31, 71};
        for (int start : starts) {
            assertEquals(0.4, SgdrProblem.rate(0.4, 10, 2, start), 1e-12, "restart at epoch " + start);
        }
        for (int t = 2; t <= E; t++) {
            boolean restart = t == 11 || t == 31 || t == 71;
            double now = SgdrProblem.rate(0.4, 10, 2, t);
            double before = SgdrProblem.rate(0.4, 10, 2, t - 1);
            assertTrue(restart ? now > before : now < before, "epoch " + t);
        }
        assertTrue(SgdrProblem.rate(1, 10, 2, E) < 0.001, "annealed at the horizon: its last cycle ends there");
        assertEquals(0.5 * (1 + Math.cos(Math.PI * 74 / 100)), SgdrProblem.rate(1, 25, 2, E), 1e-12,
            "25 + 50 + 100: 74 epochs into a cycle of 100");
        assertEquals(0.5 * (1 + Math.cos(Math.PI * 4 / 5)), SgdrProblem.rate(1, 5, 1, E), 1e-12,
            "the last epoch of a cycle of 5");
    }

    @Test
    void theLossJumpsUpAtEveryRestartAndEndsEachCycleLowerThanItsPeak() {
        double[] c = curve(0.3, 10, 2);
        for (int end : new int[] {10, 30, 70}) {
            assertTrue(c[end] > c[end - 1] + 0.015, "the jump after epoch " + end + ": " + c[end - 1] + " -> "
                + c[end]);
        }
        assertTrue(c[E - 1] < c[69] - 0.002 && c[69] < c[29] && c[29] < c[9], "each cycle ends lower than the last");
        double[] large = curve(1.0, 10, 1);
        assertTrue(large[10] > large[9] + 0.08, "a large peak rate jumps by more than 0.08 in one epoch");
    }

    @Test
    void aValueReadMidRunDependsOnTheRunsPhaseAndTheHorizonReordersIt() {
        double[] tenDoubling = curve(0.3, 10, 2);
        double[] fives = curve(0.3, 5, 1);
        assertTrue(tenDoubling[49] > fives[49] + 0.003, "at epoch 50, mid-cycle behind a run that just annealed");
        assertTrue(tenDoubling[E - 1] < fives[E - 1] - 0.02, "at the horizon ahead: its last cycle is long");
        double[] halfWay = curve(0.3, 25, 2);
        double[] fifties = curve(0.3, 50, 1);
        assertTrue(halfWay[E - 1] > fifties[E - 1] + 0.005, "a run caught mid-cycle at the horizon ends behind");
    }

    @Test
    void theOptimumIsTheLeastFinalOnAFineGridOfRatesAndSchedules() {
        double best = Double.POSITIVE_INFINITY;
        for (int first : new int[] {5, 10, 25, 50}) {
            for (int multiplier = 1; multiplier <= 2; multiplier++) {
                for (double u = Math.log10(0.0025); u <= Math.log10(20); u += 0.002) {
                    best = Math.min(best, curve(Math.pow(10, u), first, multiplier)[E - 1]);
                }
            }
        }
        double optimum = Problems.create("sgdr", 0).optimum();
        assertTrue(optimum <= best + 1e-12 && best - optimum < 1e-5, "f* " + optimum + ", grid " + best);
    }
}
