package dev.tunerd.tuners.dngo;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Bayesian linear regression on fixed basis functions (DNGO's output layer): weights with prior N(0, 1/alpha), noise
 * precision beta, both chosen by maximising the evidence with MacKay's fixed-point updates (pybnn optimises the same
 * marginal likelihood numerically). Predictions are the posterior mean and the predictive variance
 * {@code 1/beta + phi^T A^-1 phi}, {@code A = alpha I + beta Phi^T Phi}, computed in the eigenbasis of
 * {@code Phi^T Phi} (EJML). Immutable after construction.
 */
final class BayesianLinearRegression {
    private static final int EVIDENCE_ITERATIONS = 50;
    private static final double MIN_PRECISION = 1e-6;
    private static final double MAX_PRECISION = 1e6;
    private final int k;
    private final double alpha;
    private final double beta;
    /** Eigenvectors of Phi^T Phi as rows ({@code vt[i*k + j]} = component j of vector i). */
    private final double[] vt;
    private final double[] eigen;
    private final double[] mean;

    private BayesianLinearRegression(int k, double alpha, double beta, double[] vt, double[] eigen, double[] mean) {
        this.k = k;
        this.alpha = alpha;
        this.beta = beta;
        this.vt = vt;
        this.eigen = eigen;
        this.mean = mean;
    }

    /**
     * Fits {@code y} on the rows of {@code phi} with alpha and beta by evidence.
     *
     * @return null when the decomposition fails or the result is not finite
     */
    static BayesianLinearRegression fit(double[][] phi, double[] y) {
        return solve(phi, y, Double.NaN, Double.NaN);
    }

    /** As {@link #fit}, with this model's alpha and beta kept (for trials in flight added as believers). */
    BayesianLinearRegression refit(double[][] phi, double[] y) {
        return solve(phi, y, alpha, beta);
    }

    private static BayesianLinearRegression solve(double[][] phi, double[] y, double fixedAlpha, double fixedBeta) {
        int n = phi.length;
        int k = phi[0].length;
        DMatrixRMaj gram = new DMatrixRMaj(k, k);
        double[] phiTy = new double[k];
        for (int r = 0; r < n; r++) {
            double[] f = phi[r];
            for (int a = 0; a < k; a++) {
                phiTy[a] += f[a] * y[r];
                for (int b = a; b < k; b++) {
                    gram.data[a * k + b] += f[a] * f[b];
                }
            }
        }
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < a; b++) {
                gram.data[a * k + b] = gram.data[b * k + a];
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        if (!eig.decompose(gram)) {
            return null;
        }
        double[] lambda = new double[k];
        double[] vt = new double[k * k];
        for (int i = 0; i < k; i++) {
            lambda[i] = Math.max(0, eig.getEigenvalue(i).getReal());
            DMatrixRMaj v = eig.getEigenVector(i);
            if (v == null) {
                return null;
            }
            System.arraycopy(v.data, 0, vt, i * k, k);
        }
        // projections of Phi^T y on the eigenvectors
        double[] proj = new double[k];
        for (int i = 0; i < k; i++) {
            double s = 0;
            for (int j = 0; j < k; j++) {
                s += vt[i * k + j] * phiTy[j];
            }
            proj[i] = s;
        }
        double yy = 0;
        for (double v : y) {
            yy += v * v;
        }
        double alpha = Double.isNaN(fixedAlpha) ? 1.0 : fixedAlpha;
        double beta = Double.isNaN(fixedBeta) ? 1.0 : fixedBeta;
        double[] w = new double[k];
        int iterations = Double.isNaN(fixedAlpha) ? EVIDENCE_ITERATIONS : 1;
        for (int it = 0; it < iterations; it++) {
            double gamma = 0;
            double ww = 0;
            double fitTerm = 0;
            for (int i = 0; i < k; i++) {
                double denom = alpha + beta * lambda[i];
                w[i] = beta * proj[i] / denom;
                gamma += beta * lambda[i] / denom;
                ww += w[i] * w[i];
                fitTerm += w[i] * proj[i];
            }
            if (!Double.isNaN(fixedAlpha)) {
                break;
            }
            // ||y - Phi m||^2 = y^T y - 2 m^T Phi^T y + m^T Phi^T Phi m, all in the eigenbasis
            double quad = 0;
            for (int i = 0; i < k; i++) {
                quad += lambda[i] * w[i] * w[i];
            }
            double residual = Math.max(yy - 2 * fitTerm + quad, 1e-12 * Math.max(1.0, yy));
            double newAlpha = clamp(gamma / Math.max(ww, 1e-12));
            double newBeta = clamp(Math.max(n - gamma, 1e-3) / residual);
            boolean settled = Math.abs(Math.log(newAlpha / alpha)) < 1e-4 && Math.abs(Math.log(newBeta / beta)) < 1e-4;
            alpha = newAlpha;
            beta = newBeta;
            if (settled) {
                break;
            }
        }
        for (int i = 0; i < k; i++) {
            w[i] = beta * proj[i] / (alpha + beta * lambda[i]);
        }
        double[] mean = new double[k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                mean[j] += vt[i * k + j] * w[i];
            }
        }
        for (double m : mean) {
            if (!Double.isFinite(m)) {
                return null;
            }
        }
        return new BayesianLinearRegression(k, alpha, beta, vt, lambda, mean);
    }

    private static double clamp(double v) {
        return Double.isFinite(v) ? Math.min(MAX_PRECISION, Math.max(MIN_PRECISION, v)) : 1.0;
    }

    /** Predictive mean and variance for basis values {@code f} into {@code out[0..1]}. */
    void predict(double[] f, double[] out) {
        double m = 0;
        for (int j = 0; j < k; j++) {
            m += mean[j] * f[j];
        }
        double var = 1.0 / beta;
        for (int i = 0; i < k; i++) {
            double z = 0;
            for (int j = 0; j < k; j++) {
                z += vt[i * k + j] * f[j];
            }
            var += z * z / (alpha + beta * eigen[i]);
        }
        out[0] = m;
        out[1] = var;
    }
}
