package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ejml.dense.row.linsol.chol.LinearSolverChol_DDRM;

/**
 * The negative log marginal likelihood of a zero-mean GP with a Matérn ARD kernel (plus the length-scale prior) and
 * its gradient, in the log parameters {@code [log signal variance, log length scale per group..., log noise]}; and
 * its minimisation by multi-start bounded L-BFGS ({@link BoundedLbfgs}). The factorisation is EJML's Cholesky (the
 * inner-product one, which reads the matrix's upper triangle only, so only that is written); the gradient is
 * {@code 1/2 tr((a a^T - K^-1) dK/dtheta)}. Each evaluation works on the upper triangle (with the diagonal) only,
 * packed row by row: the squared distances per group are computed once per fit, the correlation and its derivative
 * share one square root and one exponential ({@link Matern#valueAndDerivative}), and the log determinant is read off
 * the factor in place (EJML's {@code getT(null)} copied and checked the whole factor on every evaluation, a fifth of a
 * fresh probe's time). The arithmetic of each term is unchanged, so the fits are bit for bit those of session 19
 * (checked by {@code LikelihoodMathTest}). Not thread-safe: one fit at a time.
 */
final class MarginalLikelihood implements BoundedLbfgs.Deferred {
    private final int m;
    private final int groups;
    private final double[] y;
    private final Matern kernel;
    /** Squared distance per group of each pair a <= b, packed: [(pair index) * groups + group]. */
    private final double[] dist;
    private final DMatrixRMaj k;
    private final DMatrixRMaj kInv;
    private final DMatrixRMaj rhs;
    private final DMatrixRMaj alpha;
    /** Correlation and its derivative in d2 of each pair a <= b, packed row by row. */
    private final double[] corr;
    private final double[] corrDerivative;
    private final double[] invL2;
    /** EJML's Cholesky, as {@code LinearSolverFactory_DDRM.chol} builds it below 1,000 rows; kept to read its factor. */
    private final CholeskyDecompositionInner_DDRM cholesky;
    private final LinearSolverChol_DDRM solver;
    private final double logNoiseMin;
    /** Calls of {@link #value} so far (each one factorisation). */
    private int evaluations;
    /** The last {@link #value}'s log parameters, signal and noise variances, and whether its factorisation held. */
    private final double[] lastTheta;
    private double signal;
    private double noise;
    private boolean factored;

    /**
     * @param x          m rows of features
     * @param y          standardised targets (smaller is better, but the likelihood does not care)
     * @param groupOf    length-scale group of each feature
     * @param groups     number of groups
     * @param logNoiseMin log of the smallest noise variance
     */
    MarginalLikelihood(double[][] x, double[] y, int[] groupOf, int groups, Matern kernel, double logNoiseMin) {
        this.m = x.length;
        this.groups = groups;
        this.y = y;
        this.kernel = kernel;
        this.logNoiseMin = logNoiseMin;
        int pairs = m * (m + 1) / 2;
        this.dist = new double[pairs * groups];
        int p = 0;
        for (int a = 0; a < m; a++) {
            p++;
            for (int b = a + 1; b < m; b++, p++) {
                for (int c = 0; c < groupOf.length; c++) {
                    double d = x[a][c] - x[b][c];
                    dist[p * groups + groupOf[c]] += d * d;
                }
            }
        }
        k = new DMatrixRMaj(m, m);
        kInv = new DMatrixRMaj(m, m);
        rhs = new DMatrixRMaj(m, 1);
        alpha = new DMatrixRMaj(m, 1);
        corr = new double[pairs];
        corrDerivative = new double[pairs];
        invL2 = new double[groups];
        lastTheta = new double[groups + 2];
        cholesky = new CholeskyDecompositionInner_DDRM(true);
        solver = new LinearSolverChol_DDRM(cholesky);
    }

    /** Number of log parameters: signal, one per group, noise. */
    int dimension() {
        return groups + 2;
    }

    double[] lower() {
        double[] lo = new double[dimension()];
        lo[0] = LengthScalePrior.LOG_SIGNAL_MIN;
        for (int g = 0; g < groups; g++) {
            lo[1 + g] = LengthScalePrior.LOG_LS_MIN;
        }
        lo[groups + 1] = logNoiseMin;
        return lo;
    }

    double[] upper() {
        double[] hi = new double[dimension()];
        hi[0] = LengthScalePrior.LOG_SIGNAL_MAX;
        for (int g = 0; g < groups; g++) {
            hi[1 + g] = LengthScalePrior.LOG_LS_MAX;
        }
        hi[groups + 1] = Math.max(logNoiseMin, LengthScalePrior.LOG_NOISE_MAX);
        return hi;
    }

    /**
     * Minimises from {@code previous} (when not null) and {@code randomStarts} draws around the prior's mode.
     *
     * @return the best log parameters, or null when the likelihood was nowhere finite
     */
    double[] fit(double[] previous, int randomStarts, int iterations, Rng rng) {
        return fit(previous, randomStarts, iterations, BoundedLbfgs.Steps.USUAL, rng);
    }

