package dev.tunerd.tuners.auto;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.gp.Matern;
import dev.tunerd.tuners.model.NumericCube;
import dev.tunerd.tuners.model.SurrogateLosses;
import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * How well a GP fitted to a run's results predicts them: the leave-one-out R² of the Matérn 5/2 ARD model that Metis
 * fits (losses log-warped when strongly right-skewed, then standardised; hyper-parameters by marginal likelihood on
 * all points, each point then predicted by the posterior of the others). 1 is a perfect prediction, 0 no better than
 * the mean loss, below 0 worse. Stateless.
 */
final class ModelFit {
    /** Fewest usable results for a fit. */
    static final int MIN_POINTS = 5;
    private static final double NU = 2.5;
    private static final double NOISE_FLOOR = 1e-6;
    private static final double WARP_SKEWNESS = 1.5;
    /** Length scales (unit cube) and noise levels (standardised losses) of the closed-form fits. */
    private static final double[] LENGTH_GRID = {0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0};
    private static final double[] NOISE_GRID = {1e-6, 1e-3, 1e-2};

    private ModelFit() {
    }

    /**
     * The leave-one-out R² on {@code trials} in the numeric {@code space}; NaN when fewer than {@link #MIN_POINTS}
     * results fit the space with a finite loss, when the losses do not spread, or when no fit succeeds.
     */
    static double leaveOneOut(SearchSpace space, List<ImportedTrial> trials, OptimizeMode mode, long seed) {
        Points pts = Points.of(space, trials, mode);
        if (pts == null) {
            return Double.NaN;
        }
        double[][] x = pts.x();
        double[] y = pts.y();
        int n = y.length;
        GpRegression all = GpRegression.fit(x, y, NU, NOISE_FLOOR, null, Rng.withSeed(seed));
        if (all == null) {
            return Double.NaN;
        }
        double[] theta = all.theta();
        double sse = 0;
        double sst = 0;
        double[] out = new double[2];
        for (int i = 0; i < n; i++) {
            double[][] xo = new double[n - 1][];
            double[] yo = new double[n - 1];
            for (int j = 0, r = 0; j < n; j++) {
                if (j != i) {
                    xo[r] = x[j];
                    yo[r++] = y[j];
                }
            }
            GpRegression others = GpRegression.withTheta(xo, yo, NU, theta);
            double predicted = 0; // the mean of the standardised losses when the others' kernel matrix is singular
            if (others != null) {
                others.predict(x[i], out, null, null);
                predicted = out[0];
            }
            sse += (predicted - y[i]) * (predicted - y[i]);
            sst += y[i] * y[i];
        }
        return 1 - sse / sst;
    }

    /**
     * How much better an additive model predicts the results than a joint one: the leave-one-out R² of a GP whose
     * kernel is the mean of one Matérn 5/2 kernel per coordinate minus that of a GP with one isotropic Matérn 5/2
     * kernel on the whole point, each at the best of the same small grid of length scales and noise levels (both
     * in closed form: residual i is {@code (K^-1 y)_i / (K^-1)_ii}). A landscape that is a sum of per-coordinate
     * effects with several basins each (styblinski5) is predicted much better by the first; one whose coordinates
     * interact (rosenbrock4, the 2-D problems), or a bowl with small ripples (levy6), about as well or worse.
     * Same points and losses as {@link #leaveOneOut}; NaN when that has none.
     */
    static double additiveGain(SearchSpace space, List<ImportedTrial> trials, OptimizeMode mode) {
        Points pts = Points.of(space, trials, mode);
        if (pts == null) {
            return Double.NaN;
        }
        double[][] x = pts.x();
        double[] y = pts.y();
        int n = y.length;
        int d = x[0].length;
        Matern m = new Matern(NU);
        double additive = Double.NEGATIVE_INFINITY;
        double joint = Double.NEGATIVE_INFINITY;
        for (double l : LENGTH_GRID) {
            double[][] add = new double[n][n];
            double[][] iso = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double sum = 0;
                    double d2 = 0;
                    for (int k = 0; k < d; k++) {
                        double z = (x[i][k] - x[j][k]) / l;
                        sum += m.value(z * z);
                        d2 += z * z;
                    }
                    add[i][j] = sum / d;
                    iso[i][j] = m.value(d2);
                }
            }
            for (double noise : NOISE_GRID) {
                additive = Math.max(additive, closedFormR2(add, y, noise));
                joint = Math.max(joint, closedFormR2(iso, y, noise));
            }
        }
        return Double.isInfinite(additive) || Double.isInfinite(joint) ? Double.NaN : additive - joint;
    }

    /** Leave-one-out R² of the GP with kernel matrix {@code k + noise I}; -Infinity when it is not positive definite. */
    private static double closedFormR2(double[][] k, double[] y, double noise) {
        int n = y.length;
        DMatrixRMaj a = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a.set(i, j, k[i][j] + (i == j ? noise : 0));
            }
        }
        DMatrixRMaj inv = new DMatrixRMaj(n, n);
        if (!CommonOps_DDRM.invert(a, inv)) {
            return Double.NEGATIVE_INFINITY;
        }
        double sse = 0;
        double sst = 0;
        for (int i = 0; i < n; i++) {
            double w = 0;
            for (int j = 0; j < n; j++) {
                w += inv.get(i, j) * y[j];
            }
            double diag = inv.get(i, i);
            if (!(diag > 0)) {
                return Double.NEGATIVE_INFINITY;
            }
            double r = w / diag;
            sse += r * r;
            sst += y[i] * y[i];
        }
        return 1 - sse / sst;
    }

    /** The usable results in the unit cube with their losses warped (when skewed) and standardised. */
    private record Points(double[][] x, double[] y) {
        /** Null when fewer than {@link #MIN_POINTS} usable results or the losses do not spread. */
        static Points of(SearchSpace space, List<ImportedTrial> trials, OptimizeMode mode) {
            NumericCube cube = new NumericCube(space);
            List<double[]> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (ImportedTrial t : trials) {
                if (!(t.parameter() instanceof JsonObject p) || space.misfit(p).isPresent()) {
                    continue;
                }
                double loss;
                try {
                    loss = mode.toLoss(t.scalar());
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (Double.isFinite(loss)) {
                    xs.add(cube.encode(space.deformat(p)));
                    ys.add(loss);
                }
            }
            if (xs.size() < MIN_POINTS) {
                return null;
            }
            double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
            double lo = java.util.Arrays.stream(y).min().getAsDouble();
            SurrogateLosses.warpIfSkewed(y, lo, WARP_SKEWNESS);
            if (SurrogateLosses.standardise(y, 0) == 0) {
                return null;
            }
            return new Points(xs.toArray(double[][]::new), y);
        }
    }
}
