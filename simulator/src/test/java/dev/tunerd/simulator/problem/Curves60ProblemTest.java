package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code curves60}: augmentation trails early and finishes ahead; a rate above the best leads early, ends higher. */
class Curves60ProblemTest {

    @Test
    void strongAugmentationTrailsForTheFirstEpochsAndFinishesAhead() {
        double plainEarly = Curves60Problem.cleanLoss(0.03, 128, 0.0, 1e-4, 5);
        double augmentedEarly = Curves60Problem.cleanLoss(0.03, 128, 0.8, 1e-4, 5);
        double plainFinal = Curves60Problem.cleanLoss(0.03, 128, 0.0, 1e-4, Curves60Problem.EPOCHS);
        double augmentedFinal = Curves60Problem.cleanLoss(0.03, 128, 0.8, 1e-4, Curves60Problem.EPOCHS);
        assertTrue(augmentedEarly > plainEarly + 0.1, augmentedEarly + " against " + plainEarly);
        assertTrue(augmentedFinal < plainFinal - 0.02, augmentedFinal + " against " + plainFinal);
    }

    @Test
    void aRateAboveTheBestLeadsEarlyAndPlateausHigher() {
        double fastEarly = Curves60Problem.cleanLoss(0.3, 128, 0.5, 1e-4, 3);
        double goodEarly = Curves60Problem.cleanLoss(0.02, 128, 0.5, 1e-4, 3);
        assertTrue(fastEarly < goodEarly, fastEarly + " against " + goodEarly);
        assertTrue(Curves60Problem.cleanLoss(0.3, 128, 0.5, 1e-4, 60)
            > Curves60Problem.cleanLoss(0.02, 128, 0.5, 1e-4, 60));
    }

    @Test
    void everyCurveFallsFromTheStartLossTowardsItsAsymptote() {
        for (double lr : new double[] {1e-4, 1e-2, 0.3}) {
            double previous = 2.3;
            for (int t = 1; t <= Curves60Problem.EPOCHS; t++) {
                double loss = Curves60Problem.cleanLoss(lr, 256, 0.3, 1e-5, t);
                assertTrue(loss < previous, "lr " + lr + " epoch " + t);
                previous = loss;
            }
        }
    }
}
