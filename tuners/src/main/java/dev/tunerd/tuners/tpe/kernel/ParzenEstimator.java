package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Normal;
import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;

/**
 * A multivariate Parzen estimator over one parameter group: a weighted mixture of product kernels, one component per
 * observation plus one prior component. Numeric dimensions (unit coordinates) use a normal kernel truncated to
 * [0, 1] with one bandwidth per dimension; categorical dimensions use a kernel that puts {@code (1 + a) / (1 + K a)}
 * on the observed option and {@code a / (1 + K a)} on each other one. The prior component is uniform on the cube
 * and over the options.
 *
 * <p>Refitted in place for every suggestion: the arrays grow but are never reallocated per call. The densities are
 * evaluated dimension by dimension over arrays stored column by column (one contiguous run of components per
 * dimension), loops the JIT compiles to vector instructions, with one {@code exp} per component that is not
 * negligible. Not thread-safe.
 */
public final class ParzenEstimator {
    /** Components more than this far below the largest log term add less than 1e-17 relative: skipped. */
    private static final double NEGLIGIBLE = 40.0;
    private final boolean[] categorical;
    private final int[] categories;
    private final int dims;
    private final int numericDims;
    private final double[] sigma;
    private final double[] invSigma;
    /** Component centres, row-major (component by component), for sampling. */
    private double[] mus = new double[0];
    private double[] logNorm = new double[0];
    /** Per dimension and component, the log of the weight and normalisation of its marginal: column-major. */
    private double[] marginalNorm = new double[0];
    /** Centres divided by the bandwidth of their dimension (categorical: the option index): column-major. */
    private double[] scaledMus = new double[0];
    /** Row stride of the column-major arrays: the capacity in components. */
    private int stride;
    private final double[] kernelConst;
    private double[] weights = new double[0];
    private double[] scratch = new double[0];
    private double[] quadScratch = new double[0];
    private double[] catScratch = new double[0];
    private int components;
    private double totalWeight;
    private double priorWeight;
    private double logPrior;
    private final double[] logHit;
    private final double[] logMiss;
    /** The marginals computed since the last fit ({@link #logMarginals}). */
    private final MarginalMemo memo;
    /** The per-component logs of the last fits ({@link FitMemo}). */
    private final FitMemo fitMemo;

    /**
     * @param categorical per dimension, whether it is categorical
     * @param categories  per dimension, number of options (categorical dimensions only)
     */
    public ParzenEstimator(boolean[] categorical, int[] categories) {
        this.categorical = categorical.clone();
        this.categories = categories.clone();
        this.dims = categorical.length;
        int nd = 0;
        for (boolean c : categorical) {
            nd += c ? 0 : 1;
        }
        this.numericDims = nd;
        this.sigma = new double[dims];
        this.invSigma = new double[dims];
        this.logHit = new double[dims];
        this.logMiss = new double[dims];
        this.kernelConst = new double[dims];
        this.memo = new MarginalMemo(dims);
        this.fitMemo = new FitMemo(dims);
    }

    public int numericDims() {
        return numericDims;
    }

    public int components() {
        return components;
    }

