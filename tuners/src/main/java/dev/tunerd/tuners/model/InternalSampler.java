package dev.tunerd.tuners.model;

import java.util.List;

/** A model-based search in internal coordinates (see {@code SearchSpace}); smaller losses are better. Not thread-safe. */
public interface InternalSampler {

    /** One internal vector, NaN for inactive parameters; {@code running} holds the vectors of trials in flight. */
    double[] suggest(List<double[]> running);

    /** A completed trial. */
    void observe(double[] internal, double loss);
}
