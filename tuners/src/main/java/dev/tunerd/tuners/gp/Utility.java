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
