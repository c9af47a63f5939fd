package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code finetune}: a narrow rate window, runs that fail at random, a dev-set error in whole examples. */
class FinetuneProblemTest {

    private static final int E = FinetuneProblem.EPOCHS;

    private static JsonValue config(double lr, int batch, double warmup) {
        return Json.parse("{\"lr\": " + lr + ", \"batch_size\": " + batch + ", \"warmup_ratio\": " + warmup
            + ", \"weight_decay\": 0.01}");
    }

    @Test
    void reportedValuesAreWholeExamplesOfTheDevSetAndTie() {
        Set<Double> finals = new HashSet<>();
        int runs = 0;
        for (long seed = 0; seed < 200; seed++) {
            Trajectory t = Problems.create("finetune", seed).evaluate(config(2e-5, 16, 0.1));
            for (double v : t.perEpoch()) {
                assertTrue(v >= 0 && v <= 1, "in 0..1: " + v);
                assertEquals(Math.rint(v * FinetuneProblem.DEV_SET), v * FinetuneProblem.DEV_SET, 1e-9, "whole: " + v);
            }
            finals.add(t.finalValue());
            runs++;
        }
        assertTrue(finals.size() < runs / 2, finals.size() + " distinct finals of " + runs);
    }

    private static boolean failed(Trajectory t) {
        return Math.abs(t.trueFinal() - FinetuneProblem.CHANCE) < 1e-9;
    }

    /** The share of 1,000 seeds whose run at these settings fails (true final at chance). */
    private static double failedShare(double lr, int batch, double warmup) {
        int failed = 0;
        for (long seed = 0; seed < 1000; seed++) {
            Trajectory t = Problems.create("finetune", seed).evaluate(config(lr, batch, warmup));
            if (failed(t)) {
                failed++;
                double late = 0;
                for (int e = 6; e <= E; e++) {
                    late += t.at(e - 1) / (E - 5);
                }
                assertEquals(FinetuneProblem.CHANCE, late, 0.07,
                    "a failed run stays at chance (up to its dev-set bias) from epoch 6");
            }
        }
        return failed / 1000.0;
    }

    @Test
    void runsFailAtRandomMoreOftenAtLargerRatesAndLessWithAWarmUp() {
        double atBest = failedShare(3e-5, 32, 0);
        assertEquals(FinetuneProblem.failureChance(3e-5, 32, 0), atBest, 0.035);
        assertEquals(0.16, atBest, 0.04);
        double above = failedShare(3e-5 * Math.sqrt(10), 32, 0);
        assertEquals(0.5, above, 0.05);
        assertEquals(0.6 * above, failedShare(3e-5 * Math.sqrt(10), 32, 0.2), 0.05);
        assertEquals(0, failedShare(3e-6, 32, 0), 0.01);
    }

    @Test
    void theDevSetNoiseIsBinomialHalfOfItFixedPerConfiguration() {
        double clean = FinetuneProblem.cleanError(1e-5, 16, 0.1, 0.01, E);
        double sum = 0;
        double squares = 0;
        double products = 0;
        int n = 0;
        for (long seed = 0; seed < 2000; seed++) {
            Trajectory t = Problems.create("finetune", seed).evaluate(config(1e-5, 16, 0.1));
            if (failed(t)) {
                continue;
            }
            double last = t.at(E - 1) - clean;
            double before = t.at(E - 2) - FinetuneProblem.cleanError(1e-5, 16, 0.1, 0.01, E - 1);
            sum += last;
            squares += last * last;
            products += last * before;
            n++;
        }
        double sd = Math.sqrt(squares / n - (sum / n) * (sum / n));
        double expected = Math.sqrt(clean * (1 - clean) / FinetuneProblem.DEV_SET);
        assertEquals(expected, sd, 0.12 * expected, "sd of the final's deviation");
        assertEquals(0.5, products / n / (sd * sd), 0.1, "correlation of consecutive epochs' deviations");
    }

    @Test
    void theRateWindowIsNarrowAndTooLargeARateCostsMoreThanTooSmallOne() {
        double best = Problems.create("finetune", 0).optimum();
        double lrBest = 3e-5 * Math.sqrt(16 / 32.0);
        assertTrue(FinetuneProblem.cleanError(lrBest * 10, 16, 0, 0.01, E) - best > 0.08, "ten times above");
        assertTrue(FinetuneProblem.cleanError(lrBest / 10, 16, 0, 0.01, E) - best > 0.01, "ten times below");
        assertTrue(FinetuneProblem.cleanError(lrBest * 3, 16, 0, 0.01, E)
            > FinetuneProblem.cleanError(lrBest / 3, 16, 0, 0.01, E) + 0.01, "forgetting costs more");
        double[] atBest = new double[E];
        for (int t = 1; t <= E; t++) {
            atBest[t - 1] = FinetuneProblem.cleanError(lrBest, 16, 0, 0.01, t);
        }
        assertTrue(atBest[E - 1] > atBest[9] + 0.005, "the error creeps up late at the best level's rate");
    }

    @Test
    void theOptimumIsTheLeastFinalOnAFineGrid() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : new int[] {8, 16, 32, 64}) {
            for (int w = 0; w <= 10; w++) {
                for (double u = -6; u <= -2; u += 0.001) {
                    best = Math.min(best, FinetuneProblem.cleanError(Math.pow(10, u), batch, w * 0.02, 0.01, E));
                }
            }
        }
        double optimum = Problems.create("finetune", 0).optimum();
        assertTrue(optimum <= best + 1e-12 && best - optimum < 1e-6, "f* " + optimum + ", grid " + best);
    }
}
