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
    /** {@code alpha + beta * eigen[i]}, the posterior precision along eigenvector i. */
    private final double[] precision;

    private BayesianLinearRegression(int k, double alpha, double beta, double[] vt, double[] eigen, double[] mean) {
        this.k = k;
        this.alpha = alpha;
        this.beta = beta;
        this.vt = vt;
        this.eigen = eigen;
        this.mean = mean;
        precision = new double[k];
        for (int i = 0; i < k; i++) {
            precision[i] = alpha + beta * eigen[i];
        }
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

    /**
     * Whether the evidence put the weights' precision alpha at its bound: the weights are held at zero, the mean is
     * 0 and the variance about {@code 1/beta} everywhere, i.e. the basis explains none of the targets (seen on
     * rugged problems while a network trained on the first results serves many more).
     */
    boolean collapsed() {
        return alpha >= MAX_PRECISION;
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
            var += z * z / precision[i];
        }
        out[0] = m;
        out[1] = var;
    }

    /**
     * {@link #predict(double[], double[])} for every row of {@code f}: means into {@code means}, variances into
     * {@code variances}, the same numbers to the last bit. The variance's projections run two rows and five
     * eigenvectors at a time (ten independent sums, each adding its terms in the same order as {@code predict}),
     * which keeps the processor's adders busy where one sum at a time waits on each addition.
     */
    void predict(double[][] f, double[] means, double[] variances) {
        int r = 0;
        for (; r + 1 < f.length; r += 2) {
            double[] f0 = f[r];
            double[] f1 = f[r + 1];
            double m0 = 0;
            double m1 = 0;
            for (int j = 0; j < k; j++) {
                m0 += mean[j] * f0[j];
                m1 += mean[j] * f1[j];
            }
            double var0 = 1.0 / beta;
            double var1 = var0;
            int i = 0;
            for (; i + 4 < k; i += 5) {
                int v0 = i * k;
                int v1 = v0 + k;
                int v2 = v1 + k;
                int v3 = v2 + k;
                int v4 = v3 + k;
                double a0 = 0;
                double a1 = 0;
                double a2 = 0;
                double a3 = 0;
                double a4 = 0;
                double c0 = 0;
                double c1 = 0;
                double c2 = 0;
                double c3 = 0;
                double c4 = 0;
                for (int j = 0; j < k; j++) {
                    double x = f0[j];
                    double z = f1[j];
                    double q0 = vt[v0 + j];
                    double q1 = vt[v1 + j];
                    double q2 = vt[v2 + j];
                    double q3 = vt[v3 + j];
                    double q4 = vt[v4 + j];
                    a0 += q0 * x;
                    a1 += q1 * x;
                    a2 += q2 * x;
                    a3 += q3 * x;
                    a4 += q4 * x;
                    c0 += q0 * z;
                    c1 += q1 * z;
                    c2 += q2 * z;
                    c3 += q3 * z;
                    c4 += q4 * z;
                }
                var0 += a0 * a0 / precision[i];
                var0 += a1 * a1 / precision[i + 1];
                var0 += a2 * a2 / precision[i + 2];
                var0 += a3 * a3 / precision[i + 3];
                var0 += a4 * a4 / precision[i + 4];
                var1 += c0 * c0 / precision[i];
                var1 += c1 * c1 / precision[i + 1];
                var1 += c2 * c2 / precision[i + 2];
                var1 += c3 * c3 / precision[i + 3];
                var1 += c4 * c4 / precision[i + 4];
            }
            for (; i < k; i++) {
                double a = 0;
                double c = 0;
                for (int j = 0; j < k; j++) {
                    a += vt[i * k + j] * f0[j];
                    c += vt[i * k + j] * f1[j];
                }
                var0 += a * a / precision[i];
                var1 += c * c / precision[i];
            }
            means[r] = m0;
            means[r + 1] = m1;
            variances[r] = var0;
            variances[r + 1] = var1;
        }
        double[] out = new double[2];
        for (; r < f.length; r++) {
            predict(f[r], out);
            means[r] = out[0];
            variances[r] = out[1];
        }
    }
}
