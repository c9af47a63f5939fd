package dev.tunerd.tuners.bench;

/** An optimiser seen by the benchmark: asks for an internal vector, is told its loss. Not thread-safe. */
public interface Driver {
    double[] ask();

    void tell(double[] internal, double loss);
}
