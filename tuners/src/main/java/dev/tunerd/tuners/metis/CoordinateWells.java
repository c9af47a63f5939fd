package dev.tunerd.tuners.metis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * An additive view of Metis's results ({@link MetisSettings.Wells}): the standardised losses as a constant plus one
 * curve per coordinate, {@code y ~ c + g_1(x_1) + ... + g_d(x_d)}, each curve a polynomial of degree {@link #DEGREE}
 * (the lowest with two wells) in that coordinate, all fitted at once by ridge least squares. Where the product kernel
 * of Metis's GP judges a point by its neighbours in every coordinate at once, a curve pools every result along its
 * coordinate, so it can show a second, better well along one coordinate that the GP, with the results gathered near
 * the best one, does not. A curve is read only where results lie along its coordinate (kernel weights of
 * {@code bandwidth} adding up to at least {@link #SUPPORT}), so a polynomial's swing beyond the data is never a well;
 * {@link #explained()} says how well the view predicts results it was not fitted on, so a caller can tell losses that
 * are a sum of one-coordinate terms from losses the view merely fits, and {@link #explainedBest()} the same among the
 * better half of the results, where the view's probe acts (a valley across coordinates, as Rosenbrock's, is fitted
 * well from afar by one-coordinate terms but not near its floor). Immutable.
 */
final class CoordinateWells {
    /** Values of a coordinate at which each curve is read for its lowest point. */
    static final int GRID = 81;
    static final int DEGREE = 4;
    private static final double RIDGE = 1e-3;
    /** A grid value counts only where the kernel weights of the results add up to at least this (evidence there). */
    static final double SUPPORT = 1.0;
    private final double[][] x;
    private final double bandwidth;
    /** Per coordinate, the coefficients of its curve's Legendre terms of degree 1 to {@link #DEGREE}. */
    private final double[][] coefficients;
    private final double explained;
    private final double explainedBest;

    /** A coordinate of the best result and the value its curve prefers, with the curve's drop from one to the other. */
    record Move(int coordinate, double to, double drop) {
    }

    private CoordinateWells(double[][] x, double bandwidth, double[][] coefficients, double[] explained) {
        this.x = x;
        this.bandwidth = bandwidth;
        this.coefficients = coefficients;
        this.explained = explained[0];
        this.explainedBest = explained[1];
    }

    /**
     * The additive fit of {@code y} on the unit-cube points {@code x}, read where results lie within about
     * {@code bandwidth}; null when the least-squares system cannot be solved.
     */
    static CoordinateWells fit(double[][] x, double[] y, double bandwidth) {
        int d = x[0].length;
        double[][] coefficients = new double[d][DEGREE + 1];
        double[] explained = ridge(additiveDesign(x), y, coefficients);
        return explained == null ? null : new CoordinateWells(x, bandwidth, coefficients, explained);
    }

    /** Per result, the constant and each coordinate's Legendre terms of degree 1 to {@link #DEGREE}. */
    private static DMatrixRMaj additiveDesign(double[][] x) {
        int n = x.length;
        int d = x[0].length;
        DMatrixRMaj a = new DMatrixRMaj(n, 1 + d * DEGREE);
        double[] p = new double[DEGREE + 1];
        for (int i = 0; i < n; i++) {
            a.set(i, 0, 1);
            for (int c = 0; c < d; c++) {
                legendre(x[i][c], p);
                for (int j = 1; j <= DEGREE; j++) {
                    a.set(i, 1 + c * DEGREE + j - 1, p[j]);
                }
            }
        }
        return a;
    }

    /**
     * Ridge least squares of {@code y} on the design {@code a} (the constant, column 0, not shrunk), the curves'
     * coefficients into {@code coefficients}. Returns the leave-one-out R squared over all results and over the better
     * half ({@link #explainedBest()}); null when the system cannot be solved.
     */
    private static double[] ridge(DMatrixRMaj a, double[] y, double[][] coefficients) {
        int n = y.length;
        int k = a.numCols;
        DMatrixRMaj normal = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(a, a, normal);
        for (int j = 1; j < k; j++) {
            normal.add(j, j, RIDGE * n);
        }
        DMatrixRMaj rhs = new DMatrixRMaj(k, 1);
        CommonOps_DDRM.multTransA(a, new DMatrixRMaj(n, 1, true, y), rhs);
        DMatrixRMaj beta = new DMatrixRMaj(k, 1);
        if (!CommonOps_DDRM.solveSPD(normal, rhs, beta)) {
            return null;
        }
        for (int c = 0; c < coefficients.length; c++) {
            for (int j = 1; j <= DEGREE; j++) {
                coefficients[c][j] = beta.get(1 + c * DEGREE + j - 1);
            }
        }
        DMatrixRMaj fitted = new DMatrixRMaj(n, 1);
        CommonOps_DDRM.mult(a, beta, fitted);
        // leave-one-out residuals of the ridge fit, e_i / (1 - h_ii), h_ii = a_i' (A'A + ridge)^-1 a_i
        DMatrixRMaj inverse = new DMatrixRMaj(k, k);
        if (!CommonOps_DDRM.invert(normal, inverse)) {
            return null;
        }
        double[] left = new double[n];
        for (int i = 0; i < n; i++) {
            double h = 0;
            for (int r = 0; r < k; r++) {
                double row = 0;
                for (int c = 0; c < k; c++) {
                    row += inverse.get(r, c) * a.get(i, c);
                }
                h += a.get(i, r) * row;
            }
            left[i] = (y[i] - fitted.get(i)) / Math.max(1 - h, 1e-6);
        }
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
        return new double[] {rSquared(y, left, Double.POSITIVE_INFINITY), rSquared(y, left, median)};
    }

    /** 1 - (sum of the residuals squared) / (sum of squares about the mean) over the results with a loss <= below. */
    private static double rSquared(double[] y, double[] residuals, double below) {
        int count = 0;
        for (double v : y) {
            count += v <= below ? 1 : 0;
        }
        double mean = 0;
        for (double v : y) {
            mean += v <= below ? v / count : 0;
        }
        double residual = 0;
        double total = 0;
        for (int i = 0; i < y.length; i++) {
            if (y[i] <= below) {
                residual += residuals[i] * residuals[i];
                total += (y[i] - mean) * (y[i] - mean);
            }
        }
        return total > 0 ? 1 - residual / total : 0;
    }

    /**
     * As {@link #explained()}, among the better half of the results only (losses at or below their median): how well
     * the view predicts, left out, the results near the best ones, where its probe acts.
     */
    double explainedBest() {
        return explainedBest;
    }

    /**
     * The share of the results' variance the additive fit explains for results it was not fitted on (R squared of
     * the leave-one-out predictions, at most 1; negative when the fit predicts worse than the mean).
     */
    double explained() {
        return explained;
    }

    /** Legendre polynomials of degree 0 to {@link #DEGREE} at {@code 2u - 1}, into {@code p}. */
    private static void legendre(double u, double[] p) {
        double z = 2 * u - 1;
        p[0] = 1;
        p[1] = z;
        for (int j = 1; j < DEGREE; j++) {
            p[j + 1] = ((2 * j + 1) * z * p[j] - j * p[j - 1]) / (j + 1);
        }
    }

    /** Coordinate {@code c}'s curve at {@code t}; NaN where the results' kernel weights add up to less than support. */
    double curve(int c, double t) {
        double sw = 0;
        for (double[] row : x) {
            double z = (row[c] - t) / bandwidth;
            sw += Math.exp(-0.5 * z * z);
        }
        if (sw < SUPPORT) {
            return Double.NaN;
        }
        double[] p = new double[DEGREE + 1];
        legendre(t, p);
        double v = 0;
        for (int j = 1; j <= DEGREE; j++) {
            v += coefficients[c][j] * p[j];
        }
        return v;
    }

    /**
     * The coordinates of {@code best} whose curve is lowest at a value more than {@code gap} away from best's, by at
     * least {@code margin} below the curve at best's value; largest drop first.
     */
    List<Move> farWells(double[] best, double gap, double margin) {
        List<Move> out = new ArrayList<>();
        for (int c = 0; c < best.length; c++) {
            double here = curve(c, best[c]);
            if (Double.isNaN(here)) {
                continue;
            }
            double lowest = here;
            double at = best[c];
            for (int i = 0; i < GRID; i++) {
                double t = i / (GRID - 1.0);
                double v = curve(c, t);
                if (v < lowest) {
                    lowest = v;
                    at = t;
                }
            }
            if (Math.abs(at - best[c]) > gap && here - lowest >= margin) {
                out.add(new Move(c, at, here - lowest));
            }
        }
        out.sort((a, b) -> Double.compare(b.drop(), a.drop()));
        return out;
    }
}
