package dev.tunerd.tuners.model;

import java.util.function.DoubleFunction;
import java.util.function.Supplier;

/**
 * Ridge regression on a full quadratic basis of the inputs (1, each input, each square, each product of two inputs),
 * with leave-one-out predictions in closed form ({@code y_i - e_i / (1 - h_ii)}, the hat matrix's diagonal), and the
 * penalty chosen among {@link #PENALTIES} by the smallest leave-one-out squared error. Inputs are expected in about
 * [0, 1] (the unit cube and a rescaled value), targets are standardised here (the intercept is the targets' mean and
 * not penalised). A pure function of its rows: no randomness, no state but the fit. Used by Hyperband's {@code
 * FinalPredictor} (issue 13 session 29) and the SuccessiveHalving assessor's {@code rank_by} (session 32), where a GP
 * fit per decision would cost more than a decision may (the 1 ms target) and the leave-one-out guard needs every
 * row's held-out prediction. Immutable once fitted.
 */
public final class QuadraticRidge {
    /** Penalties tried, on the standardised targets and basis columns of unit scale. */
    static final double[] PENALTIES = {0.01, 0.1, 1, 10, 100};
    /**
     * Bases wider than this (and than the rows) are fitted in the dual form ({@link #dual}); every problem of issue 13's
     * set has at most 54 columns, so their runs are the primal form's, as measured.
     */
    static final int DUAL_ABOVE = 120;

    private final double[] coef;
    private final double mean;
    private final double scale;
    private final double[] loo;

    private QuadraticRidge(double[] coef, double mean, double scale, double[] loo) {
        this.coef = coef;
        this.mean = mean;
        this.scale = scale;
        this.loo = loo;
    }

    /** Columns of the quadratic basis of {@code d} inputs, without the intercept. */
    static int columns(int d) {
        return d + d * (d + 1) / 2;
    }

