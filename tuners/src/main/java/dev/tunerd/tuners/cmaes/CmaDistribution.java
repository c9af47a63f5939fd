package dev.tunerd.tuners.cmaes;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.Comparator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * One CMA-ES search distribution N(m, sigma^2 C) in the unit cube with the (mu/mu_w, lambda) update of Hansen's
 * tutorial (2016): weighted recombination, cumulative step-size adaptation, rank-one and rank-mu covariance updates,
 * the latter active (the worse half of a generation enters with negative weights, its steps rescaled to length
 * sqrt(n) in C's metric, so C shrinks along directions that did badly: about +1.7 points at 200 trials on the
 * benchmark suite, docs/MODEL_TUNERS.md); C's eigen-decomposition (EJML) after every generation. Candidates outside
 * the cube are resampled, then clipped. Not thread-safe.
 */
final class CmaDistribution {
    private static final int RESAMPLES = 20;
    /** Weights of the worse half of a generation (negative: active CMA), scaled as in Hansen's tutorial. */
    private final double[] negWeights;
    /** Sum of all weights, positive and negative (the rank-mu update's share of the old matrix). */
    private final double sumW;
    private final int n;
    private final int lambda;
    private final int mu;
    private final double[] weights;
    private final double muEff;
    private final double cSigma;
    private final double dSigma;
    private final double cC;
    private final double c1;
    private final double cMu;
    private final double chiN;
    private final double[] mean;
    private double sigma;
    private final double[][] c;
    private final double[][] b;
    private final double[] d;
    private final double[] pSigma;
    private final double[] pC;
    private int generation;

    CmaDistribution(double[] mean, double sigma, int lambda) {
        this.n = mean.length;
        this.lambda = lambda;
        this.mu = lambda / 2;
        double[] w = new double[mu];
        double sum = 0;
        for (int i = 0; i < mu; i++) {
            w[i] = Math.log((lambda + 1) / 2.0) - Math.log(i + 1);
            sum += w[i];
        }
        double sq = 0;
        for (int i = 0; i < mu; i++) {
            w[i] /= sum;
            sq += w[i] * w[i];
        }
        this.weights = w;
        this.muEff = 1 / sq;
        this.cSigma = (muEff + 2) / (n + muEff + 5);
        this.dSigma = 1 + 2 * Math.max(0, Math.sqrt((muEff - 1) / (n + 1)) - 1) + cSigma;
        this.cC = (4 + muEff / n) / (n + 4 + 2 * muEff / n);
        this.c1 = 2 / ((n + 1.3) * (n + 1.3) + muEff);
        this.cMu = Math.min(1 - c1, 2 * (muEff - 2 + 1 / muEff) / ((n + 2) * (n + 2) + muEff));
        int neg = lambda - mu;
        double[] wn = new double[neg];
        double sumNeg = 0;
        double sqNeg = 0;
        for (int i = 0; i < neg; i++) {
            wn[i] = Math.log((lambda + 1) / 2.0) - Math.log(mu + i + 1);
            sumNeg += Math.abs(wn[i]);
            sqNeg += wn[i] * wn[i];
        }
        double total = 0;
        if (neg > 0 && sumNeg > 0) {
            double muEffNeg = sumNeg * sumNeg / sqNeg;
            double alpha = Math.min(1 + c1 / cMu, Math.min(1 + 2 * muEffNeg / (muEff + 2), (1 - c1 - cMu) / (n * cMu)));
            for (int i = 0; i < neg; i++) {
                wn[i] = alpha * wn[i] / sumNeg;
                total += wn[i];
            }
        }
        this.negWeights = wn;
        this.sumW = 1 + total;
        this.chiN = Math.sqrt(n) * (1 - 1.0 / (4 * n) + 1.0 / (21.0 * n * n));
        this.mean = mean.clone();
        this.sigma = sigma;
        this.c = identity(n);
        this.b = identity(n);
        this.d = new double[n];
        Arrays.fill(d, 1.0);
        this.pSigma = new double[n];
        this.pC = new double[n];
    }

    /** Default population size for dimension {@code n}: 4 + floor(3 ln n). */
    static int defaultLambda(int n) {
        return 4 + (int) Math.floor(3 * Math.log(Math.max(1, n)));
    }

    int lambda() {
        return lambda;
    }

    int generation() {
        return generation;
    }

