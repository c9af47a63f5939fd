package dev.tunerd.tuners.common;

import java.util.random.RandomGenerator;

/**
 * The one seeded generator of the builtin algorithms: SplitMix64, whose whole state is one {@code long}, so a tuner
 * puts {@link #state()} in a snapshot and continues with exactly the same draws after a restore
 * ({@link java.util.SplittableRandom} hides its state). Besides the {@link RandomGenerator} methods it has the draws
 * the model-based tuners need (bounded int, normal, weighted index, geometric). Not thread-safe: one algorithm, one
 * generator.
 */
public final class Rng implements RandomGenerator {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private long state;

    /** A generator whose state is {@code state} itself (not mixed first): continues a stream from {@link #state()}. */
    public Rng(long state) {
        this.state = state;
    }

    /** A generator for {@code seed}, mixed first so that nearby seeds give unrelated streams; equal seeds, equal streams. */
    public static Rng withSeed(long seed) {
        return new Rng(mix(seed));
    }

    /** The state to store in a snapshot; {@code new Rng(state())} continues the same sequence. */
    public long state() {
        return state;
    }

    @Override
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in [0, bound); {@code bound} must be positive. */
    @Override
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        return (int) ((nextLong() >>> 33) * bound >>> 31);
    }

    /** A standard normal draw (Box-Muller; one of the pair is discarded so the state stays one long). */
    @Override
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

    /** SplitMix64's finaliser (also {@link ScoutSpread}'s hash). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
