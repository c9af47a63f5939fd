package dev.tunerd.tuners.gp;

/**
 * The hyper-parameter box and priors of the GP in log space: length scales in [0.01, 100] (the unit cube's scale)
 * with a Gamma(3, 6) prior on each length scale (mode 1/3: mild, it only keeps a length scale from running off when
 * few points say nothing about a parameter), signal variance in [0.01, 100] (outputs are standardised, so about 1),
 * noise variance from {@code alpha} (NNI's jitter) to 0.5 (tuned: with 0.1 a rugged function such as Ackley's is
 * fitted as a rough surface and the search wanders; with 1.0 everything may be explained as noise). Stateless and thread-safe.
 */
final class LengthScalePrior {
    static final double LOG_LS_MIN = Math.log(0.01);
    static final double LOG_LS_MAX = Math.log(100.0);
    static final double LOG_SIGNAL_MIN = Math.log(0.01);
    static final double LOG_SIGNAL_MAX = Math.log(100.0);
    static final double LOG_NOISE_MAX = Math.log(0.5);
    private static final double SHAPE = 3.0;
    private static final double RATE = 6.0;

    private LengthScalePrior() {
    }

    /** -log prior density of log length scale {@code t} (Gamma on exp(t), with the Jacobian), up to a constant. */
    static double negLog(double t) {
        return -(SHAPE * t - RATE * Math.exp(t));
    }

    /** d negLog / dt. */
    static double negLogDerivative(double t) {
        return -(SHAPE - RATE * Math.exp(t));
    }
}
