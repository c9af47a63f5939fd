package dev.tunerd.tuners.grid;

/**
 * classArgs of {@code GridSearch}: none in NNI's registry; {@code optimize_mode} is tolerated and ignored, as NNI's
 * constructor does. Immutable, thread-safe.
 *
 * @param optimizeMode {@code optimize_mode}, ignored
 */
public record GridSearchArgs(String optimizeMode) {
}
