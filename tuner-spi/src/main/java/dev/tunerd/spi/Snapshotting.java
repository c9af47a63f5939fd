package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;

/**
 * An optional ability of a {@link Tuner} or {@link Assessor}: its whole state as JSON, so that a restarted
 * dispatcher continues where it was. Called under the same one-thread-at-a-time rule as the algorithm's other
 * methods.
 */
public interface Snapshotting {

    /** The state; must be restorable by {@link #restore} on a fresh instance created with the same classArgs. */
    JsonValue snapshot();

    /**
     * Restores a state produced by {@link #snapshot}; called after the search space is set again on resume.
     *
     * @throws IllegalArgumentException when the state is not one this algorithm wrote
     */
    void restore(JsonValue state);

    /**
     * Called once on resume, after {@link #restore} and after the inputs a checkpoint journal recorded since that
     * state were given again (calls repeated, results, trial ends, intermediate results), before any new command: the
     * moment to drop what belonged only to the previous process (e.g. ids owed to a manager that no longer waits for
     * them). The default does nothing.
     */
    default void restoreFinished() {
    }
}
