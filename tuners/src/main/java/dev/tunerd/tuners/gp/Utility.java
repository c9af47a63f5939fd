package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.Normal;

/**
 * NNI's three utilities, for minimisation of standardised losses, as values to maximise with their derivatives in
 * the predictive mean and standard deviation. {@code ei} is the logarithm of expected improvement computed stably far
 * into the tail (log-EI, Ament et al. 2023: plain EI underflows to 0 once the model is sure, and its gradient with
 * it); {@code poi} is log Phi(z); {@code ucb} is the lower confidence bound {@code -(mu - kappa sigma)}. Immutable
 * and thread-safe. Public for Metis, which can score its exploration candidate by log-EI ({@link #logEi()}).
 */
public final class Utility {
    private final Kind kind;
    private final double kappa;
    private final double xi;

    enum Kind { EI, UCB, POI }

    /**
     * @param xi exploration margin in standardised units (NNI's xi divided by the losses' standard deviation)
     */
    Utility(Kind kind, double kappa, double xi) {
        this.kind = kind;
        this.kappa = kappa;
        this.xi = xi;
    }

    /** log-EI with no margin, for other tuners of this module. */
    public static Utility logEi() {
        return new Utility(Kind.EI, 0, 0);
    }

    /**
     * The utility at mean {@code mu}, standard deviation {@code sd}, best loss {@code best}; {@code d} receives
     * d/dmu and d/dsd when not null.
     */
    public double value(double mu, double sd, double best, double[] d) {
        if (kind == Kind.UCB) {
            if (d != null) {
                d[0] = -1;
                d[1] = kappa;
            }
            return -(mu - kappa * sd);
        }
        double z = (best - xi - mu) / sd;
        if (kind == Kind.POI) {
            double logCdf = logCdf(z);
            if (d != null) {
                double ratio = Math.exp(logPdf(z) - logCdf);
                d[0] = -ratio / sd;
                d[1] = -ratio * z / sd;
            }
            return logCdf;
        }
        double logH = logH(z);
        if (d != null) {
            // log EI = log sd + log h(z), h' = Phi; dz/dmu = -1/sd, dz/dsd = -z/sd
            double ratio = Math.exp(logCdf(z) - logH);
            d[0] = -ratio / sd;
            d[1] = 1 / sd - ratio * z / sd;
        }
        return Math.log(sd) + logH;
    }

    /**
     * Whether, for a fixed mean, the utility never decreases as the standard deviation grows, up to
     * {@link #SD_SLACK}: log-EI (increasing: its derivative in sd is phi(z) / (sd h(z)) > 0) and the lower confidence
     * bound with kappa >= 0; not log-POI, which falls with sd when the mean is below the best.
     */
    boolean growsWithSd() {
        return kind == Kind.EI || kind == Kind.UCB && kappa >= 0;
    }

    /**
     * How far {@link #value} at a smaller standard deviation may come out above its value at a larger one through the
     * rounding and the approximations of {@link Normal}: Phi's absolute error is below 1.5e-7 and erfc's relative
     * error below 1.2e-7, which log h(z) turns into at most about 1e-5 (near z = -8, where 1 - t R(t) cancels to 0.015,
     * and at the switch to the tail series); twice that is 2e-5, this is fifty times more.
     */
    static final double SD_SLACK = 1e-3;

    /** log(z Phi(z) + phi(z)), stable for all z ({@link Normal#logEiFactor}). */
    static double logH(double z) {
        return Normal.logEiFactor(z);
    }

    static double logCdf(double z) {
        return Normal.logCdf(z);
    }

    static double logPdf(double z) {
        return Normal.logPdf(z);
    }
}
