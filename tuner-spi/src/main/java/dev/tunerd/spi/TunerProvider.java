package dev.tunerd.spi;

/**
 * Makes a {@link Tuner}. Register an implementation in {@code META-INF/services/dev.tunerd.spi.TunerProvider}.
 *
 * @param <A> the classArgs record type
 */
public interface TunerProvider<A extends Record> extends AlgorithmProvider<A, Tuner> {
}
