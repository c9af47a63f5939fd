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
}
