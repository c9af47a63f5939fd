package dev.tunerd.spi.space;

/**
 * Refuses, at {@code IN}, a numeric parameter whose values a tuner could draw but not write: every value sent to the
 * manager must be a finite double (JSON has no infinity). Without this rule {@code uniform [-1.7e308, 1.7e308]}
 * passed validation and the first {@code GE} failed ({@code high - low} is infinite), and so did
 * {@code lognormal [1000, 1]} ({@code exp(1000)}). Stateless.
 *
 * <p>The reach of a parameter is the largest magnitude of an internal value a tuner may produce: {@code max(|low|,
 * |high|)} and the width {@code high - low} for the uniform family, {@code |mu| + }{@value #SIGMAS}{@code  sigma} for
 * the normal family (no builtin sampler goes past about 9 sigma: a double-precision normal draw, or GridSearch's
 * quantiles, stay within that). The user value is then {@code exp} of it for the log types and divided by
 * {@code q} before rounding for the quantised types; each of these must be finite.
 */
final class ValueReach {
    /** How many standard deviations from the mean a normal-family value is allowed to reach. */
    static final int SIGMAS = 40;
    /** The largest x with a finite exp(x). */
    private static final double MAX_EXP_ARGUMENT = Math.log(Double.MAX_VALUE);

    private ValueReach() {
    }

    /** What overflows, as the end of a sentence about the parameter ("must have ..."), or null when nothing does. */
    static String overflow(ParameterType type, double first, double second, double q) {
        double reach;
        if (type.isNormal()) {
            reach = Math.abs(first) + SIGMAS * second;
            if (!Double.isFinite(reach)) {
                return "must have |mu| + " + SIGMAS + " * sigma within the range of a double (values would overflow"
                    + " to infinity)";
            }
            if (type.isLog() && first + SIGMAS * second > MAX_EXP_ARGUMENT) {
                return "must have mu + " + SIGMAS + " * sigma at most " + MAX_EXP_ARGUMENT + " (exp of a value would"
                    + " overflow to infinity)";
            }
            reach = type.isLog() ? Math.exp(Math.min(first + SIGMAS * second, MAX_EXP_ARGUMENT)) : reach;
        } else {
            if (!type.isLog() && !Double.isFinite(second - first)) {
                return "must have high - low within the range of a double (values would overflow to infinity)";
            }
            reach = Math.max(Math.abs(first), Math.abs(second));
        }
        if (!Double.isNaN(q) && !Double.isFinite(reach / q)) {
            return "must have q large enough that values divided by q stay finite";
        }
        return null;
    }
}
