package dev.tunerd.spi;

/**
 * Makes an {@link Assessor}. Register an implementation in {@code META-INF/services/dev.tunerd.spi.AssessorProvider}.
 *
 * @param <A> the classArgs record type
 */
public interface AssessorProvider<A extends Record> extends AlgorithmProvider<A, Assessor> {
}
