package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.FeatureSpace;
import dev.tunerd.tuners.model.SurrogateLosses;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.junit.jupiter.api.Test;

/**
 * The probe's cheaper arithmetic (issue 16, session 20) against straightforward references: the likelihood and its
 * gradient bit for bit against the formulation of sessions 17-19 (full m x m tables, the correlation and its
 * derivative computed apart, the log determinant from a copied factor) and against finite differences; the fused
 * Matérn terms against the separate ones; selection against sorting; lazily encoded rows against eager ones.
 */
class LikelihoodMathTest {

    @Test
    void theLikelihoodAndItsGradientAreBitForBitThoseOfTheFormerFormulation() {
        Rng rng = new Rng(20);
        for (double nu : new double[] {0.5, 1.5, 2.5}) {
            for (int[] groupOf : new int[][] {{0, 1, 2, 3, 4, 5}, {0, 0, 0, 1, 2}, {0}}) {
                int groups = Arrays.stream(groupOf).max().getAsInt() + 1;
                for (int m : new int[] {2, 17, 50}) {
                    double[][] x = randomRows(m, groupOf.length, rng);
                    double[] y = new double[m];
                    for (int i = 0; i < m; i++) {
                        y[i] = rng.nextGaussian();
                    }
                    Matern kernel = new Matern(nu);
                    MarginalLikelihood ml = new MarginalLikelihood(x, y, groupOf, groups, kernel, Math.log(1e-6));
                    for (int trial = 0; trial < 5; trial++) {
                        double[] theta = new double[groups + 2];
                        theta[0] = 0.5 * rng.nextGaussian();
                        for (int g = 0; g < groups; g++) {
                            theta[1 + g] = Math.log(0.3) + rng.nextGaussian();
                        }
                        theta[groups + 1] = Math.log(1e-4) + rng.nextGaussian();
                        double[] gradient = new double[theta.length];
                        double[] expectedGradient = new double[theta.length];
                        double value = ml.evaluate(theta, gradient);
                        double expected = formerLikelihood(x, y, groupOf, groups, kernel, theta, expectedGradient);
                        String where = "nu " + nu + ", " + groups + " groups, m " + m + ", theta " + Arrays.toString(theta);
                        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(value), where);
                        for (int j = 0; j < theta.length; j++) {
                            assertEquals(Double.doubleToLongBits(expectedGradient[j]),
                                Double.doubleToLongBits(gradient[j]), where + ", gradient " + j);
                        }
                    }
                }
            }
        }
    }

    @Test
    void aDeferredGradientIsTheEagerOneAndAFitIsTheSameBitForBit() {
        // session 22: the line search asks for the gradient only at the points it accepts
        Rng rng = new Rng(21);
        int[] groupOf = {0, 1, 2, 3, 4, 5};
        double[][] x = randomRows(25, 6, rng);
        double[] y = new double[25];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.sin(5 * x[i][0]) + x[i][1] * x[i][2] + 0.1 * rng.nextGaussian();
        }
        MarginalLikelihood eager = new MarginalLikelihood(x, y, groupOf, 6, new Matern(2.5), Math.log(1e-6));
        MarginalLikelihood lazy = new MarginalLikelihood(x, y, groupOf, 6, new Matern(2.5), Math.log(1e-6));
        double[] a = new double[8];
        double[] b = new double[8];
        Arrays.fill(b, -0.7);
        double[] g = new double[8];
        double[] expected = new double[8];
        // the gradient is the last value's, whatever came before it
        lazy.value(a);
        double vb = lazy.value(b);
        lazy.gradient(g);
        assertEquals(Double.doubleToLongBits(eager.evaluate(b, expected)), Double.doubleToLongBits(vb));
        assertArrayEquals(expected, g, 0.0);
        // a whole fit: through the deferring objective and through an eager view of the same function
        dev.tunerd.tuners.common.BoundedLbfgs lbfgs = new dev.tunerd.tuners.common.BoundedLbfgs(40, 1e-5);
        double[] start = new double[8];
        Arrays.fill(start, 1, 7, Math.log(0.3));
        start[7] = Math.log(1e-4);
        double[] viaEager = start.clone();
        double[] viaLazy = start.clone();
        double fe = lbfgs.minimise(eager::evaluate, viaEager, eager.lower(), eager.upper());
        int eagerEvaluations = lbfgs.evaluations();
        double fl = lbfgs.minimise(lazy, viaLazy, lazy.lower(), lazy.upper());
        assertEquals(Double.doubleToLongBits(fe), Double.doubleToLongBits(fl));
        assertArrayEquals(viaEager, viaLazy, 0.0);
        assertEquals(eagerEvaluations, lbfgs.evaluations());
    }

    @Test
    void theGradientMatchesFiniteDifferencesWithGroupsOfSeveralFeatures() {
        Rng rng = new Rng(21);
        int[] groupOf = {0, 0, 1, 2, 2, 2};
        double[][] x = randomRows(30, groupOf.length, rng);
        double[] y = new double[30];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.sin(3 * x[i][0]) + x[i][3] - x[i][4];
        }
        MarginalLikelihood ml = new MarginalLikelihood(x, y, groupOf, 3, new Matern(2.5), Math.log(1e-6));
        double[] theta = {0.2, Math.log(0.4), Math.log(0.9), Math.log(0.25), Math.log(1e-3)};
        double[] gradient = new double[theta.length];
        ml.evaluate(theta, gradient);
        double[] scratch = new double[theta.length];
        for (int j = 0; j < theta.length; j++) {
            double h = 1e-6;
            double[] up = theta.clone();
            double[] down = theta.clone();
            up[j] += h;
            down[j] -= h;
            double numeric = (ml.evaluate(up, scratch) - ml.evaluate(down, scratch)) / (2 * h);
            assertEquals(numeric, gradient[j], 1e-4 * Math.max(1, Math.abs(numeric)), "d/dtheta " + j);
        }
    }

    @Test
    void aKernelMatrixThatIsNotPositiveDefiniteHasAnInfiniteLikelihood() {
        double[][] x = {{0.5}, {0.5}, {0.2}};
        MarginalLikelihood ml = new MarginalLikelihood(x, new double[] {1, -1, 0}, new int[] {0}, 1, new Matern(2.5),
            Math.log(1e-300));
        double value = ml.evaluate(new double[] {0, Math.log(0.3), Math.log(1e-300)}, new double[3]);
        assertEquals(Double.POSITIVE_INFINITY, value);
    }

    @Test
    void theFusedMaternTermsAreBitForBitTheSeparateOnes() {
        Rng rng = new Rng(22);
        for (double nu : new double[] {0.5, 1.5, 2.5}) {
            Matern kernel = new Matern(nu);
            double[] derivative = new double[3];
            for (int i = 0; i < 2000; i++) {
                double d2 = i == 0 ? 0.0 : Math.exp(12 * rng.nextDouble() - 9);
                double value = kernel.valueAndDerivative(d2, derivative, 1);
                assertEquals(Double.doubleToLongBits(kernel.value(d2)), Double.doubleToLongBits(value), nu + " " + d2);
                assertEquals(Double.doubleToLongBits(kernel.derivative(d2)), Double.doubleToLongBits(derivative[1]),
                    nu + " " + d2);
                assertEquals(0.0, derivative[0]);
                assertEquals(0.0, derivative[2]);
            }
        }
    }

    @Test
    void theBestHalfAndRecentAreTheRowsASortWouldChoose() {
        Rng rng = new Rng(24);
        for (int trial = 0; trial < 100; trial++) {
            int n = 20 + rng.nextInt(600);
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = rng.nextInt(4) == 0 ? 1.0 : rng.nextGaussian();
            }
            int cap = 10 + rng.nextInt(150);
            assertArrayEquals(sortedBestHalfAndRecent(y, cap), SurrogateLosses.bestHalfAndRecent(y, cap),
                "n " + n + ", cap " + cap);
        }
    }

    @Test
    void rowsEncodedWhenFirstReadAreTheRowsEncodedOnArrival() {
        FeatureSpace features = new FeatureSpace(new UnitSpace(List.of(Specs.uniform("x", 0, 10),
            Specs.randint("r", 0, 5), Specs.choice("c", 3, -1, -1), Specs.loguniform("l", 1e-3, 1))));
        Rng rng = new Rng(25);
        EncodedRows lazy = new EncodedRows(features);
        double[][] internal = new double[40][];
        for (int i = 0; i < internal.length; i++) {
            internal[i] = features.decode(features.random(rng));
            internal[i][0] = 10 * rng.nextDouble();
            lazy.add(internal[i]);
        }
        assertEquals(40, lazy.size());
        double[] first = lazy.get(7);
        assertSame(first, lazy.get(7), "encoded once and kept");
        for (int i = 0; i < internal.length; i++) {
            assertArrayEquals(features.encode(internal[i]), lazy.get(i), "row " + i);
        }
        List<double[]> iterated = List.copyOf(lazy);
        assertEquals(40, iterated.size());
        assertArrayEquals(features.encode(internal[39]), iterated.get(39));
    }

    // --- the references

    private static double[][] randomRows(int m, int features, Rng rng) {
        double[][] x = new double[m][features];
        for (double[] row : x) {
            for (int c = 0; c < features; c++) {
                row[c] = rng.nextInt(5) == 0 ? Math.round(rng.nextDouble() * 4) / 4.0 : rng.nextDouble();
            }
        }
        return x;
    }

    /** Sessions 17-19's rule: sort a copy for the (cap/2)-th smallest value, then as {@code bestHalfAndRecent}. */
    private static int[] sortedBestHalfAndRecent(double[] y, int cap) {
        int n = y.length;
        if (n <= cap) {
            return java.util.stream.IntStream.range(0, n).toArray();
        }
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double threshold = sorted[cap / 2 - 1];
        boolean[] take = new boolean[n];
        int taken = 0;
        for (int i = 0; i < n; i++) {
            if (Double.compare(y[i], threshold) < 0) {
                take[i] = true;
                taken++;
            }
        }
        for (int i = 0; i < n && taken < cap / 2; i++) {
            if (Double.compare(y[i], threshold) == 0) {
                take[i] = true;
                taken++;
            }
        }
        for (int i = n - 1; i >= 0 && taken < cap; i--) {
            if (!take[i]) {
                take[i] = true;
                taken++;
            }
        }
        return java.util.stream.IntStream.range(0, n).filter(i -> take[i]).toArray();
    }

    /**
     * The likelihood as sessions 17-19 computed it: full m x m tables of squared distances per group, of the
     * correlation and of its derivative, each computed by its own Matérn call; EJML's solver from its factory; the
     * log determinant from a copy of the factor.
     */
    private static double formerLikelihood(double[][] x, double[] y, int[] groupOf, int groups, Matern kernel,
                                           double[] theta, double[] gradient) {
        int m = x.length;
        double[][] dist = new double[groups][m * m];
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                for (int c = 0; c < groupOf.length; c++) {
                    double d = x[a][c] - x[b][c];
                    dist[groupOf[c]][a * m + b] += d * d;
                }
                for (int g = 0; g < groups; g++) {
                    dist[g][b * m + a] = dist[g][a * m + b];
                }
            }
        }
        DMatrixRMaj k = new DMatrixRMaj(m, m);
        double[] corr = new double[m * m];
        double[] corrDerivative = new double[m * m];
        double signal = Math.exp(theta[0]);
        double noise = Math.exp(theta[groups + 1]);
        double[] invL2 = new double[groups];
        for (int g = 0; g < groups; g++) {
            invL2[g] = Math.exp(-2 * theta[1 + g]);
        }
        for (int a = 0; a < m; a++) {
            for (int b = a; b < m; b++) {
                int ab = a * m + b;
                double d2 = 0;
                for (int g = 0; g < groups; g++) {
                    d2 += dist[g][ab] * invL2[g];
                }
                corr[ab] = kernel.value(d2);
                corrDerivative[ab] = kernel.derivative(d2);
                k.data[ab] = signal * corr[ab] + (a == b ? noise : 0);
                k.data[b * m + a] = k.data[ab];
            }
        }
        LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.chol(m);
        if (!solver.setA(k)) {
            return Double.POSITIVE_INFINITY;
        }
        DMatrixRMaj alpha = new DMatrixRMaj(m, 1);
        solver.solve(new DMatrixRMaj(m, 1, true, y), alpha);
        DMatrixRMaj kInv = new DMatrixRMaj(m, m);
        solver.invert(kInv);
        @SuppressWarnings("unchecked")
        DMatrixRMaj lower = ((CholeskyDecomposition_F64<DMatrixRMaj>) solver.getDecomposition()).getT(null);
        double logDet = 0;
        double fit = 0;
        for (int a = 0; a < m; a++) {
            logDet += 2 * Math.log(lower.data[a * m + a]);
            fit += y[a] * alpha.data[a];
        }
        double value = 0.5 * fit + 0.5 * logDet + 0.5 * m * Math.log(2 * Math.PI);
        Arrays.fill(gradient, 0.0);
        double gSignal = 0;
        double gNoise = 0;
        for (int a = 0; a < m; a++) {
            double wDiag = alpha.data[a] * alpha.data[a] - kInv.data[a * m + a];
            gSignal += 0.5 * wDiag * signal * corr[a * m + a];
            gNoise += 0.5 * wDiag * noise;
            for (int b = a + 1; b < m; b++) {
                int ab = a * m + b;
                double w = alpha.data[a] * alpha.data[b] - kInv.data[ab];
                gSignal += w * signal * corr[ab];
                double common = -w * signal * corrDerivative[ab] * 2;
                for (int g = 0; g < groups; g++) {
                    gradient[1 + g] += common * dist[g][ab] * invL2[g];
                }
            }
        }
        gradient[0] = -gSignal;
        gradient[groups + 1] = -gNoise;
        for (int g = 0; g < groups; g++) {
            gradient[1 + g] = -gradient[1 + g];
            value += LengthScalePrior.negLog(theta[1 + g]);
            gradient[1 + g] += LengthScalePrior.negLogDerivative(theta[1 + g]);
        }
        return Double.isFinite(value) ? value : Double.POSITIVE_INFINITY;
    }
}
