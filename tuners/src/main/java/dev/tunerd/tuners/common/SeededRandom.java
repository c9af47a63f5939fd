package dev.tunerd.tuners.common;

import java.util.random.RandomGenerator;

/**
 * A seeded SplitMix64 generator whose whole state is one {@code long}, so a tuner can put it in a snapshot and
 * continue the same stream after a restart ({@link java.util.SplittableRandom} hides its state). Every other method
 * ({@code nextInt(bound)}, {@code nextDouble()}, {@code nextGaussian()}) is the JDK's default built on
 * {@link #nextLong()}. Not thread-safe: one tuner, one generator.
 */
public final class SeededRandom implements RandomGenerator {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private long state;

    private SeededRandom(long state) {
        this.state = state;
    }

    /** A generator for {@code seed}; equal seeds give equal streams. */
    public static SeededRandom withSeed(long seed) {
        return new SeededRandom(mix(seed));
    }

    /** A generator continuing from a {@link #state()} taken earlier. */
    public static SeededRandom fromState(long state) {
        return new SeededRandom(state);
    }

    /** The whole state; {@link #fromState} continues the stream from here. */
    public long state() {
        return state;
    }

    @Override
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
