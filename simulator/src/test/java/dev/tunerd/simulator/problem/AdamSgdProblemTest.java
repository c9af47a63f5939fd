package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code adamsgd}: the optimizer sets the family; Adam leads early, a good SGD run passes it later. */
class AdamSgdProblemTest {

    private static final int E = AdamSgdProblem.EPOCHS;
    private static final int SGD = 0;
    private static final int ADAM = 1;
    private static final int ADAMW = 2;

    private static double sgd(double lr, int t) {
        return AdamSgdProblem.cleanLoss(SGD, lr, 3e-4, 0.9, t);
    }

    /** The best Adam run's loss after epoch {@code t}. */
    private static double adam(int t) {
        return AdamSgdProblem.cleanLoss(ADAM, 1e-3, 1e-6, 0.9, t);
    }

    private static double adamw(int t) {
        return AdamSgdProblem.cleanLoss(ADAMW, 2e-3, 5e-3, 0.9, t);
    }

    /** The first epoch on which the SGD run at {@code lr} is below the best Adam run, or 0 when it never is. */
    private static int crossing(double lr) {
        for (int t = 1; t <= E; t++) {
            if (sgd(lr, t) < adam(t)) {
                return t;
            }
        }
        return 0;
    }

    @Test
    void theAdaptiveRunsLeadEarlyAndAGoodSgdRunPassesThemAtAnEpochThatDependsOnItsRate() {
        int good = crossing(0.1);
        int slower = crossing(0.04);
        assertTrue(good > 30 && good < E, "SGD at 0.1 passes Adam at epoch " + good);
        assertTrue(slower > good && slower < E, "SGD at 0.04 at epoch " + slower);
        assertTrue(crossing(0.005) == 0, "SGD at 0.005 never does");
        assertTrue(adamw(E) < adam(E), "AdamW ends below Adam");
        assertTrue(sgd(0.1, E) < adamw(E), "and SGD below both");
    }

    @Test
    void noSgdRateLeadsTheBestAdamRunInTheFirstTenEpochs() {
        for (double u = -5; u <= 0; u += 0.05) {
            for (int t = 1; t <= 10; t++) {
                assertTrue(adam(t) < sgd(Math.pow(10, u), t), "SGD at 10^" + u + ", epoch " + t);
            }
        }
    }

    @Test
    void adamLeadsFromTheFirstEpochUntilThePassing() {
        int good = crossing(0.1);
        for (int t = 1; t < good; t++) {
            assertTrue(adam(t) < sgd(0.1, t), "epoch " + t);
        }
        for (int t = good; t <= E; t++) {
            assertTrue(adam(t) > sgd(0.1, t), "epoch " + t);
        }
    }

    @Test
    void adamIsDoneEarlyWhileSgdStillImprovesAtTheHorizon() {
        double adamLate = adam(40) - adam(E);
        double sgdLate = sgd(0.1, 40) - sgd(0.1, E);
        assertTrue(adamLate < 1e-4, "Adam gains " + adamLate + " after epoch 40");
        assertTrue(sgdLate > 0.02, "SGD gains " + sgdLate);
    }

    @Test
    void eachOptimizerHasItsOwnBestRate() {
        assertTrue(sgd(0.1, E) < sgd(1e-3, E));
        assertTrue(adam(E) < AdamSgdProblem.cleanLoss(ADAM, 0.1, 1e-6, 0.9, E));
        assertTrue(adamw(E) < AdamSgdProblem.cleanLoss(ADAMW, 0.1, 5e-3, 0.9, E));
    }
}
