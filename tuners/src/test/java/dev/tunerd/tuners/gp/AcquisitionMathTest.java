package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.FeatureSpace;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.junit.jupiter.api.Test;

/**
 * The GP's cheaper arithmetic (issue 16, session 21) against straightforward references: EJML's forward solve against
 * the row-by-row one Posterior had, the mean and the variance after it against {@link Posterior#predict},
 * {@code predict} against the separate Matérn calls of sessions 17-20, and the warm-up's bound (a candidate whose utility at the prior's standard deviation cannot
 * enter the kept list is not solved) against the search of sessions 17-20, which scored every candidate: the same
 * chosen point, bit for bit.
 */
class AcquisitionMathTest {
    private static final UnitSpace MIXED = new UnitSpace(List.of(Specs.uniform("x", 0, 10),
        Specs.randint("r", 0, 5), Specs.choice("c", 3, -1, -1), Specs.loguniform("l", 1e-3, 1),
        Specs.uniform("u", -1, 1)));
    private static final UnitSpace NUMERIC = new UnitSpace(List.of(Specs.uniform("a", 0, 1), Specs.uniform("b", 0, 1),
        Specs.uniform("c", 0, 1), Specs.uniform("d", 0, 1), Specs.uniform("e", 0, 1), Specs.uniform("f", 0, 1)));