    /**
     * Fits the mixture.
     *
     * @param centres     component centres, row-major {@code count x dims}
     * @param w           component weights (positive), {@code count} of them
     * @param count       number of observation components
     * @param prior       weight of the prior component (positive)
     * @param bandwidths  per dimension, the kernel width in unit coordinates (numeric dimensions only)
     * @param catSmoothing the {@code a} of the categorical kernel
     */
    public void fit(double[] centres, double[] w, int count, double prior, double[] bandwidths, double catSmoothing) {
        // the marginals memo stays valid when this fit gives every value they read the bits it had
        boolean same = !ensureCapacity(count) && count == components && same(priorWeight, prior);
        components = count;
        System.arraycopy(centres, 0, mus, 0, count * dims);
        System.arraycopy(w, 0, weights, 0, count);
        priorWeight = prior;
        double total = prior;
        for (int k = 0; k < count; k++) {
            total += w[k];
        }
        same &= same(totalWeight, total);
        totalWeight = total;
        double logTotal = Math.log(total);
        double catPriorLog = 0;
        for (int j = 0; j < dims; j++) {
            if (categorical[j]) {
                int size = categories[j];
                double denom = Math.log(1 + size * catSmoothing);
                double hit = Math.log(1 + catSmoothing) - denom;
                double miss = Math.log(catSmoothing) - denom;
                same &= same(logHit[j], hit) && same(logMiss[j], miss);
                logHit[j] = hit;
                logMiss[j] = miss;
                catPriorLog -= Math.log(size);
            } else {
                same &= same(sigma[j], bandwidths[j]);
                sigma[j] = bandwidths[j];
                invSigma[j] = 1.0 / bandwidths[j];
            }
        }
        logPrior = Math.log(prior) - logTotal + catPriorLog;
        for (int j = 0; j < dims; j++) {
            kernelConst[j] = categorical[j] ? 0 : Math.log(sigma[j]) + Normal.LOG_SQRT_2PI;
        }
        int s = stride;
        fitMemo.ensureCapacity(count);
        for (int k = 0; k < count; k++) {
            double logW = (w[k] == 1.0 ? 0.0 : fitMemo.logWeight(k, w[k])) - logTotal;
            double ln = logW;
            int base = k * dims;
            for (int j = 0; j < dims; j++) {
                double m = logW;
                if (!categorical[j]) {
                    double dimNorm = fitMemo.norm(k, j, centres[base + j], sigma[j], kernelConst[j], invSigma[j]);
                    ln -= dimNorm;
                    m -= dimNorm;
                }
                double scaled = categorical[j] ? centres[base + j] : centres[base + j] * invSigma[j];
                same &= same(marginalNorm[j * s + k], m) && same(scaledMus[j * s + k], scaled);
                marginalNorm[j * s + k] = m;
                scaledMus[j * s + k] = scaled;
            }
            logNorm[k] = ln;
        }
        if (!same) {
            memo.clear();
        }
    }

