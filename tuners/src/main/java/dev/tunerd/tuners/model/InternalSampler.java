package dev.tunerd.tuners.model;

import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/** A model-based search in internal coordinates (see {@code SearchSpace}); smaller losses are better. Not thread-safe. */
public interface InternalSampler {

    /** One internal vector, NaN for inactive parameters; {@code running} holds the vectors of trials in flight. */
    double[] suggest(List<double[]> running);

    /** A completed trial. */
    void observe(double[] internal, double loss);

    /**
     * A result the sampler did not suggest (imported with {@code FD}: a warm start's history); by default the same as
     * {@link #observe}. A sampler whose rules read the run's own progress (TPE's model probe) tells the two apart.
     */
    default void observeImported(double[] internal, double loss) {
        observe(internal, loss);
    }

    /**
     * What the sampler keeps beyond its observations and the generator, for snapshots (a rule's counter, say);
     * {@code null} JSON when there is nothing.
     */
    default JsonValue state() {
        return JsonNull.INSTANCE;
    }

    /**
     * Restores {@link #state()} after the observations have been replayed into a fresh sampler; a {@code null} JSON
     * (a snapshot written before the sampler kept a state) leaves it as replayed.
     *
     * @throws IllegalArgumentException when {@code state} is not one this sampler wrote
     */
    default void restoreState(JsonValue state) {
    }
}
