package dev.tunerd.tuners.gp;

/**
 * The Matérn correlation as a function of the squared scaled distance {@code d2 = sum ((x - y) / l)^2}, for
 * nu = 1/2, 3/2, 5/2 (the closed forms), and its derivative with respect to {@code d2}, which is finite at 0 for
 * nu = 3/2 and 5/2 (for 1/2 it is guarded). Stateless and thread-safe.
 */
final class Matern {
    private static final double SQRT3 = Math.sqrt(3.0);
    private static final double SQRT5 = Math.sqrt(5.0);
    private static final double TINY = 1e-24;
    private final int twiceNu;

    /** @param nu 0.5, 1.5 or 2.5 */
    Matern(double nu) {
        this.twiceNu = (int) Math.round(2 * nu);
        if (twiceNu != 1 && twiceNu != 3 && twiceNu != 5) {
            throw new IllegalArgumentException("nu must be 0.5, 1.5 or 2.5: " + nu);
        }
    }

    /** Correlation at squared scaled distance {@code d2}. */
    double value(double d2) {
        double r = Math.sqrt(d2);
        switch (twiceNu) {
            case 1:
                return Math.exp(-r);
            case 3:
                return (1 + SQRT3 * r) * Math.exp(-SQRT3 * r);
            default:
                return (1 + SQRT5 * r + 5.0 / 3.0 * d2) * Math.exp(-SQRT5 * r);
        }
    }

    /**
     * {@link #value} at {@code d2}, with {@link #derivative} stored into {@code derivative[at]}: one square root and
     * one exponential for both, each result bit for bit the one of the two methods (the same operations in the same
     * order), for the likelihood's inner loop.
     */
    double valueAndDerivative(double d2, double[] derivative, int at) {
        double r = Math.sqrt(d2);
        switch (twiceNu) {
            case 1: {
                double e = Math.exp(-r);
                derivative[at] = -e / (2 * Math.sqrt(d2 + TINY));
                return e;
            }
            case 3: {
                double e = Math.exp(-SQRT3 * r);
                derivative[at] = -1.5 * e;
                return (1 + SQRT3 * r) * e;
            }
            default: {
                double e = Math.exp(-SQRT5 * r);
                double linear = 1 + SQRT5 * r;
                derivative[at] = -5.0 / 6.0 * linear * e;
                return (linear + 5.0 / 3.0 * d2) * e;
            }
        }
    }

    /** d value / d d2. */
    double derivative(double d2) {
        double r = Math.sqrt(d2);
        switch (twiceNu) {
            case 1:
                return -Math.exp(-r) / (2 * Math.sqrt(d2 + TINY));
            case 3:
                return -1.5 * Math.exp(-SQRT3 * r);
            default:
                return -5.0 / 6.0 * (1 + SQRT5 * r) * Math.exp(-SQRT5 * r);
        }
    }
}