    /** A candidate in [0, 1]^n. */
    double[] sample(Rng rng) {
        double[] x = new double[n];
        for (int attempt = 0; attempt <= RESAMPLES; attempt++) {
            double[] z = new double[n];
            for (int i = 0; i < n; i++) {
                z[i] = d[i] * rng.nextGaussian();
            }
            boolean inside = true;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < n; j++) {
                    s += b[i][j] * z[j];
                }
                x[i] = mean[i] + sigma * s;
                inside &= x[i] >= 0 && x[i] <= 1;
            }
            if (inside) {
                return x;
            }
        }
        for (int i = 0; i < n; i++) {
            x[i] = Math.min(1, Math.max(0, x[i]));
        }
        return x;
    }

    /** The mirror image {@code 2m - x} of a candidate through the mean, or null when it lies outside the cube. */
    double[] mirror(double[] x) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = 2 * mean[i] - x[i];
            if (!(y[i] >= 0 && y[i] <= 1)) {
                return null;
            }
        }
        return y;
    }

    /** One generation's update from {@code points} (at least mu of them) and their losses. */
    void update(double[][] points, double[] losses) {
        Integer[] order = new Integer[points.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> losses[i]));
        double[][] y = new double[mu][n];
        double[] yw = new double[n];
        for (int k = 0; k < mu; k++) {
            double[] p = points[order[k]];
            for (int i = 0; i < n; i++) {
                y[k][i] = (p[i] - mean[i]) / sigma;
                yw[i] += weights[k] * y[k][i];
            }
        }
        double[] previousMean = mean.clone();
        for (int i = 0; i < n; i++) {
            mean[i] += sigma * yw[i];
        }
        double[] invSqrtYw = invSqrtC(yw);
        double norm = 0;
        for (int i = 0; i < n; i++) {
            pSigma[i] = (1 - cSigma) * pSigma[i] + Math.sqrt(cSigma * (2 - cSigma) * muEff) * invSqrtYw[i];
            norm += pSigma[i] * pSigma[i];
        }
        norm = Math.sqrt(norm);
        generation++;
        boolean hSigma = norm / Math.sqrt(1 - Math.pow(1 - cSigma, 2.0 * generation)) < (1.4 + 2.0 / (n + 1)) * chiN;
        for (int i = 0; i < n; i++) {
            pC[i] = (1 - cC) * pC[i] + (hSigma ? Math.sqrt(cC * (2 - cC) * muEff) * yw[i] : 0);
        }
        double keep = 1 - c1 - cMu * sumW + (hSigma ? 0 : c1 * cC * (2 - cC));
        int neg = Math.min(negWeights.length, points.length - mu);
        double[][] yn = new double[neg][];
        double[] wNeg = new double[neg];
        for (int k = 0; k < neg; k++) {
            double[] p = points[order[mu + k]];
            yn[k] = new double[n];
            for (int i = 0; i < n; i++) {
                yn[k][i] = (p[i] - previousMean[i]) / sigma;
            }
            double[] t = invSqrtC(yn[k]);
            double norm2 = 0;
            for (double v : t) {
                norm2 += v * v;
            }
            wNeg[k] = negWeights[k] * (norm2 > 0 ? n / norm2 : 0);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double rankMu = 0;
                for (int k = 0; k < mu; k++) {
                    rankMu += weights[k] * y[k][i] * y[k][j];
                }
                for (int k = 0; k < neg; k++) {
                    rankMu += wNeg[k] * yn[k][i] * yn[k][j];
                }
                c[i][j] = keep * c[i][j] + c1 * pC[i] * pC[j] + cMu * rankMu;
                c[j][i] = c[i][j];
            }
        }
        sigma *= Math.exp(Math.min(1.0, (cSigma / dSigma) * (norm / chiN - 1)));
        decompose();
    }

    /** An entry of the covariance matrix C (without sigma). */
    double covariance(int i, int j) {
        return c[i][j];
    }

    /** The largest step the distribution takes along any axis, {@code sigma * max sqrt(eigenvalue)}, in the unit cube. */
    double largestStep() {
        double maxD = 0;
        for (double v : d) {
            maxD = Math.max(maxD, v);
        }
        return sigma * maxD;
    }

    /** Whether the search has collapsed or is ill-conditioned (an IPOP restart is due). */
    boolean converged() {
        double maxD = 0;
        double minD = Double.POSITIVE_INFINITY;
        for (double v : d) {
            maxD = Math.max(maxD, v);
            minD = Math.min(minD, v);
        }
        return !(sigma * maxD > 1e-9) || maxD / minD > 1e7 || !Double.isFinite(sigma);
    }

    private double[] invSqrtC(double[] v) {
        double[] t = new double[n];
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += b[i][j] * v[i];
            }
            t[j] = s / d[j];
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += b[i][j] * t[j];
            }
            out[i] = s;
        }
        return out;
    }

    private void decompose() {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m.set(i, j, c[i][j]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(m)) {
            return;
        }
        for (int k = 0; k < n; k++) {
            double value = Math.max(eig.getEigenvalue(k).getReal(), 1e-20);
            d[k] = Math.sqrt(value);
            DMatrixRMaj v = eig.getEigenVector(k);
            for (int i = 0; i < n; i++) {
                b[i][k] = v.get(i, 0);
            }
        }
    }

    private static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return m;
    }
}
