package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code labelnoise}: falls, rises as wrong labels are memorised, levels off; wide models descend again. */
class LabelNoiseProblemTest {

    private static final int E = LabelNoiseProblem.EPOCHS;

    private static double[] curve(double lr, double width, double decay, double smoothing) {
        double[] c = new double[E];
        for (int t = 1; t <= E; t++) {
            c[t - 1] = LabelNoiseProblem.cleanLoss(lr, width, decay, smoothing, t);
        }
        return c;
    }

    private static int argmin(double[] c, int from, int to) {
        int best = from;
        for (int i = from; i < to; i++) {
            best = c[i] < c[best] ? i : best;
        }
        return best;
    }

    private static int argmax(double[] c, int from, int to) {
        int best = from;
        for (int i = from; i < to; i++) {
            best = c[i] > c[best] ? i : best;
        }
        return best;
    }

    @Test
    void aMediumModelFallsThenRisesAndLevelsOffWhereOverfitWouldKeepRising() {
        double[] c = curve(0.03, 128, 1e-3, 0);
        int low = argmin(c, 0, E);
        assertTrue(low > 5 && low < 30, "the first minimum after epoch " + (low + 1));
        assertTrue(c[E - 1] - c[low] > 0.15, "rises by " + (c[E - 1] - c[low]));
        assertTrue(Math.abs(c[E - 1] - c[E - 21]) < 0.02, "and levels off: " + c[E - 21] + " -> " + c[E - 1]);
    }

    @Test
    void aWideModelDescendsAgainAfterItsRise() {
        double[] c = curve(0.03, 512, 1e-3, 0);
        int low = argmin(c, 0, 40);
        int peak = argmax(c, low, E);
        assertTrue(peak > low + 5 && peak < 60, "minimum after epoch " + (low + 1) + ", peak after " + (peak + 1));
        assertTrue(c[peak] - c[low] > 0.1, "the rise " + (c[peak] - c[low]));
        assertTrue(c[peak] - c[E - 1] > 0.2 && c[E - 1] < c[low], "the second descent ends below the first minimum");
        double[] medium = curve(0.03, 128, 1e-3, 0);
        assertTrue(c[peak] > medium[peak] && c[E - 1] < medium[E - 1] - 0.2,
            "behind the medium model at the wide one's peak, far ahead at the end");
    }

    @Test
    void memorisationComesAfterTheCleanFitLaterWithALargerRateOrWeightDecaySoonerWhenWider() {
        assertTrue(LabelNoiseProblem.memorisation(0.1, 128, 1e-3) > LabelNoiseProblem.memorisation(0.03, 128, 1e-3));
        assertTrue(LabelNoiseProblem.memorisation(0.03, 128, 1e-2) > LabelNoiseProblem.memorisation(0.03, 128, 1e-4));
        assertTrue(LabelNoiseProblem.memorisation(0.03, 512, 1e-3) < LabelNoiseProblem.memorisation(0.03, 64, 1e-3));
        for (double lr = 0.001; lr <= 0.3; lr *= 1.5) {
            for (double width : new double[] {32, 128, 512}) {
                double tau = LabelNoiseProblem.timeScale(lr, width);
                assertTrue(LabelNoiseProblem.memorisation(lr, width, 1e-5) >= 3 * tau, lr + ", " + width);
            }
        }
        double[] regularised = curve(0.3, 512, 1e-2, 0);
        assertTrue(regularised[E - 1] - regularised[argmin(regularised, 0, E)] < 0.05, "a large rate and decay never"
            + " memorise within the horizon");
    }

    @Test
    void aNarrowModelMemorisesLessAndSmoothingLowersTheRise() {
        double narrow = LabelNoiseProblem.unsmoothedRise(0.03, 32, 1e-3, 1000);
        double wider = LabelNoiseProblem.unsmoothedRise(0.03, 64, 1e-3, 1000);
        assertEquals(0.4 / 0.6, narrow / wider, 1e-6, "capacities 0.4 and 0.6 (neither descends again)");
        double[] plain = curve(0.03, 128, 1e-3, 0);
        double[] smoothed = curve(0.03, 128, 1e-3, 0.2);
        assertTrue(smoothed[E - 1] < plain[E - 1] - 0.05 && smoothed[9] > plain[9], "smoothing costs early, pays late");
    }

    @Test
    void theBestSmoothingIsTheLeastFinalOverAFineGridOfSmoothings() {
        double[][] configurations = {{0.03, 128, 1e-3}, {0.3, 512, 1e-2}, {0.003, 32, 1e-5}, {0.025, 512, 1.3e-3}};
        for (double[] c : configurations) {
            double best = Double.POSITIVE_INFINITY;
            for (double s = 0; s <= 0.3 + 1e-12; s += 0.0005) {
                best = Math.min(best, LabelNoiseProblem.cleanLoss(c[0], c[1], c[2], s, E));
            }
            double closed = LabelNoiseProblem.cleanLoss(c[0], c[1], c[2], LabelNoiseProblem.bestSmoothing(c[0], c[1],
                c[2]), E);
            assertTrue(closed <= best + 1e-12 && best - closed < 1e-6, closed + " against " + best);
        }
    }

    @Test
    void theOptimumIsTheLeastFinalOnAFineGrid() {
        double best = Double.POSITIVE_INFINITY;
        for (double width : new double[] {32, 64, 128, 256, 512}) {
            for (double u = -3; u <= Math.log10(0.3); u += 0.01) {
                for (double w = -5; w <= -2; w += 0.01) {
                    for (double s = 0; s <= 0.3 + 1e-12; s += 0.01) {
                        best = Math.min(best, LabelNoiseProblem.cleanLoss(Math.pow(10, u), width, Math.pow(10, w), s,
                            E));
                    }
                }
            }
        }
        double optimum = Problems.create("labelnoise", 0).optimum();
        assertTrue(optimum <= best + 1e-12 && best - optimum < 1e-4, "f* " + optimum + ", grid " + best);
    }
}
