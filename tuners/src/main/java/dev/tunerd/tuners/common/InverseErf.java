package dev.tunerd.tuners.common;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * The inverse error function, correctly rounded: what GridSearch needs to place normal-family grid points exactly
 * where NNI (scipy's {@code erfinv}) places them ({@code mu + sigma * sqrt(2) * erfinv(2p - 1)}).
 *
 * <p>A double-precision formula is off by an ulp now and then, which would change the printed values. So a first
 * guess (Winitzki's closed form, relative error about 2e-3) is polished by Newton's method in double precision and
 * then by Newton steps carried out in 200-bit fixed-point arithmetic ({@link BigInteger}) until the remaining
 * error is far below an ulp; only the final result is rounded to a double. {@code erf} comes from its
 * everywhere-positive series {@code erf(x) = 2/sqrt(pi) * exp(-x^2) * sum (2x^2)^n x / (1*3*...*(2n+1))}, which has
 * no cancellation, in both precisions. About 0.1 ms per call; callers cache. Stateless and thread-safe.
 */
public final class InverseErf {
    private static final int BITS = 200;
    private static final BigInteger ONE = BigInteger.ONE.shiftLeft(BITS);
    private static final BigInteger HALF = ONE.shiftRight(1);
    private static final BigDecimal PI = new BigDecimal(
        "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863");
    private static final MathContext MC = new MathContext(80);
    private static final BigInteger TWO_OVER_SQRT_PI = BigDecimal.valueOf(2).divide(PI.sqrt(MC), MC)
        .multiply(new BigDecimal(ONE)).toBigInteger();
    private static final double TWO_OVER_SQRT_PI_D = 2 / Math.sqrt(Math.PI);

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
        double magnitude = refine(Math.abs(y), polish(Math.abs(y), firstGuess(Math.abs(y))));
        return y < 0 ? -magnitude : magnitude;
    }

    private static double firstGuess(double y) {
        double a = 0.147;
        double ln = Math.log((1 - y) * (1 + y));
        double t = 2 / (Math.PI * a) + ln / 2;
        return Math.sqrt(Math.sqrt(t * t - ln / a) - t);
    }

    /** Newton in double precision: good to a few ulps away from the tails, to ~1e-5 in the deep tail. */
    private static double polish(double y, double x) {
        for (int i = 0; i < 4; i++) {
            x -= (erf(x) - y) / (TWO_OVER_SQRT_PI_D * Math.exp(-x * x));
        }
        return x;
    }

        /** Newton in fixed point until the step's square (the remaining error) is negligible against an ulp. */
    private static double refine(double y, double guess) {
        BigInteger target = fixed(y);
        BigInteger x = fixed(guess);
        for (int i = 0; i < 20; i++) {
            double xd = toDouble(x);
            BigInteger slope = fixed(TWO_OVER_SQRT_PI_D * Math.exp(-xd * xd));
            BigInteger step = div(erf(x).subtract(target), slope);
            x = x.subtract(step);
            double s = Math.abs(toDouble(step));
            if (s * s * Math.max(1, xd) < 1e-34 * xd) {
                break;
            }
        }
        return toDouble(x);
    }

    /** erf for x >= 0 in fixed point. */
    private static BigInteger erf(BigInteger x) {
        BigInteger x2 = mul(x, x);
        BigInteger twoX2 = x2.shiftLeft(1);
        BigInteger term = x;
        BigInteger sum = x;
        for (long n = 1; term.signum() > 0; n++) {
            term = mul(term, twoX2).divide(BigInteger.valueOf(2 * n + 1));
            sum = sum.add(term);
        }
        return div(mul(TWO_OVER_SQRT_PI, sum), exp(x2));
    }

    /** e^v for v >= 0 in fixed point: halve the argument below 1/2, sum the Taylor series, square back. */
    private static BigInteger exp(BigInteger v) {
        int halvings = 0;
        while (v.compareTo(HALF) > 0) {
            v = v.shiftRight(1);
            halvings++;
        }
        BigInteger term = ONE;
        BigInteger sum = ONE;
        for (long n = 1; term.signum() > 0; n++) {
            term = mul(term, v).divide(BigInteger.valueOf(n));
            sum = sum.add(term);
        }
        for (int i = 0; i < halvings; i++) {
            sum = mul(sum, sum);
        }
        return sum;
    }

    private static BigInteger fixed(double d) {
        return new BigDecimal(d).multiply(new BigDecimal(ONE)).toBigInteger();
    }

    private static double toDouble(BigInteger v) {
        return Math.scalb(v.doubleValue(), -BITS); // BigInteger.doubleValue rounds to nearest; scaling is exact
    }

    private static BigInteger mul(BigInteger a, BigInteger b) {
        return a.multiply(b).shiftRight(BITS);
    }

    private static BigInteger div(BigInteger a, BigInteger b) {
        return a.shiftLeft(BITS).divide(b);
    }

    private static double erf(double x) {
        double twoX2 = 2 * x * x;
        double term = x;
        double sum = x;
        for (int n = 1; term > sum * 1e-18; n++) {
            term *= twoX2 / (2 * n + 1);
            sum += term;
        }
        return TWO_OVER_SQRT_PI_D * Math.exp(-x * x) * sum;
    }
}
