package dev.tunerd.tuners.random;

/**
 * classArgs of {@code Random}. Immutable, thread-safe.
 *
 * @param seed         {@code seed}: the random seed; null picks one (logged, and kept in snapshots)
 * @param optimizeMode {@code optimize_mode}: accepted and ignored, as NNI does (random search has no direction)
 */
public record RandomArgs(Integer seed, String optimizeMode) {
}
