package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import org.junit.jupiter.api.Test;

/** {@code overfit}: curves that fall, reach a minimum and rise after it; early leaders end worse. */
class OverfitProblemTest {

    private static double clean(double lr, double width, double dropout, double l2, int t) {
        return OverfitProblem.cleanLoss(OverfitProblem.floor(width, dropout, l2),
            OverfitProblem.overfitRate(width, dropout, l2), OverfitProblem.speed(lr) * t);
    }

    @Test
    void aFastWideUnregularisedRunRisesAfterItsMinimumUntilTheEnd() {
        int argmin = 1;
        for (int t = 1; t <= OverfitProblem.EPOCHS; t++) {
            if (clean(0.01, 1024, 0, 1e-6, t) < clean(0.01, 1024, 0, 1e-6, argmin)) {
                argmin = t;
            }
        }
        assertTrue(argmin > 3 && argmin < 30, "minimum at epoch " + argmin);
        for (int t = argmin + 1; t <= OverfitProblem.EPOCHS; t++) {
            assertTrue(clean(0.01, 1024, 0, 1e-6, t) > clean(0.01, 1024, 0, 1e-6, t - 1), "epoch " + t);
        }
        assertTrue(clean(0.01, 1024, 0, 1e-6, OverfitProblem.EPOCHS) > clean(0.01, 1024, 0, 1e-6, argmin) + 0.2);
    }

    @Test
    void theEarlyLeaderEndsBehindARegularisedSlowerRun() {
        Trajectory leader = Problems.create("overfit", 2).evaluate(Json.parse(
            "{\"lr\": 0.01, \"width\": 1024, \"dropout\": 0.0, \"l2\": 0.000001}"));
        Trajectory steady = Problems.create("overfit", 2).evaluate(Json.parse(
            "{\"lr\": 0.0015, \"width\": 1024, \"dropout\": 0.2, \"l2\": 0.001}"));
        assertTrue(leader.at(9) < steady.at(9) - 0.2, "the leader after 10 epochs");
        assertTrue(leader.trueFinal() > steady.trueFinal() + 0.2, "and behind at the end");
    }

    @Test
    void aStronglyRegularisedRunIsStillFallingAtTheHorizon() {
        assertTrue(clean(0.0005, 256, 0.5, 0.005, OverfitProblem.EPOCHS)
            < clean(0.0005, 256, 0.5, 0.005, OverfitProblem.EPOCHS - 1));
    }
}
