package dev.tunerd.tuners.common;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The inverse error function, correctly rounded: what GridSearch needs to place normal-family grid points exactly
 * where NNI (scipy's {@code erfinv}) places them ({@code mu + sigma * sqrt(2) * erfinv(2p - 1)}).
 *
 * <p>A double-precision formula is off by an ulp now and then, which would change the printed values. So a first
 * guess (Winitzki's closed form, relative error about 2e-3) is refined by Newton's method on {@code erf(x) - y}
 * carried out in 60-digit decimal arithmetic, with {@code erf} from its everywhere-positive series
 * {@code erf(x) = 2/sqrt(pi) * exp(-x^2) * sum (2x^2)^n x / (1*3*...*(2n+1))} (no cancellation), and only the final
 * result is rounded to a double. This costs tens of microseconds per call; callers cache. Stateless and thread-safe.
 */
public final class InverseErf {
    private static final MathContext MC = new MathContext(60);
    private static final BigDecimal PI = new BigDecimal(
        "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863");
    private static final BigDecimal TWO_OVER_SQRT_PI = BigDecimal.valueOf(2).divide(PI.sqrt(MC), MC);
    private static final BigDecimal EPSILON = new BigDecimal("1e-45");

    private InverseErf() {
    }

    /** erfinv(y) for y in [-1, 1]: -inf and +inf at the ends, NaN outside. */
    public static double erfinv(double y) {
        if (Double.isNaN(y) || y < -1 || y > 1) {
            return Double.NaN;
        }
        if (y == 0 || Math.abs(y) == 1) {
            return y == 0 ? y : y * Double.POSITIVE_INFINITY;
        }
        double magnitude = refine(Math.abs(y), firstGuess(Math.abs(y)));
        return y < 0 ? -magnitude : magnitude;
    }

    private static double firstGuess(double y) {
        double a = 0.147;
        double ln = Math.log((1 - y) * (1 + y));
        double t = 2 / (Math.PI * a) + ln / 2;
        return Math.sqrt(Math.sqrt(t * t - ln / a) - t);
    }

    private static double refine(double y, double guess) {
        BigDecimal target = new BigDecimal(y);
        BigDecimal x = new BigDecimal(guess);
        for (int i = 0; i < 30; i++) {
            BigDecimal[] erfAndSlope = erfAndSlope(x);
            BigDecimal step = erfAndSlope[0].subtract(target, MC).divide(erfAndSlope[1], MC);
            x = x.subtract(step, MC);
            if (step.abs().compareTo(EPSILON) < 0) {
                break;
            }
        }
        return x.doubleValue();
    }

    /** erf(x) and erf'(x) = 2/sqrt(pi) * exp(-x^2), for x > 0. */
    private static BigDecimal[] erfAndSlope(BigDecimal x) {
        BigDecimal x2 = x.multiply(x, MC);
        BigDecimal slope = TWO_OVER_SQRT_PI.divide(exp(x2), MC);
        BigDecimal twoX2 = x2.add(x2);
        BigDecimal term = x;
        BigDecimal sum = x;
        BigDecimal tiny = sum.multiply(EPSILON).multiply(new BigDecimal("1e-10"));
        for (int n = 1; term.compareTo(tiny) > 0; n++) {
            term = term.multiply(twoX2, MC).divide(BigDecimal.valueOf(2L * n + 1), MC);
            sum = sum.add(term, MC);
        }
        return new BigDecimal[] {slope.multiply(sum, MC), slope};
    }

    /** e^v for v >= 0 by its Taylor series (all terms positive). */
    private static BigDecimal exp(BigDecimal v) {
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        for (int n = 1; term.compareTo(sum.multiply(EPSILON).multiply(new BigDecimal("1e-10"))) > 0; n++) {
            term = term.multiply(v, MC).divide(BigDecimal.valueOf(n), MC);
            sum = sum.add(term, MC);
        }
        return sum;
    }
}
