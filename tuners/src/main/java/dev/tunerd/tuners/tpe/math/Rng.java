package dev.tunerd.tuners.tpe.math;

/**
 * A small seeded random generator (SplitMix64) whose whole state is one {@code long}, so that a tuner can put it in
 * a snapshot and continue with exactly the same draws after a restore. Statistical quality is ample for sampling
 * hyper-parameters; it is not a cryptographic generator. Not thread-safe.
 */
public final class Rng {
    private static final double DOUBLE_UNIT = 0x1.0p-53;
    private long state;

    public Rng(long seed) {
        this.state = seed;
    }

    /** The state to store in a snapshot; {@code new Rng(state())} continues the same sequence. */
    public long state() {
        return state;
    }

    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * DOUBLE_UNIT;
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