    /** As above, each start's L-BFGS run stepping and stopping as {@code steps} says. */
    double[] fit(double[] previous, int randomStarts, int iterations, BoundedLbfgs.Steps steps, Rng rng) {
        BoundedLbfgs lbfgs = new BoundedLbfgs(iterations, 1e-5, steps);
        double[] lo = lower();
        double[] hi = upper();
        double[] best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        int starts = randomStarts + (previous != null ? 1 : 0);
        for (int s = 0; s < starts; s++) {
            double[] theta;
            if (s == 0 && previous != null) {
                theta = previous.clone();
            } else {
                theta = new double[dimension()];
                theta[0] = s == (previous != null ? 1 : 0) ? 0.0 : rng.nextGaussian() * 0.5;
                for (int g = 0; g < groups; g++) {
                    theta[1 + g] = Math.log(0.3) + (s <= (previous != null ? 1 : 0) ? 0 : rng.nextGaussian());
                }
                theta[groups + 1] = Math.max(logNoiseMin, Math.log(1e-4));
            }
            double value = lbfgs.minimise(this, theta, lo, hi);
            if (value < bestValue) {
                bestValue = value;
                best = theta;
            }
        }
        return best;
    }

    /** Likelihood evaluations so far (each one Cholesky factorisation of the m x m kernel matrix). */
    int evaluations() {
        return evaluations;
    }

    /**
     * The negative log marginal likelihood plus the prior's terms at {@code theta} (+inf where the kernel matrix is not
     * positive definite); keeps the factor, the weights and the kernel's terms for {@link #gradient}. The line search
     * asks for the gradient only at the points it accepts: the inverse of K and the pass over the pairs, more than half
     * an evaluation on 25 rows, are skipped at the rest.
     */
    @Override
    public double value(double[] theta) {
        evaluations++;
        System.arraycopy(theta, 0, lastTheta, 0, lastTheta.length);
        signal = Math.exp(theta[0]);
        noise = Math.exp(theta[groups + 1]);
        for (int g = 0; g < groups; g++) {
            invL2[g] = Math.exp(-2 * theta[1 + g]);
        }
        double[] kd = k.data;
        int p = 0;
        for (int a = 0; a < m; a++) {
            for (int b = a; b < m; b++, p++) {
                int at = p * groups;
                double d2 = 0;
                for (int g = 0; g < groups; g++) {
                    d2 += dist[at + g] * invL2[g];
                }
                double c = kernel.valueAndDerivative(d2, corrDerivative, p);
                corr[p] = c;
                double v = signal * c + (a == b ? noise : 0);
                kd[a * m + b] = v;
            }
        }
        factored = solver.setA(k);
        if (!factored) {
            return Double.POSITIVE_INFINITY;
        }
        System.arraycopy(y, 0, rhs.data, 0, m);
        solver.solve(rhs, alpha);
        double[] lower = cholesky.getT().data;
        double logDet = 0;
        double fit = 0;
        for (int a = 0; a < m; a++) {
            logDet += 2 * Math.log(lower[a * m + a]);
            fit += y[a] * alpha.data[a];
        }
        double value = 0.5 * fit + 0.5 * logDet + 0.5 * m * Math.log(2 * Math.PI);
        for (int g = 0; g < groups; g++) {
            value += LengthScalePrior.negLog(theta[1 + g]);
        }
        return Double.isFinite(value) ? value : Double.POSITIVE_INFINITY;
    }

    /**
     * The gradient at the last {@link #value}'s point, {@code 1/2 tr((a a^T - K^-1) dK/dtheta)} plus the prior's;
     * nothing is written when its kernel matrix was not positive definite.
     */
    @Override
    public void gradient(double[] gradient) {
        if (!factored) {
            return;
        }
        solver.invert(kInv);
        java.util.Arrays.fill(gradient, 0.0);
        double[] al = alpha.data;
        double[] inv = kInv.data;
        double gSignal = 0;
        double gNoise = 0;
        int p = 0;
        for (int a = 0; a < m; a++, p++) {
            double wDiag = al[a] * al[a] - inv[a * m + a];
            gSignal += 0.5 * wDiag * signal * corr[p];
            gNoise += 0.5 * wDiag * noise;
            for (int b = a + 1; b < m; b++) {
                p++;
                double w = al[a] * al[b] - inv[a * m + b];
                gSignal += w * signal * corr[p];
                double common = -w * signal * corrDerivative[p] * 2;
                int at = p * groups;
                for (int g = 0; g < groups; g++) {
                    gradient[1 + g] += common * dist[at + g] * invL2[g];
                }
            }
        }
        gradient[0] = -gSignal;
        gradient[groups + 1] = -gNoise;
        for (int g = 0; g < groups; g++) {
            // d/dt of 1/2 tr(W dK) with dK = signal * c'(d2) * dist * (-2) e^{-2t}; the loop summed the pair once
            gradient[1 + g] = -gradient[1 + g];
            gradient[1 + g] += LengthScalePrior.negLogDerivative(lastTheta[1 + g]);
        }
    }
}
