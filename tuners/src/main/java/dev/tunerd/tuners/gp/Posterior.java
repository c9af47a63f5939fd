package dev.tunerd.tuners.gp;

import org.ejml.EjmlParameters;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * The GP posterior for fixed hyper-parameters: the Cholesky factor of the kernel matrix (EJML) and the weights
 * {@code K^-1 y}; the predictive mean and variance at a point with their gradients in the features, and the mean
 * alone with the variance after it ({@link #mean}, {@link #variance}: what the acquisition's warm-up needs, which
 * skips the variance of a point that cannot win). Immutable after construction; {@link #predict} uses per-instance
 * scratch space, so not thread-safe.
 */
final class Posterior {
    private final double[][] x;
    private final int n;
    private final int features;
    private final double signal;
    private final double[] invL2PerFeature;
    private final Matern kernel;
    /** Lower Cholesky factor, row-major n x n (only the lower triangle and the diagonal are read). */
    private final double[] chol;
    private final double[] weights;
    private final double[] kStar;
    private final double[] kDeriv;
    private final double[] v;

    private Posterior(double[][] x, double[] theta, int[] groupOf, Matern kernel, double[] chol, double[] weights) {
        this.x = x;
        this.n = x.length;
        this.features = groupOf.length;
        this.signal = Math.exp(theta[0]);
        this.invL2PerFeature = new double[features];
        for (int c = 0; c < features; c++) {
            invL2PerFeature[c] = Math.exp(-2 * theta[1 + groupOf[c]]);
        }
        this.kernel = kernel;
        this.chol = chol;
        this.weights = weights;
        this.kStar = new double[n];
        this.kDeriv = new double[n];
        this.v = new double[n];
    }

    /**
     * Factorises the kernel matrix of {@code x} under {@code theta}.
     *
     * @return null when the matrix is not numerically positive definite even with 100 times the noise
     */
    static Posterior of(double[][] x, double[] y, double[] theta, int[] groupOf, Matern kernel) {
        int n = x.length;
        int groups = theta.length - 2;
        double signal = Math.exp(theta[0]);
        double[] invL2 = new double[features(groupOf)];
        for (int c = 0; c < invL2.length; c++) {
            invL2[c] = Math.exp(-2 * theta[1 + groupOf[c]]);
        }
        assert groups >= 0;
        double noise = Math.exp(theta[theta.length - 1]);
        for (int attempt = 0; attempt < 3; attempt++) {
            DMatrixRMaj k = new DMatrixRMaj(n, n);
            for (int a = 0; a < n; a++) {
                for (int b = a; b < n; b++) {
                    double d2 = 0;
                    for (int c = 0; c < invL2.length; c++) {
                        double d = x[a][c] - x[b][c];
                        d2 += d * d * invL2[c];
                    }
                    double value = signal * kernel.value(d2) + (a == b ? noise : 0);
                    k.data[a * n + b] = value;
                    if (n >= EjmlParameters.SWITCH_BLOCK64_CHOLESKY) {
                        k.data[b * n + a] = value;
                    }
                }
            }
            double[] l = lowerFactor(k);
            if (l != null) {
                double[] w = y.clone();
                TriangularSolver_DDRM.solveL(l, w, n);
                backward(l, n, w);
                if (allFinite(w)) {
                    return new Posterior(x, theta, groupOf, kernel, l, w);
                }
            }
            noise *= 10;
        }
        return null;
    }

    /**
     * The lower Cholesky factor of {@code k} (row-major; its upper triangle is not to be read), or null when k is not
     * positive definite. EJML's decomposition as {@code DecompositionFactory_DDRM.chol(n, true)} chooses it; below
     * its block size (1,000 rows, every probe and GP tuner) the inner-product Cholesky factorises {@code k} in place,
     * reading its upper triangle only (so only that is written), and the factor is read there ({@code getT(null)}
     * copied it and checked its upper triangle for zeros, a tenth of a probe's time); above it the blocked one.
     */
    private static double[] lowerFactor(DMatrixRMaj k) {
        if (k.numRows < EjmlParameters.SWITCH_BLOCK64_CHOLESKY) {
            CholeskyDecompositionInner_DDRM inPlace = new CholeskyDecompositionInner_DDRM(true);
            return inPlace.decompose(k) ? inPlace.getT().data : null;
        }
        CholeskyDecomposition_F64<DMatrixRMaj> blocked = DecompositionFactory_DDRM.chol(k.numRows, true);
        return blocked.decompose(k) ? blocked.getT(null).data : null;
    }

    private static int features(int[] groupOf) {
        return groupOf.length;
    }

    /**
     * Mean and variance at {@code f} into {@code out[0..1]}; when {@code dMean} is not null also their gradients.
     */
    void predict(double[] f, double[] out, double[] dMean, double[] dVar) {
        double mean = 0;
        for (int i = 0; i < n; i++) {
            double[] xi = x[i];
            double d2 = 0;
            for (int c = 0; c < features; c++) {
                double d = f[c] - xi[c];
                d2 += d * d * invL2PerFeature[c];
            }
            kStar[i] = signal * (dMean == null ? kernel.value(d2) : kernel.valueAndDerivative(d2, kDeriv, i));
            if (dMean != null) {
                kDeriv[i] *= signal;
            }
            mean += kStar[i] * weights[i];
        }
        System.arraycopy(kStar, 0, v, 0, n);
        out[0] = mean;
        out[1] = variance(v);
        if (dMean == null) {
            return;
        }
        backward(chol, n, v);
        java.util.Arrays.fill(dMean, 0.0);
        java.util.Arrays.fill(dVar, 0.0);
        for (int i = 0; i < n; i++) {
            double[] xi = x[i];
            double gm = 2 * kDeriv[i] * weights[i];
            double gv = -4 * kDeriv[i] * v[i];
            for (int c = 0; c < features; c++) {
                double d = (f[c] - xi[c]) * invL2PerFeature[c];
                dMean[c] += gm * d;
                dVar[c] += gv * d;
            }
        }
    }

    /** Observations in the model (the length of {@link #mean}'s covariance vector). */
    int size() {
        return n;
    }

    /** The prior variance: every predicted variance is at most this ({@link #predict}'s out[1]). */
    double priorVariance() {
        return signal;
    }

    /**
     * The predictive mean at {@code f}, bit for bit {@link #predict}'s, with the covariances of {@code f} and the
     * observations stored into {@code k} (at least {@link #size()} long) for {@link #variance}: the mean costs a pass
     * over the observations, the variance a triangular solve on top.
     */
    double mean(double[] f, double[] k) {
        double mean = 0;
        for (int i = 0; i < n; i++) {
            double[] xi = x[i];
            double d2 = 0;
            for (int c = 0; c < features; c++) {
                double d = f[c] - xi[c];
                d2 += d * d * invL2PerFeature[c];
            }
            k[i] = signal * kernel.value(d2);
            mean += k[i] * weights[i];
        }
        return mean;
    }

    /**
     * The predictive variance from a point's covariances {@code k} with the observations (as {@link #mean} stored
     * them), bit for bit {@link #predict}'s; {@code k} is overwritten with {@code L^-1 k} (EJML's forward solve).
     */
    double variance(double[] k) {
        TriangularSolver_DDRM.solveL(chol, k, n);
        double explained = 0;
        for (int i = 0; i < n; i++) {
            explained += k[i] * k[i];
        }
        return Math.max(signal - explained, 1e-12 * signal);
    }

    /**
     * Solves L^T z = b in place, column by column as sessions 17-20 did (EJML's {@code solveTranL} sums each entry's
     * terms in the other order, which would change the weights' last bits and so the draws).
     */
    private static void backward(double[] l, int n, double[] b) {
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i] / l[i * n + i];
            b[i] = s;
            for (int j = 0; j < i; j++) {
                b[j] -= l[i * n + j] * s;
            }
        }
    }

    private static boolean allFinite(double[] v) {
        for (double d : v) {
            if (!Double.isFinite(d)) {
                return false;
            }
        }
        return true;
    }
}
