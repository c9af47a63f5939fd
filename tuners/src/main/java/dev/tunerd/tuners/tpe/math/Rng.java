package dev.tunerd.tuners.tpe.math;

import dev.tunerd.tuners.common.SeededRandom;

/**
 * The draws the model-based tuners need (uniform, bounded int, normal, weighted index, geometric) on top of the
 * module's seeded SplitMix64 generator ({@link SeededRandom}), whose whole state is one {@code long}: a tuner puts
 * {@link #state()} in a snapshot and continues with exactly the same draws after a restore. Not thread-safe.
 */
public final class Rng {
    private final SeededRandom generator;

    /** A generator whose state is {@code seed} itself (the seed is not mixed first). */
    public Rng(long seed) {
        this.generator = SeededRandom.fromState(seed);
    }

    /** The state to store in a snapshot; {@code new Rng(state())} continues the same sequence. */
    public long state() {
        return generator.state();
    }

    public long nextLong() {
        return generator.nextLong();
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return generator.nextDouble();
    }

    /** Uniform in [0, bound); {@code bound} must be positive. */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        return (int) ((nextLong() >>> 33) * bound >>> 31);
    }

    /** A standard normal draw (Box-Muller; one of the pair is discarded so the state stays one long). */
    public double nextGaussian() {
        double u1 = 1.0 - nextDouble();
        double u2 = nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }

    /** Index {@code i} with probability {@code w[i] / sum(w)}; {@code total} must be that sum (positive). */
    public int nextWeighted(double[] w, int n, double total) {
        double r = nextDouble() * total;
        for (int i = 0; i < n; i++) {
            r -= w[i];
            if (r < 0) {
                return i;
            }
        }
        return n - 1;
    }

    /** Geometric number of failures before the first success, success probability {@code p} in (0, 1]. */
    public int nextGeometricFailures(double p) {
        if (p >= 1.0) {
            return 0;
        }
        double u = 1.0 - nextDouble();
        double k = Math.floor(Math.log(u) / Math.log1p(-p));
        return k > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) k;
    }
}
