package dev.tunerd.tuners.pbt;

import java.util.List;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;

/**
 * NNI's explore step ({@code exploit_and_explore} / {@code perturbation} in {@code pbt_tuner.py}) in the internal
 * representation of {@link SearchSpace}: each parameter is drawn afresh with probability {@code resample_probability};
 * otherwise it moves up or down (even odds) by one step and is clamped to its bounds:
 * <ul>
 *   <li>choice, randint: one option up or down;</li>
 *   <li>uniform, loguniform: {@code factor} times the range (in log space for loguniform);</li>
 *   <li>quniform, qloguniform: one quantum, on the user's value ({@code (round(v/q) +- 1) q});</li>
 *   <li>normal, lognormal: {@code factor} times sigma (log space for lognormal), unclamped;</li>
 *   <li>qnormal, qlognormal: one quantum (qlognormal: not below 1e-10), unclamped above.</li>
 * </ul>
 * Stateless apart from the caller's generator.
 */
final class Explorer {
    private static final double QLOGNORMAL_FLOOR = 1e-10;

    private final SearchSpace space;
    private final double factor;
    private final double resampleProbability;

    Explorer(SearchSpace space, double factor, double resampleProbability) {
        this.space = space;
        this.factor = factor;
        this.resampleProbability = resampleProbability;
    }

    /** A perturbed copy of {@code internal}. */
    double[] explore(double[] internal, Rng rng) {
        double[] out = internal.clone();
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            ParameterSpec p = specs.get(i);
            if (rng.nextDouble() < resampleProbability) {
                out[i] = RandomSampler.draw(p, rng);
            } else {
                out[i] = step(p, internal[i], rng.nextDouble() > 0.5);
            }
        }
        return out;
    }

    private double step(ParameterSpec p, double x, boolean up) {
        int sign = up ? 1 : -1;
        if (p.categorical()) {
            return clamp(x + sign, 0, p.size() - 1);
        }
        return switch (p.type()) {
            case UNIFORM, LOGUNIFORM -> clamp(x + sign * (p.high() - p.low()) * factor, p.low(), p.high());
            case QUNIFORM -> clamp(quantumStep(p, x, sign), p.clipLow(), p.clipHigh());
            case QLOGUNIFORM -> Math.log(clamp(quantumStep(p, x, sign), p.clipLow(), p.clipHigh()));
            case NORMAL, LOGNORMAL -> x + sign * p.sigma() * factor;
            case QNORMAL -> p.formatNumber(x) + sign * p.q();
            case QLOGNORMAL -> Math.log(Math.max(p.formatNumber(x) + sign * p.q(), QLOGNORMAL_FLOOR));
            default -> throw new IllegalStateException("unexpected type " + p.type());
        };
    }

    /** NNI's {@code (round(v / q) +- 1) * q} on the user's value (Python rounds half to even). */
    private static double quantumStep(ParameterSpec p, double x, int sign) {
        double v = p.formatNumber(x);
        return (Math.rint(v / p.q()) + sign) * p.q();
    }

    private static double clamp(double x, double low, double high) {
        return Math.max(low, Math.min(high, x));
    }
}
