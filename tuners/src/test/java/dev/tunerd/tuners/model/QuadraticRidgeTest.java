package dev.tunerd.tuners.model;

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

    /**
     * The dual form (bases wider than the rows: a search space of many choices) is the same ridge: the same chosen
     * penalty, predictions and leave-one-out values as the primal form, to rounding; both where the basis is wider
     * than the rows and where it is narrower.
     */
    @Test
    void theDualFormIsThePrimalForm() {
        for (int[] shape : new int[][] {{12, 40}, {4, 40}, {16, 60}}) { // features, rows: 90, 14 and 152 columns
            Rng rng = Rng.withSeed(shape[0]);
            double[][] x = new double[shape[1]][];
            double[] y = new double[shape[1]];
            for (int i = 0; i < y.length; i++) {
                x[i] = new double[shape[0]];
                for (int j = 0; j < shape[0]; j++) {
                    x[i][j] = rng.nextDouble();
                }
                y[i] = quadratic(x[i]) + x[i][shape[0] - 1] + 0.1 * rng.nextDouble();
            }
            QuadraticRidge primal = QuadraticRidge.fit(x, y, false);
            QuadraticRidge dual = QuadraticRidge.fit(x, y, true);
            double[] lp = primal.leaveOneOut();
            double[] ld = dual.leaveOneOut();
            for (int i = 0; i < y.length; i++) {
                assertEquals(lp[i], ld[i], 1e-6, shape[0] + " features, row " + i);
            }
            double[] at = new double[shape[0]];
            java.util.Arrays.fill(at, 0.37);
            assertEquals(primal.predict(at), dual.predict(at), 1e-6, shape[0] + " features");
            assertEquals(primal.predict(x[1]), dual.predict(x[1]), 1e-6);
        }
        assertTrue(QuadraticRidge.columns(16) > QuadraticRidge.DUAL_ABOVE, "the widest shape above is fitted dual");
    }
}