    /** The quadratic basis of {@code x} (no intercept), centred at 0.5 so the squares do not mirror the inputs. */
    static double[] basis(double[] x) {
        int d = x.length;
        double[] b = new double[columns(d)];
        int c = 0;
        for (int i = 0; i < d; i++) {
            b[c++] = x[i] - 0.5;
        }
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                b[c++] = (x[i] - 0.5) * (x[j] - 0.5);
            }
        }
        return b;
    }

    /**
     * The fit on rows {@code x} (each of the same length) and targets {@code y}; null with fewer than three rows or
     * constant targets.
     */
    public static QuadraticRidge fit(double[][] x, double[] y) {
        return fit(x, y, null);
    }

    /** {@link #fit(double[][], double[])} in the form asked for ({@code dualForm} null: the cheaper one), for tests. */
    static QuadraticRidge fit(double[][] x, double[] y, Boolean dualForm) {
        int n = y.length;
        if (n < 3) {
            return null;
        }
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= n;
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        double scale = Math.sqrt(var / n);
        if (!(scale > 1e-12)) {
            return null;
        }
        int p = columns(x[0].length);
        double[][] b = new double[n][];
        double[] colMean = new double[p];
        for (int i = 0; i < n; i++) {
            b[i] = basis(x[i]);
            for (int c = 0; c < p; c++) {
                colMean[c] += b[i][c] / n;
            }
        }
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = (y[i] - mean) / scale;
            for (int c = 0; c < p; c++) {
                b[i][c] -= colMean[c];
            }
        }
        boolean dual = dualForm == null ? p > DUAL_ABOVE && p > n : dualForm;
        return best(z, colMean, mean, scale, dual ? dualForm(b, z) : primalForm(b, z));
    }

    /**
     * One penalty's fit on the standardised targets: the in-sample fitted values, the hat matrix's diagonal (the
     * intercept's {@code 1/n} included) and the basis coefficients, computed only for the penalty kept.
     */
    private record PenaltyFit(double[] fitted, double[] hat, Supplier<double[]> weights) {
    }

    /**
     * The fit whose leave-one-out squared error is smallest over {@link #PENALTIES} (ridge {@code penalty * n / 100}),
     * the column centring folded into the intercept; null when no penalty gives a definite system.
     */
    private static QuadraticRidge best(double[] z, double[] colMean, double mean, double scale,
                                       DoubleFunction<PenaltyFit> form) {
        int n = z.length;
        double bestError = Double.POSITIVE_INFINITY;
        PenaltyFit bestFit = null;
        double[] bestLoo = null;
        for (double penalty : PENALTIES) {
            PenaltyFit f = form.apply(penalty * n / 100.0 + 1e-9);
            if (f == null) {
                continue;
            }
            double[] loo = new double[n];
            double error = 0;
            for (int i = 0; i < n; i++) {
                double h = f.hat[i];
                double residual = z[i] - f.fitted[i];
                double held = h < 1 - 1e-9 ? z[i] - residual / (1 - h) : f.fitted[i];
                loo[i] = held;
                error += (z[i] - held) * (z[i] - held);
            }
            if (error < bestError) {
                bestError = error;
                bestFit = f;
                bestLoo = loo;
            }
        }
        if (bestFit == null) {
            return null;
        }
        double[] w = bestFit.weights.get();
        double[] coef = new double[w.length + 1];
        double intercept = 0;
        for (int c = 0; c < w.length; c++) {
            coef[c + 1] = w[c];
            intercept -= w[c] * colMean[c];
        }
        coef[0] = intercept;
        double[] loo = new double[n];
        for (int i = 0; i < n; i++) {
            loo[i] = mean + scale * bestLoo[i];
        }
        return new QuadraticRidge(coef, mean, scale, loo);
    }

    /** The primal form: {@code w = (B^T B + lambda I)^-1 B^T z} on the centred basis rows {@code b}. */
    private static DoubleFunction<PenaltyFit> primalForm(double[][] b, double[] z) {
        int n = z.length;
        int p = b[0].length;
        double[][] gram = new double[p][p];
        double[] rhs = new double[p];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < p; r++) {
                rhs[r] += b[i][r] * z[i];
                for (int c = r; c < p; c++) {
                    gram[r][c] += b[i][r] * b[i][c];
                }
            }
        }
        return lambda -> {
            double[] l = cholesky(gram, lambda);
            if (l == null) {
                return null;
            }
            double[] w = solve(l, p, rhs);
            double[] fitted = new double[n];
            double[] hat = new double[n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < p; c++) {
                    fitted[i] += b[i][c] * w[c];
                }
                hat[i] = 1.0 / n + quadratic(l, p, b[i]); // the intercept's share plus the basis's
            }
            return new PenaltyFit(fitted, hat, () -> w);
        };
    }

    /**
     * The same ridge in its dual form, for bases wider than the rows: {@code alpha = (K + lambda I)^-1 z} with {@code K =
     * B B^T}, fitted values {@code z - lambda alpha}, coefficients {@code B^T alpha}, hat diagonal {@code 1/n + 1 -
     * lambda [(K + lambda I)^-1]_ii}. The primal form costs the cube of the basis (1.8 s a fit at 45 features, 1,080
     * columns, against about 25 ms here), which a search space of many choices reaches; the answers agree to rounding
     * ({@code QuadraticRidgeTest}).
     */
    private static DoubleFunction<PenaltyFit> dualForm(double[][] b, double[] z) {
        int n = z.length;
        int p = b[0].length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double s = 0;
                for (int c = 0; c < p; c++) {
                    s += b[i][c] * b[j][c];
                }
                k[i][j] = s;
            }
        }
        return lambda -> {
            double[] l = cholesky(k, lambda);
            if (l == null) {
                return null;
            }
            double[] alpha = solve(l, n, z);
            double[] fitted = new double[n];
            double[] hat = new double[n];
            double[] unit = new double[n];
            for (int i = 0; i < n; i++) {
                fitted[i] = z[i] - lambda * alpha[i]; // z - K alpha = lambda alpha
                unit[i] = 1;
                hat[i] = 1.0 / n + 1 - lambda * quadratic(l, n, unit); // K (K + lambda I)^-1 = I - lambda (...)^-1
                unit[i] = 0;
            }
            return new PenaltyFit(fitted, hat, () -> {
                double[] w = new double[p];
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < p; c++) {
                        w[c] += b[i][c] * alpha[i];
                    }
                }
                return w;
            });
        };
    }

    /** The prediction at {@code x}. */
    public double predict(double[] x) {
        double[] b = basis(x);
        double z = coef[0];
        for (int c = 0; c < b.length; c++) {
            z += coef[c + 1] * b[c];
        }
        return mean + scale * z;
    }

    /** Each training row's prediction by the fit without it (closed form), in row order. */
    public double[] leaveOneOut() {
        return loo.clone();
    }

    /** The lower Cholesky factor of {@code a + ridge I} (a's upper triangle read), row-major; null if not PD. */
    private static double[] cholesky(double[][] a, double ridge) {
        int p = a.length;
        double[] l = new double[p * p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[j][i] + (i == j ? ridge : 0);
                for (int k = 0; k < j; k++) {
                    s -= l[i * p + k] * l[j * p + k];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        return null;
                    }
                    l[i * p + i] = Math.sqrt(s);
                } else {
                    l[i * p + j] = s / l[j * p + j];
                }
            }
        }
        return l;
    }

    /** {@code (L L^T)^-1 rhs}. */
    private static double[] solve(double[] l, int p, double[] rhs) {
        double[] y = forward(l, p, rhs);
        double[] x = new double[p];
        for (int i = p - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < p; k++) {
                s -= l[k * p + i] * x[k];
            }
            x[i] = s / l[i * p + i];
        }
        return x;
    }

    private static double[] forward(double[] l, int p, double[] b) {
        double[] y = new double[p];
        for (int i = 0; i < p; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i * p + k] * y[k];
            }
            y[i] = s / l[i * p + i];
        }
        return y;
    }

    /** {@code v^T (L L^T)^-1 v}. */
    private static double quadratic(double[] l, int p, double[] v) {
        double[] y = forward(l, p, v);
        double s = 0;
        for (double t : y) {
            s += t * t;
        }
        return s;
    }
}
