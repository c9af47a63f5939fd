package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.Rng;

/**
 * GP regression for other tuners of this module (Metis): the GP tuner's Matérn ARD model on rows of [0, 1]^d with one
 * length scale per column, hyper-parameters by maximum marginal likelihood, targets standardised by the caller. A thin
 * public face over {@link MarginalLikelihood} and {@link Posterior}; {@link #predict} uses scratch space, so not
 * thread-safe.
 */
public final class GpRegression {
    private static final int ITERATIONS = 40;
    private final Posterior posterior;
    private final double[] theta;

    private GpRegression(Posterior posterior, double[] theta) {
        this.posterior = posterior;
        this.theta = theta;
    }

    /**
     * Fits the hyper-parameters on {@code x}/{@code y} (warm-started from {@code previous} when not null) and builds
     * the posterior.
     *
     * @param nu         Matérn smoothness, 0.5, 1.5 or 2.5
     * @param noiseFloor smallest noise variance of the standardised targets
     * @return null when no fit succeeded or the kernel matrix is numerically singular
     */
    public static GpRegression fit(double[][] x, double[] y, double nu, double noiseFloor, double[] previous, Rng rng) {
        int d = x.length == 0 ? 0 : x[0].length;
        int[] groupOf = identityGroups(d);
        Matern kernel = new Matern(nu);
        MarginalLikelihood ml = new MarginalLikelihood(x, y, groupOf, d, kernel, Math.log(Math.max(noiseFloor, 1e-10)));
        double[] theta = ml.fit(previous, previous == null ? 3 : 1, ITERATIONS, rng);
        return theta == null ? null : withTheta(x, y, nu, theta);
    }

    /** The posterior for given hyper-parameters ({@link #theta()} of another fit); null when singular. */
    public static GpRegression withTheta(double[][] x, double[] y, double nu, double[] theta) {
        int d = x.length == 0 ? 0 : x[0].length;
        if (theta.length != d + 2) {
            return null;
        }
        Posterior p = Posterior.of(x, y, theta, identityGroups(d), new Matern(nu));
        return p == null ? null : new GpRegression(p, theta.clone());
    }

    private static int[] identityGroups(int d) {
        int[] g = new int[d];
        for (int i = 0; i < d; i++) {
            g[i] = i;
        }
        return g;
    }

    /** The fitted log hyper-parameters: signal variance, one length scale per column, noise. */
    public double[] theta() {
        return theta.clone();
    }

    /** Mean and variance at {@code f} into {@code out[0..1]}; when {@code dMean} is not null, their gradients too. */
    public void predict(double[] f, double[] out, double[] dMean, double[] dVar) {
        posterior.predict(f, out, dMean, dVar);
    }
}
