package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * Decides whether a running trial should go on, from its intermediate results: NNI's {@code Assessor} contract.
 *
 * <p><b>Threading:</b> called from one thread at a time (the assessor worker); no locking needed.
 */
public interface Assessor extends AutoCloseable {

    /**
     * Judges a trial from its gap-free history of intermediate results, oldest first. Values are as the trial
     * reported them: numbers, or objects with a numeric {@code default} (see {@link Metrics#scalar}).
     */
    AssessResult assessTrial(String trialJobId, List<JsonValue> history);

    /** The trial ended; {@code success} is true only for {@code SUCCEEDED}. */
    default void trialEnd(String trialJobId, boolean success) {
    }

    /** Called once when the dispatcher ends. Must not throw. */
    @Override
    default void close() {
    }
}