    @Test
    void ejmlsForwardSolveIsBitForBitTheFormerRowByRowOne() {
        // Posterior's own forward solve (sessions 17-20) gave way to EJML's: the draws stay the same only if the sums
        // run in the same order
        Rng rng = new Rng(21);
        for (int n = 1; n <= 151; n += n < 12 ? 1 : 23) {
            double[] l = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    l[i * n + j] = rng.nextGaussian();
                }
                l[i * n + i] = 0.1 + rng.nextDouble();
            }
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = rng.nextGaussian();
            }
            double[] expected = b.clone();
            rowByRow(l, n, expected);
            TriangularSolver_DDRM.solveL(l, b, n);
            assertBits(expected, b, "n " + n);
        }
    }

    @Test
    void theMeanAndTheVarianceAreBitForBitPredicts() {
        Rng rng = new Rng(22);
        for (int m : new int[] {1, 3, 30, 111}) {
            Fixture fx = fixture(NUMERIC, m, 2.5, rng);
            Posterior p = fx.posterior();
            double[] k = new double[m];
            double[] out = new double[2];
            for (int q = 0; q < 20; q++) {
                double[] point = fx.space.random(rng);
                double mean = p.mean(point, k);
                double variance = p.variance(k);
                p.predict(point, out, null, null);
                assertEquals(Double.doubleToLongBits(out[0]), Double.doubleToLongBits(mean), "mean, m " + m);
                assertEquals(Double.doubleToLongBits(out[1]), Double.doubleToLongBits(variance), "var, m " + m);
                assertTrue(variance <= p.priorVariance());
            }
        }
    }

    @Test
    void predictIsBitForBitTheFormerFormulation() {
        Rng rng = new Rng(23);
        for (double nu : new double[] {0.5, 1.5, 2.5}) {
            for (UnitSpace unit : new UnitSpace[] {NUMERIC, MIXED}) {
                for (int m : new int[] {2, 25, 60}) {
                    Fixture fx = fixture(unit, m, nu, rng);
                    Posterior p = fx.posterior();
                    FormerPosterior former = new FormerPosterior(fx);
                    int f = fx.space.features();
                    for (int t = 0; t < 10; t++) {
                        double[] point = t == 0 ? fx.x[0].clone() : fx.space.random(rng);
                        double[] out = new double[2];
                        double[] dMean = new double[f];
                        double[] dVar = new double[f];
                        double[] eOut = new double[2];
                        double[] eMean = new double[f];
                        double[] eVar = new double[f];
                        p.predict(point, out, dMean, dVar);
                        former.predict(point, eOut, eMean, eVar);
                        String where = "nu " + nu + ", m " + m + ", point " + t;
                        assertBits(eOut, out, where);
                        assertBits(eMean, dMean, where + ", d mean");
                        assertBits(eVar, dVar, where + ", d var");
                        p.predict(point, out, null, null);
                        assertBits(eOut, out, where + ", no gradient");
                    }
                }
            }
        }
    }

    @Test
    void theBoundedWarmUpChoosesTheFormerSearchsPointAndSkipsMostSolves() {
        Rng data = new Rng(24);
        int skipped = 0;
        int offered = 0;
        for (UnitSpace unit : new UnitSpace[] {NUMERIC, MIXED}) {
            for (int m : new int[] {12, 60, 111}) {
                Fixture fx = fixture(unit, m, 2.5, data);
                Posterior p = fx.posterior();
                double best = min(fx.y);
                for (Utility utility : new Utility[] {new Utility(Utility.Kind.EI, 0, 0),
                    new Utility(Utility.Kind.EI, 0, 0.3), new Utility(Utility.Kind.UCB, 2.0, 0),
                    new Utility(Utility.Kind.POI, 0, 0)}) {
                    for (int starts : new int[] {0, 1, 3}) {
                        for (int warmUp : new int[] {1, 7, 120}) {
                            long seed = 1000L * m + 10L * starts + warmUp;
                            List<double[]> incumbents = fx.incumbents(5);
                            AcquisitionSearch search = new AcquisitionSearch(fx.space, p, utility, best,
                                new Rng(seed));
                            double[] chosen = search.maximise(incumbents, warmUp, starts);
                            double[] expected = formerMaximise(fx.space, p, utility, best, new Rng(seed), incumbents,
                                warmUp, starts);
                            String where = "m " + m + ", utility " + utility.growsWithSd() + ", starts " + starts
                                + ", warm-up " + warmUp;
                            assertBits(expected, chosen, where);
                            if (!utility.growsWithSd()) {
                                assertEquals(warmUp, search.solved(), where);
                            } else {
                                skipped += warmUp - search.solved();
                                offered += warmUp;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(skipped > offered / 4, "the bound should spare most solves: " + skipped + " of " + offered);
    }

    @Test
    void aSmallerStandardDeviationNeverScoresAboveTheBoundBeyondTheSlack() {
        Rng rng = new Rng(25);
        double worst = 0;
        for (Utility utility : new Utility[] {new Utility(Utility.Kind.EI, 0, 0), new Utility(Utility.Kind.EI, 0, 0.1),
            new Utility(Utility.Kind.UCB, 1.5, 0), new Utility(Utility.Kind.UCB, 0, 0)}) {
            assertTrue(utility.growsWithSd());
            for (int t = 0; t < 200_000; t++) {
                double prior = Math.exp(rng.nextGaussian());
                double sd0 = Math.sqrt(prior);
                // the two standard deviations close together (where rounding decides) or far apart
                double sd = t % 2 == 0 ? sd0 * (1 - 1e-12 * rng.nextDouble() * (1 << rng.nextInt(30)))
                    : sd0 * Math.max(1e-6, rng.nextDouble());
                double mu = 12 * rng.nextGaussian();
                double best = 3 * rng.nextGaussian();
                double excess = utility.value(mu, sd, best, null) - utility.value(mu, sd0, best, null);
                worst = Math.max(worst, excess);
                assertTrue(excess < Utility.SD_SLACK, mu + " " + sd + " " + sd0 + " " + best);
            }
        }
        assertTrue(worst < 2e-5, "the approximations stay within the slack's reasoning: " + worst);
        assertFalse(new Utility(Utility.Kind.POI, 0, 0).growsWithSd());
        assertFalse(new Utility(Utility.Kind.UCB, -1, 0).growsWithSd());
    }

    /** Sessions 17-20's search: every warm-up candidate scored by {@code predict} one at a time. */
    private static double[] formerMaximise(FeatureSpace space, Posterior posterior, Utility utility, double best,
                                           Rng rng, List<double[]> incumbents, int warmUp, int starts) {
        int keep = Math.max(1, starts);
        List<double[]> top = new ArrayList<>();
        List<Double> topValue = new ArrayList<>();
        double[] out = new double[2];
        for (int i = 0; i < warmUp; i++) {
            double[] candidate;
            if (i % 4 == 3 && !incumbents.isEmpty()) {
                double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
                candidate = space.redraw(centre, 1.0 / Math.max(1, space.groups()), rng);
            } else if (i % 2 == 1 && !incumbents.isEmpty()) {
                double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
                double scale = Math.exp(Math.log(0.002) + rng.nextDouble() * Math.log(0.3 / 0.002));
                candidate = space.near(centre, scale, 1.0 / Math.max(1, space.groups()), rng);
            } else {
                candidate = space.random(rng);
            }
            double value = score(posterior, utility, best, candidate, out);
            int pos = top.size();
            while (pos > 0 && topValue.get(pos - 1) < value) {
                pos--;
            }
            if (pos < keep) {
                top.add(pos, candidate);
                topValue.add(pos, value);
                if (top.size() > keep) {
                    top.remove(keep);
                    topValue.remove(keep);
                }
            }
        }
        double[] bestPoint = top.get(0);
        double bestValue = topValue.get(0);
        if (starts > 0) {
            int f = space.features();
            double[] lo = new double[f];
            double[] hi = new double[f];
            BoundedLbfgs lbfgs = new BoundedLbfgs(20, 1e-6);
            for (double[] start : top) {
                double[] x = start.clone();
                space.bounds(x, lo, hi);
                lbfgs.minimise((point, gradient) -> {
                    double[] o = new double[2];
                    double[] dMean = new double[point.length];
                    double[] dVar = new double[point.length];
                    posterior.predict(point, o, dMean, dVar);
                    double sd = Math.sqrt(o[1]);
                    double[] d = new double[2];
                    double value = utility.value(o[0], sd, best, d);
                    for (int c = 0; c < point.length; c++) {
                        gradient[c] = -(d[0] * dMean[c] + d[1] * dVar[c] / (2 * sd));
                    }
                    return -value;
                }, x, lo, hi);
                double[] snapped = space.canonical(x);
                double value = score(posterior, utility, best, snapped, out);
                if (value > bestValue) {
                    bestValue = value;
                    bestPoint = snapped;
                }
            }
        }
        return bestPoint;
    }

    private static double score(Posterior posterior, Utility utility, double best, double[] f, double[] out) {
        posterior.predict(f, out, null, null);
        double v = utility.value(out[0], Math.sqrt(out[1]), best, null);
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    /** Sessions 17-20's posterior: the correlation and its derivative computed apart, solves one row at a time. */
    private static final class FormerPosterior {
        private final Fixture fx;
        private final double[] chol;
        private final double[] weights;
        private final double signal;
        private final double[] invL2;

        FormerPosterior(Fixture fx) {
            this.fx = fx;
            int n = fx.x.length;
            int[] groupOf = fx.space.groupOf();
            signal = Math.exp(fx.theta[0]);
            invL2 = new double[groupOf.length];
            for (int c = 0; c < invL2.length; c++) {
                invL2[c] = Math.exp(-2 * fx.theta[1 + groupOf[c]]);
            }
            double noise = Math.exp(fx.theta[fx.theta.length - 1]);
            DMatrixRMaj k = new DMatrixRMaj(n, n);
            for (int a = 0; a < n; a++) {
                for (int b = a; b < n; b++) {
                    double value = signal * fx.kernel.value(d2(fx.x[a], fx.x[b])) + (a == b ? noise : 0);
                    k.data[a * n + b] = value;
                    k.data[b * n + a] = value;
                }
            }
            CholeskyDecompositionInner_DDRM decomposition = new CholeskyDecompositionInner_DDRM(true);
            assertTrue(decomposition.decompose(k));
            chol = decomposition.getT().data;
            weights = fx.y.clone();
            rowByRow(chol, n, weights);
            backward(chol, n, weights);
        }

        private double d2(double[] a, double[] b) {
            double d2 = 0;
            for (int c = 0; c < invL2.length; c++) {
                double d = a[c] - b[c];
                d2 += d * d * invL2[c];
            }
            return d2;
        }

        void predict(double[] f, double[] out, double[] dMean, double[] dVar) {
            int n = fx.x.length;
            double[] kStar = new double[n];
            double[] kDeriv = new double[n];
            double mean = 0;
            for (int i = 0; i < n; i++) {
                double d2 = d2(f, fx.x[i]);
                kStar[i] = signal * fx.kernel.value(d2);
                kDeriv[i] = signal * fx.kernel.derivative(d2);
                mean += kStar[i] * weights[i];
            }
            double[] v = kStar.clone();
            rowByRow(chol, n, v);
            double explained = 0;
            for (int i = 0; i < n; i++) {
                explained += v[i] * v[i];
            }
            out[0] = mean;
            out[1] = Math.max(signal - explained, 1e-12 * signal);
            backward(chol, n, v);
            java.util.Arrays.fill(dMean, 0.0);
            java.util.Arrays.fill(dVar, 0.0);
            for (int i = 0; i < n; i++) {
                double gm = 2 * kDeriv[i] * weights[i];
                double gv = -4 * kDeriv[i] * v[i];
                for (int c = 0; c < f.length; c++) {
                    double d = (f[c] - fx.x[i][c]) * invL2[c];
                    dMean[c] += gm * d;
                    dVar[c] += gv * d;
                }
            }
        }
    }

    private record Fixture(FeatureSpace space, double[][] x, double[] y, double[] theta, Matern kernel) {
        Posterior posterior() {
            Posterior p = Posterior.of(x, y, theta, space.groupOf(), kernel);
            assertNotNull(p);
            return p;
        }

        List<double[]> incumbents(int k) {
            Integer[] order = new Integer[y.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Double.compare(y[a], y[b]));
            List<double[]> out = new ArrayList<>();
            for (int i = 0; i < Math.min(k, order.length); i++) {
                out.add(x[order[i]]);
            }
            return out;
        }
    }

    /** Random rows in {@code unit}'s features, standardised losses of a bumpy function, plausible hyper-parameters. */
    private static Fixture fixture(UnitSpace unit, int m, double nu, Rng rng) {
        FeatureSpace space = new FeatureSpace(unit);
        double[][] x = new double[m][];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            x[i] = space.random(rng);
            double s = 0;
            for (int c = 0; c < x[i].length; c++) {
                s += Math.sin(3 * x[i][c] + c) * (c + 1);
            }
            y[i] = s / x[i].length + 0.1 * rng.nextGaussian();
        }
        double[] theta = new double[space.groups() + 2];
        theta[0] = 0.3 * rng.nextGaussian();
        for (int g = 0; g < space.groups(); g++) {
            theta[1 + g] = Math.log(0.2 + 0.5 * rng.nextDouble());
        }
        theta[theta.length - 1] = Math.log(1e-4);
        return new Fixture(space, x, y, theta, new Matern(nu));
    }

    private static double min(double[] y) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : y) {
            m = Math.min(m, v);
        }
        return m;
    }

    /** L z = b, one row at a time. */
    private static void rowByRow(double[] l, int n, double[] b) {
        for (int i = 0; i < n; i++) {
            double s = b[i];
            for (int j = 0; j < i; j++) {
                s -= l[i * n + j] * b[j];
            }
            b[i] = s / l[i * n + i];
        }
    }

    /** L^T z = b. */
    private static void backward(double[] l, int n, double[] b) {
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i] / l[i * n + i];
            b[i] = s;
            for (int j = 0; j < i; j++) {
                b[j] -= l[i * n + j] * s;
            }
        }
    }

    private static void assertBits(double[] expected, double[] actual, String where) {
        assertEquals(expected.length, actual.length, where);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(actual[i]), where + ", " + i);
        }
    }
}
