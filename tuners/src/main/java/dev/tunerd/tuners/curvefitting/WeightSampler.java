package dev.tunerd.tuners.curvefitting;

import java.util.List;
import java.util.random.RandomGenerator;

import dev.tunerd.tuners.curvefitting.CurveEnsemble.FittedCurve;

/**
 * NNI's {@code mcmc_sampling}: 10 Metropolis chains over the weights of the effective families, each starting at equal
 * weights; 20 rounds of a Gaussian proposal (step 0.0005) renormalised to sum 1, accepted with probability
 * {@code min(1, P(new) / P(old))}. P is NNI's: the product over the observed epochs of
 * {@code exp(-delta^2 / (2 sigma^2)) / sqrt(2 pi sigma)} (sigma^2 the mean squared error of the weighted curve; NNI
 * takes the square root of sigma, not of sigma^2, and so does this), times a prior that is 0 unless every weight is
 * positive and the weighted curve rises from epoch 1 to the target. 0/0 rejects, x/0 accepts, as in numpy.
 * The prediction is the mean over the chains of the weighted curve at the target. Not thread-safe.
 */
final class WeightSampler {
    static final int CHAINS = 10;
    static final int ROUNDS = 20;
    static final double STEP = 0.0005;

    private final int k;
    private final int n;
    private final int target;
    private final double[] history;
    /** values[m][e]: family m at epoch e (1-based up to max(n, target)). */
    private final double[][] values;

    WeightSampler(List<FittedCurve> effective, double[] history, int target) {
        this.k = effective.size();
        this.n = history.length;
        this.target = target;
        this.history = history;
        int epochs = Math.max(n, target);
        this.values = new double[k][epochs + 1];
        for (int m = 0; m < k; m++) {
            for (int e = 1; e <= epochs; e++) {
                values[m][e] = effective.get(m).valueAt(e);
            }
        }
    }

    /** Runs the chains and returns the mean weighted prediction at the target epoch. */
    double predict(RandomGenerator random) {
        double[][] weights = new double[CHAINS][k];
        for (double[] chain : weights) {
            java.util.Arrays.fill(chain, 1.0 / k);
        }
        double[][] proposal = new double[CHAINS][k];
        // NNI recomputes the current weights' density every round; it is the same number until a proposal is
        // accepted, and then the proposal's, so it is kept instead (half the sampler's work, same results)
        double[] now = density(weights);
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < CHAINS; i++) {
                for (int m = 0; m < k; m++) {
                    proposal[i][m] = random.nextGaussian() * STEP + weights[i][m];
                }
                normalise(proposal[i]);
            }
            double[] next = density(proposal);
            for (int i = 0; i < CHAINS; i++) {
                double alpha = Math.min(1, next[i] / now[i]);
                double u = random.nextDouble();
                if (u < alpha) {
                    System.arraycopy(proposal[i], 0, weights[i], 0, k);
                    now[i] = next[i];
                }
            }
        }
        double sum = 0;
        for (int i = 0; i < CHAINS; i++) {
            sum += combined(target, weights[i]);
        }
        return sum / CHAINS;
    }

    private void normalise(double[] w) {
        double total = 0;
        for (int m = 0; m < k; m++) {
            total += w[m];
        }
        for (int m = 0; m < k; m++) {
            w[m] /= total;
        }
    }

    /** NNI's {@code target_distribution}: likelihood times prior, per chain. */
    private double[] density(double[][] samples) {
        double[] out = new double[CHAINS];
        for (int i = 0; i < CHAINS; i++) {
            out[i] = likelihood(samples[i]) * prior(samples[i]);
        }
        return out;
    }

    private double likelihood(double[] w) {
        double[] fitted = new double[n + 1];
        double squared = 0;
        for (int e = 1; e <= n; e++) {
            fitted[e] = combined(e, w);
            double d = history[e - 1] - fitted[e];
            squared += d * d;
        }
        double sigmaSquared = 1.0 * squared / n;
        double norm = Math.sqrt(2 * Math.PI * Math.sqrt(sigmaSquared));
        double product = 1.0;
        for (int e = 1; e <= n; e++) {
            double delta = history[e - 1] - fitted[e];
            product *= Math.exp(delta * delta / (-2.0 * sigmaSquared)) / norm;
        }
        return product;
    }

    private double prior(double[] w) {
        for (int m = 0; m < k; m++) {
            if (!(w[m] > 0)) {
                return 0;
            }
        }
        return combined(1, w) >= combined(target, w) ? 0 : 1;
    }

    /** NNI's {@code f_comb}: the weighted sum of the families at {@code epoch}. */
    private double combined(int epoch, double[] w) {
        double sum = 0;
        for (int m = 0; m < k; m++) {
            sum += w[m] * values[m][epoch];
        }
        return sum;
    }
}
