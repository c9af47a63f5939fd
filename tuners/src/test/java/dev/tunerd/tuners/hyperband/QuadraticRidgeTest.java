package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import org.junit.jupiter.api.Test;

/** {@link QuadraticRidge}: recovers a quadratic; its leave-one-out predictions are held out (worse on noise). */
class QuadraticRidgeTest {

    private static double quadratic(double[] x) {
        return 2 * (x[0] - 0.3) * (x[0] - 0.3) - x[0] * x[1] + 0.5 * x[1];
    }

    @Test
    void aQuadraticIsRecoveredAwayFromItsRows() {
        Rng rng = Rng.withSeed(3);
        int n = 60;
        double[][] x = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = new double[] {rng.nextDouble(), rng.nextDouble()};
            y[i] = quadratic(x[i]);
        }
        QuadraticRidge m = QuadraticRidge.fit(x, y);
        for (double[] at : new double[][] {{0.5, 0.5}, {0.1, 0.9}, {0.9, 0.2}}) {
            assertEquals(quadratic(at), m.predict(at), 0.02, java.util.Arrays.toString(at));
        }
        double[] loo = m.leaveOneOut();
        for (int i = 0; i < n; i++) {
            assertEquals(y[i], loo[i], 0.05, "row " + i);
        }
    }

    @Test
    void leaveOneOutPredictionsAreHeldOut() {
        Rng rng = Rng.withSeed(4);
        int n = 25;
        double[][] x = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = new double[] {rng.nextDouble()};
            y[i] = x[i][0] + rng.nextDouble(); // noisy: the held-out predictions are worse than the fit
        }
        QuadraticRidge all = QuadraticRidge.fit(x, y);
        double[] loo = all.leaveOneOut();
        double inSample = 0;
        double heldOut = 0;
        for (int i = 0; i < n; i++) {
            inSample += Math.pow(y[i] - all.predict(x[i]), 2);
            heldOut += Math.pow(y[i] - loo[i], 2);
        }
        assertTrue(heldOut > inSample, heldOut + " vs " + inSample);
        assertNull(QuadraticRidge.fit(new double[][] {{0.1}, {0.2}}, new double[] {1, 2}), "fewer than three rows");
        assertNull(QuadraticRidge.fit(new double[][] {{0.1}, {0.2}, {0.3}}, new double[] {1, 1, 1}), "constant");
    }
}
