package dev.tunerd.tuners.bench;

import dev.tunerd.spi.space.SearchSpace;

/** A minimisation problem over an NNI search space with a known optimum. Implementations are immutable. */
public interface BenchProblem {
    String name();

    SearchSpace space();

    /** The known minimum f*. */
    double optimum();

    /** The loss of an internal vector of {@link #space()}. */
    double evaluate(double[] internal);
}
