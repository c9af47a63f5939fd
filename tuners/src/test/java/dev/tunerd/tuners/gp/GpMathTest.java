package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Normal;
import dev.tunerd.tuners.common.Rng;
import org.junit.jupiter.api.Test;

/** The numerical pieces of GP: log-EI in the tail, gradients against finite differences, the bounded optimiser. */
class GpMathTest {

    @Test
    void logEiMatchesTheDirectFormulaAndStaysFiniteFarInTheTail() {
        for (double z = -6; z <= 4; z += 0.25) {
            double direct = Math.log(z * Normal.cdf(z) + Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI));
            assertEquals(direct, Utility.logH(z), 2e-4 * Math.max(1, Math.abs(direct)), "z = " + z);
        }
        double previous = Double.NEGATIVE_INFINITY;
        for (double z = -2000; z < 0; z += 7.3) {
            double v = Utility.logH(z);
            assertTrue(Double.isFinite(v), "z = " + z);
            assertTrue(v > previous, "log h must increase, z = " + z);
            previous = v;
        }
        // continuity where the branches meet
        assertEquals(Utility.logH(-8 - 1e-9), Utility.logH(-8 + 1e-9), 1e-3);
        assertEquals(Utility.logH(-1 - 1e-9), Utility.logH(-1 + 1e-9), 1e-3);
    }

    @Test
    void utilityDerivativesMatchFiniteDifferences() {
        for (Utility.Kind kind : Utility.Kind.values()) {
            Utility u = new Utility(kind, 2.0, 0.01);
            for (double[] ms : new double[][] {{0.3, 0.5}, {-1.2, 0.2}, {4.0, 0.1}, {0.0, 2.0}}) {
                double[] d = new double[2];
                u.value(ms[0], ms[1], -1.0, d);
                double h = 1e-6;
                double dMu = (u.value(ms[0] + h, ms[1], -1.0, null) - u.value(ms[0] - h, ms[1], -1.0, null)) / (2 * h);
                double dSd = (u.value(ms[0], ms[1] + h, -1.0, null) - u.value(ms[0], ms[1] - h, -1.0, null)) / (2 * h);
                assertEquals(dMu, d[0], 1e-3 * Math.max(1, Math.abs(dMu)), kind + " d/dmu at " + ms[0]);
                assertEquals(dSd, d[1], 1e-3 * Math.max(1, Math.abs(dSd)), kind + " d/dsd at " + ms[0]);
            }
        }
    }

    @Test
    void boundedLbfgsStopsAtTheBoundAndFindsAnInteriorMinimum() {
        BoundedLbfgs opt = new BoundedLbfgs(200, 1e-9);
        double[] x = {0.5, 0.5};
        opt.minimise((p, g) -> {
            g[0] = 2 * (p[0] - 2);
            g[1] = 2 * (p[1] - 0.25);
            return (p[0] - 2) * (p[0] - 2) + (p[1] - 0.25) * (p[1] - 0.25);
        }, x, new double[] {0, 0}, new double[] {1, 1});
        assertEquals(1.0, x[0], 1e-9);
        assertEquals(0.25, x[1], 1e-6);
        double[] r = {-1.2, 1.0};
        double value = opt.minimise((p, g) -> {
            double a = 1 - p[0];
            double b = p[1] - p[0] * p[0];
            g[0] = -2 * a - 400 * p[0] * b;
            g[1] = 200 * b;
            return a * a + 100 * b * b;
        }, r, new double[] {-5, -5}, new double[] {5, 5});
        assertTrue(value < 1e-8, "rosenbrock " + value);
        assertEquals(1.0, r[0], 1e-3);
    }

    @Test
    void likelihoodGradientMatchesFiniteDifferences() {
        Rng rng = new Rng(3);
        int n = 12;
        double[][] x = new double[n][3];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                x[i][c] = rng.nextDouble();
            }
            y[i] = Math.sin(4 * x[i][0]) + x[i][1] * x[i][1] - 0.5;
        }
        for (double nu : new double[] {0.5, 1.5, 2.5}) {
            MarginalLikelihood ml = new MarginalLikelihood(x, y, new int[] {0, 1, 1}, 2, new Matern(nu),
                Math.log(1e-6));
            double[] theta = {0.2, Math.log(0.4), Math.log(0.7), Math.log(1e-3)};
            double[] g = new double[4];
            ml.evaluate(theta, g);
            for (int j = 0; j < 4; j++) {
                double h = 1e-5;
                double[] up = theta.clone();
                double[] down = theta.clone();
                up[j] += h;
                down[j] -= h;
                double fd = (ml.evaluate(up, new double[4]) - ml.evaluate(down, new double[4])) / (2 * h);
                assertEquals(fd, g[j], 1e-4 * Math.max(1, Math.abs(fd)), "nu " + nu + " parameter " + j);
            }
            assertNotNull(ml.fit(null, 3, 40, new Rng(1)));
        }
    }

    @Test
    void posteriorInterpolatesAndItsGradientsMatchFiniteDifferences() {
        double[][] x = {{0.1, 0.2}, {0.5, 0.9}, {0.8, 0.4}, {0.3, 0.6}};
        double[] y = {1.0, -0.5, 0.3, -1.2};
        double[] theta = {0.0, Math.log(0.3), Math.log(0.5), Math.log(1e-8)};
        Posterior p = Posterior.of(x, y, theta, new int[] {0, 1}, new Matern(2.5));
        assertNotNull(p);
        double[] out = new double[2];
        for (int i = 0; i < x.length; i++) {
            p.predict(x[i], out, null, null);
            assertEquals(y[i], out[0], 1e-5);
            assertTrue(out[1] < 1e-6, "variance at a data point " + out[1]);
        }
        double[] f = {0.42, 0.37};
        double[] dMean = new double[2];
        double[] dVar = new double[2];
        p.predict(f, out, dMean, dVar);
        for (int c = 0; c < 2; c++) {
            double h = 1e-6;
            double[] up = f.clone();
            double[] down = f.clone();
            up[c] += h;
            down[c] -= h;
            double[] a = new double[2];
            double[] b = new double[2];
            p.predict(up, a, null, null);
            p.predict(down, b, null, null);
            assertEquals((a[0] - b[0]) / (2 * h), dMean[c], 1e-5);
            assertEquals((a[1] - b[1]) / (2 * h), dVar[c], 1e-5);
        }
    }

    @Test
    void aLongHistoryIsCappedToTheBestAndTheMostRecent() {
        java.util.List<double[]> x = new java.util.ArrayList<>();
        java.util.List<Double> loss = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            x.add(new double[] {i / 10_000.0});
            loss.add(i == 17 ? -5.0 : (i == 9_999 ? Double.NaN : Math.sin(i)));
        }
        ModelData d = ModelData.select(x, loss);
        assertEquals(ModelData.CAP, d.size());
        assertEquals(17 / 10_000.0, d.incumbents(1).get(0)[0], 0.0, "the best is kept");
        assertEquals(9_999 / 10_000.0, d.x()[d.size() - 1][0], 0.0, "the most recent is kept");
        for (double y : d.y()) {
            assertTrue(Double.isFinite(y));
        }
    }
}
