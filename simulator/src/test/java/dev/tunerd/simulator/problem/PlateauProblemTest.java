package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code plateau}: a long plateau, then a sudden drop at an epoch the configuration sets, or none within 200. */
class PlateauProblemTest {

    private static final int E = PlateauProblem.EPOCHS;

    private static double loss(double lr, double decay, int depth, boolean normalised, int t) {
        return PlateauProblem.cleanLoss(lr, decay, depth, normalised, 0.1, t);
    }

    @Test
    void aRunSitsOnItsPlateauThenDropsSharplyAroundItsTransition() {
        double onset = PlateauProblem.transition(1e-4, 0.1, 6, true);
        assertTrue(onset > 100 && onset < 140, "T = " + onset);
        for (int t = 8; t <= 80; t++) {
            assertEquals(PlateauProblem.plateauLevel(6), loss(1e-4, 0.1, 6, true, t), 0.06, "on the plateau, " + t);
        }
        int before = (int) Math.round(onset - 0.15 * onset);
        int after = (int) Math.round(onset + 0.15 * onset);
        assertTrue(loss(1e-4, 0.1, 6, true, before) - loss(1e-4, 0.1, 6, true, after) > 0.5,
            "drops by more than 0.5 within 30% of T");
        for (int t = 2; t <= E; t++) {
            assertTrue(loss(1e-4, 0.1, 6, true, t) < loss(1e-4, 0.1, 6, true, t - 1), "falls on every epoch, " + t);
        }
    }

    @Test
    void theTransitionComesLaterWithASmallerRateOrWeightDecayADeeperModelAndThriceLaterWithoutNormalisation() {
        double base = PlateauProblem.transition(1e-3, 0.1, 4, true);
        assertEquals(15, base, 1e-9);
        assertTrue(PlateauProblem.transition(3e-4, 0.1, 4, true) > base);
        assertTrue(PlateauProblem.transition(1e-3, 0.01, 4, true) > base);
        assertTrue(PlateauProblem.transition(1e-3, 0.1, 6, true) > base);
        assertEquals(3 * base, PlateauProblem.transition(1e-3, 0.1, 4, false), 1e-9);
    }

    @Test
    void aLargerRateDropsEarlierButEndsWorse() {
        assertTrue(PlateauProblem.transition(2e-3, 0.1, 6, true) < PlateauProblem.transition(5e-4, 0.1, 6, true));
        assertTrue(loss(2e-3, 0.1, 6, true, 60) < loss(5e-4, 0.1, 6, true, 60) - 0.1, "ahead at epoch 60");
        assertTrue(loss(2e-3, 0.1, 6, true, E) > loss(5e-4, 0.1, 6, true, E) + 0.005, "behind at the horizon");
    }

    @Test
    void aboutHalfOfRandomConfigurationsNeverLeaveThePlateauAndAFifthDropBeforeEpochFifty() {
        Problem p = Problems.create("plateau", 0);
        SplittableRandom r = new SplittableRandom(17);
        int n = 4000;
        int stuck = 0;
        int early = 0;
        for (int i = 0; i < n; i++) {
            JsonObject x = (JsonObject) SpaceSampler.draw(p.searchSpace(), r);
            boolean normalised = ((JsonString) x.get("norm")).value().equals("layer");
            double onset = PlateauProblem.transition(x.get("lr").asDouble(), x.get("weight_decay").asDouble(),
                x.get("depth").asDouble(), normalised);
            stuck += onset > E ? 1 : 0;
            early += onset < 50 ? 1 : 0;
            if (onset > E * 1.5) {
                assertTrue(p.evaluate(x).trueFinal() > 0.8, "a run whose transition is far beyond the horizon: " + x);
            }
        }
        assertTrue(stuck > 0.4 * n && stuck < 0.6 * n, stuck + " of " + n + " beyond the horizon");
        assertTrue(early > 0.2 * n, early + " of " + n + " before epoch 50");
    }

    @Test
    void theOptimumIsTheLeastFinalOnAFineGrid() {
        double best = Double.POSITIVE_INFINITY;
        for (int depth = 2; depth <= 8; depth++) {
            for (boolean normalised : new boolean[] {false, true}) {
                for (double u = -5; u <= -2; u += 0.01) {
                    for (double w = -4; w <= 0; w += 0.01) {
                        best = Math.min(best, loss(Math.pow(10, u), Math.pow(10, w), depth, normalised, E));
                    }
                }
            }
        }
        double optimum = Problems.create("plateau", 0).optimum();
        assertTrue(optimum <= best + 1e-12 && best - optimum < 1e-4, "f* " + optimum + ", grid " + best);
    }
}
