package dev.tunerd.tuners.curvefitting;

/**
 * The twelve parametric learning-curve families of NNI's Curvefitting assessor ({@code curvefunctions.py}), in NNI's
 * order, each with NNI's published parameter values (used when a least-squares fit fails, as NNI does). The value at
 * epoch {@code x} is evaluated in the same operation order as NNI's expressions so that results agree to the last
 * bits where the math library allows. Stateless and thread-safe.
 */
enum CurveFamily {
    /** Vapor pressure: {@code exp(a + b/x + c ln x)}. */
    VAP("vap", -0.622028, -0.470050, 0.042322) {
        @Override
        double value(double x, double[] p) {
            return Math.exp(p[0] + p[1] / x + p[2] * Math.log(x));
        }
    },
    /** {@code c - a x^-alpha}, parameters (c, a, alpha). */
    POW3("pow3", 0.84, 0.52, 0.01) {
        @Override
        double value(double x, double[] p) {
            return p[0] - p[1] * Math.pow(x, -p[2]);
        }
    },
    /** {@code a x + b}. */
    LINEAR("linear", 1.0, 0.0) {
        @Override
        double value(double x, double[] p) {
            return p[0] * x + p[1];
        }
    },
    /** {@code a ln x + b}. */
    LOGX_LINEAR("logx_linear", 0.378106, 0.046506) {
        @Override
        double value(double x, double[] p) {
            return p[0] * Math.log(x) + p[1];
        }
    },
    /** Hill curve with zero background: {@code theta x^eta / (kappa^eta + x^eta)}. */
    DR_HILL_ZERO_BACKGROUND("dr_hill_zero_background", 0.772320, 0.586449, 2.460843) {
        @Override
        double value(double x, double[] p) {
            return (p[0] * Math.pow(x, p[1])) / (Math.pow(p[2], p[1]) + Math.pow(x, p[1]));
        }
    },
    /** Logistic power: {@code a / (1 + (x / e^b)^c)}. */
    LOG_POWER("log_power", 0.77, 2.98, -0.51) {
        @Override
        double value(double x, double[] p) {
            return p[0] / (1.0 + Math.pow(x / Math.exp(p[1]), p[2]));
        }
    },
    /** {@code c - (a x + b)^-alpha}, parameters (alpha, a, b, c). */
    POW4("pow4", 0.1, 200, 0.0, 0.8) {
        @Override
        double value(double x, double[] p) {
            return p[3] - Math.pow(p[1] * x + p[2], -p[0]);
        }
    },
    /** Morgan-Mercer-Flodin: {@code alpha - (alpha - beta) / (1 + (kappa x)^delta)}. */
    MMF("mmf", 0.7, 0.1, 0.01, 5) {
        @Override
        double value(double x, double[] p) {
            return p[0] - (p[0] - p[1]) / (1.0 + Math.pow(p[2] * x, p[3]));
        }
    },
    /** {@code c - exp(-a x^alpha + b)}, parameters (c, a, b, alpha). */
    EXP4("exp4", 0.7, 0.8, -0.8, 0.3) {
        @Override
        double value(double x, double[] p) {
            return p[0] - Math.exp(-p[1] * Math.pow(x, p[3]) + p[2]);
        }
    },
    /** {@code c - a / ln x}: infinite or NaN at epoch 1, so NNI's filter always drops it (see {@link #neverEffective}). */
    ILOG2("ilog2", 0.78, 0.43) {
        @Override
        double value(double x, double[] p) {
            return p[0] - p[1] / Math.log(x);
        }
    },
    /** Weibull: {@code alpha - (alpha - beta) exp(-(kappa x)^delta)}. */
    WEIBULL("weibull", 0.7, 0.1, 0.01, 1) {
        @Override
        double value(double x, double[] p) {
            return p[0] - (p[0] - p[1]) * Math.exp(-Math.pow(p[2] * x, p[3]));
        }
    },
    /** Janoschek: {@code a - (a - beta) exp(-k x^delta)}. */
    JANOSCHEK("janoschek", 0.73, 0.07, 0.355, 0.46) {
        @Override
        double value(double x, double[] p) {
            return p[0] - (p[0] - p[1]) * Math.exp(-p[2] * Math.pow(x, p[3]));
        }
    };

    private final String nniName;
    private final double[] publishedParameters;

    CurveFamily(String nniName, double... publishedParameters) {
        this.nniName = nniName;
        this.publishedParameters = publishedParameters;
    }

    /** The value at epoch {@code x} (1-based) for parameters {@code p}. */
    abstract double value(double x, double[] p);

    /** NNI's name of the family ({@code vap}, {@code pow3}, ...). */
    String nniName() {
        return nniName;
    }

    int parameterCount() {
        return publishedParameters.length;
    }

    /** A copy of NNI's table values, which NNI predicts with when the fit fails. */
    double[] publishedParameters() {
        return publishedParameters.clone();
    }

    /**
     * True for a family NNI's variance filter can never accept: {@code ilog2} divides by {@code ln 1 = 0} at epoch 1,
     * so its squared error there is infinite or NaN whatever its parameters. Not fitting it changes no decision.
     */
    boolean neverEffective() {
        return this == ILOG2;
    }
}
