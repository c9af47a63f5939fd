package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * A hyper-parameter tuner: NNI's {@code Tuner} contract in Java terms.
 *
 * <p><b>Threading:</b> the dispatcher never calls one tuner instance from two threads at once, so an
 * implementation needs no locking of its own. Calls may come from different threads over time (the default
 * worker and the assessor worker), always with a happens-before edge between them.
 *
 * <p><b>Failures:</b> any exception other than {@link NoMoreTrialsException} is reported by the dispatcher to the
 * manager as an {@code ER} command and ends the process with a non-zero exit code.
 */
public interface Tuner extends AutoCloseable {

    /**
     * Receives the search space, first on {@code IN} and again on every {@code SS}. The object is the user's JSON as
     * sent (key order kept); builtin tuners parse and validate it with {@code dev.tunerd.spi.space.SearchSpace}.
     *
     * @throws InvalidSearchSpaceException when the space is not acceptable to this tuner
     */
    void updateSearchSpace(JsonObject searchSpace);

    /**
     * Generates one parameter set for {@code parameterId}.
     *
     * @throws NoMoreTrialsException when the tuner has nothing (more) to offer for now
     */
    JsonValue generateParameters(long parameterId) throws NoMoreTrialsException;

    /**
     * Generates parameter sets for the given ids, in order; may return fewer than asked (then the dispatcher sends
     * {@code NO}). The default calls {@link #generateParameters} per id and stops at the first
     * {@link NoMoreTrialsException}. A tuner that defers work (Evolution) remembers the unfilled ids and later sends
     * them through {@link AlgorithmContext#sender()}.
     */
    default List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        List<JsonValue> out = new ArrayList<>(parameterIds.size());
        for (long id : parameterIds) {
            try {
                out.add(generateParameters(id));
            } catch (NoMoreTrialsException e) {
                break;
            }
        }
        return out;
    }

    /** A final result for parameters this dispatcher issued (or a customized trial, if {@link #acceptsCustomizedTrials}). */
    void receiveTrialResult(TrialResult result);

    /**
     * A trial ended. Called only for parameter ids this dispatcher issued (never for customized trials, whose id is
     * null in NNI). May come before, after, or without the trial's final result.
     */
    default void trialEnd(long parameterId, boolean success) {
    }

    /** Previous results imported by the user or re-sent by the manager on resume ({@code FD}). */
    default void importData(List<ImportedTrial> trials) {
    }

    /** Whether results of customized trials (added by hand in the web UI) should reach this tuner. */
    default boolean acceptsCustomizedTrials() {
        return false;
    }

    /** Called once when the dispatcher ends, normally or not. Must not throw. */
    @Override
    default void close() {
    }
}