    private static boolean same(double a, double b) {
        return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b);
    }

    /** The log density at {@code x} (one value per dimension: unit coordinate or option index). */
    public double logDensity(double[] x) {
        int n = components;
        int s = stride;
        double[] quad = quadScratch;
        double[] cat = catScratch;
        boolean firstNumeric = true;
        boolean firstCategorical = true;
        for (int j = 0; j < dims; j++) {
            int col = j * s;
            if (categorical[j]) {
                double xj = x[j];
                double hit = logHit[j];
                double miss = logMiss[j];
                if (firstCategorical) {
                    for (int k = 0; k < n; k++) {
                        cat[k] = scaledMus[col + k] == xj ? hit : miss;
                    }
                } else {
                    for (int k = 0; k < n; k++) {
                        cat[k] += scaledMus[col + k] == xj ? hit : miss;
                    }
                }
                firstCategorical = false;
            } else {
                double xj = x[j] * invSigma[j];
                if (firstNumeric) {
                    for (int k = 0; k < n; k++) {
                        double z = xj - scaledMus[col + k];
                        quad[k] = z * z;
                    }
                } else {
                    for (int k = 0; k < n; k++) {
                        double z = xj - scaledMus[col + k];
                        quad[k] += z * z;
                    }
                }
                firstNumeric = false;
            }
        }
        if (firstNumeric) {
            Arrays.fill(quad, 0, n, 0.0);
        }
        double[] t = scratch;
        double max = logPrior;
        if (firstCategorical) {
            for (int k = 0; k < n; k++) {
                double v = logNorm[k] - 0.5 * quad[k];
                t[k] = v;
                max = Math.max(max, v);
            }
        } else {
            for (int k = 0; k < n; k++) {
                double v = logNorm[k] - 0.5 * quad[k] + cat[k];
                t[k] = v;
                max = Math.max(max, v);
            }
        }
        double sum = Math.exp(logPrior - max);
        double cutoff = max - NEGLIGIBLE;
        for (int k = 0; k < n; k++) {
            if (t[k] > cutoff) {
                sum += Normal.expNonPositive(t[k] - max);
            }
        }
        return max + Math.log(sum);
    }

    /**
     * The log of each dimension's marginal density at the matching coordinate of {@code x}, into {@code out}: one
     * row-major sweep over the components for all dimensions at once. Only the first {@code limit} components (the
     * prior always) are summed: callers that fit components newest first get a mixture that forgets the oldest mass,
     * which changes each dimension's value by a constant only where those components are negligible. A coordinate
     * asked before since the fit (a choice's option, a grid step) is answered from {@link MarginalMemo}.
     */
    public void logMarginals(double[] x, double[] out, int limit) {
        int n = Math.min(components, limit);
        int s = stride;
        double[] t = scratch;
        double logPriorShare = Math.log(priorWeight / totalWeight);
        memo.limit(n);
        for (int j = 0; j < dims; j++) {
            int known = memo.find(j, x[j]);
            if (known >= 0) {
                out[j] = memo.value(j, known);
                continue;
            }
            int col = j * s;
            double prior = logPriorShare + (categorical[j] ? -Math.log(categories[j]) : 0);
            double max = prior;
            if (categorical[j]) {
                double xj = x[j];
                double hit = logHit[j];
                double miss = logMiss[j];
                for (int k = 0; k < n; k++) {
                    double v = (scaledMus[col + k] == xj ? hit : miss) + marginalNorm[col + k];
                    t[k] = v;
                    max = Math.max(max, v);
                }
            } else {
                double xj = x[j] * invSigma[j];
                for (int k = 0; k < n; k++) {
                    double z = xj - scaledMus[col + k];
                    double v = -0.5 * z * z + marginalNorm[col + k];
                    t[k] = v;
                    max = Math.max(max, v);
                }
            }
            double sum = Math.exp(prior - max);
            for (int k = 0; k < n; k++) {
                double d = t[k] - max;
                if (d > -NEGLIGIBLE) {
                    sum += Normal.expNonPositive(d);
                }
            }
            out[j] = max + Math.log(sum);
            memo.put(j, x[j], out[j]);
        }
    }

    /** Draws each dimension from its own marginal (independently chosen components) into {@code out}. */
    public void sampleIndependent(Rng rng, double[] out) {
        for (int j = 0; j < dims; j++) {
            out[j] = sampleMarginal(rng, j);
        }
    }

    /** One draw of dimension {@code j}'s marginal. */
    public double sampleMarginal(Rng rng, int j) {
        if (components == 0 || rng.nextDouble() * totalWeight < priorWeight) {
            return categorical[j] ? rng.nextInt(categories[j]) : rng.nextDouble();
        }
        int k = rng.nextWeighted(weights, components, totalWeight - priorWeight);
        double mu = mus[k * dims + j];
        if (categorical[j]) {
            return rng.nextDouble() < Math.exp(logHit[j]) - Math.exp(logMiss[j]) ? mu : rng.nextInt(categories[j]);
        }
        return truncatedNormal(rng, mu, sigma[j]);
    }

    /** Draws one point of the mixture into {@code out}. */
    public void sample(Rng rng, double[] out) {
        if (components == 0 || rng.nextDouble() * totalWeight < priorWeight) {
            for (int j = 0; j < dims; j++) {
                out[j] = categorical[j] ? rng.nextInt(categories[j]) : rng.nextDouble();
            }
            return;
        }
        int k = rng.nextWeighted(weights, components, totalWeight - priorWeight);
        int base = k * dims;
        for (int j = 0; j < dims; j++) {
            if (categorical[j]) {
                out[j] = rng.nextDouble() < Math.exp(logHit[j]) - Math.exp(logMiss[j])
                    ? mus[base + j] : rng.nextInt(categories[j]);
            } else {
                out[j] = truncatedNormal(rng, mus[base + j], sigma[j]);
            }
        }
    }

    /**
     * log of the mass a normal(mu, 1/invSigma) puts on [0, 1]; 0 when both edges are more than 6 sigma away (the
     * mass outside is then below 2e-9).
     */
    static double logMassInside(double mu, double invSigma) {
        double a = -mu * invSigma;
        double b = (1 - mu) * invSigma;
        if (a < -6 && b > 6) {
            return 0.0;
        }
        return Math.log(Math.max(Normal.cdf(b) - Normal.cdf(a), 1e-300));
    }

    static double truncatedNormal(Rng rng, double mu, double s) {
        for (int attempt = 0; attempt < 32; attempt++) {
            double v = mu + s * rng.nextGaussian();
            if (v >= 0 && v <= 1) {
                return v;
            }
        }
        double lo = Normal.cdf(-mu / s);
        double hi = Normal.cdf((1 - mu) / s);
        double u = lo + rng.nextDouble() * (hi - lo);
        double v = mu + s * Normal.inverseCdf(Math.min(1 - 1e-12, Math.max(1e-12, u)));
        return Math.min(1, Math.max(0, v));
    }

    /** Grows the arrays for {@code count} components; whether it did (every value is then to be computed again). */
    private boolean ensureCapacity(int count) {
        if (weights.length < count) {
            int cap = Math.max(count, weights.length * 2);
            mus = Arrays.copyOf(mus, cap * dims);
            marginalNorm = new double[cap * dims];
            scaledMus = new double[cap * dims];
            stride = cap;
            logNorm = new double[cap];
            weights = new double[cap];
            scratch = new double[cap];
            quadScratch = new double[cap];
            catScratch = new double[cap];
            return true;
        }
        return false;
    }
}
