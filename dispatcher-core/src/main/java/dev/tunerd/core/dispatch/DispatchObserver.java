package dev.tunerd.core.dispatch;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * Observes what the dispatcher commits to, so that a checkpoint journal can make it durable. Each method is called
 * on the worker thread that made the change, after the change and <em>before</em> any reply that acknowledges it is
 * written (a parameter set is observed before its {@code TR} goes out), and never concurrently with another call.
 * An exception thrown here is a dispatcher failure (ER, non-zero exit) unless the implementation decides otherwise.
 */
public interface DispatchObserver {

    /** No-op observer. */
    DispatchObserver NONE = new DispatchObserver() {
    };

    /** The search space was set ({@code IN}) or replaced ({@code SS}). */
    default void searchSpaceUpdated(JsonObject space) {
    }

    /** The id counter moved: every id below {@code nextParameterId} is used or burned and is never issued again. */
    default void idsReserved(long nextParameterId) {
    }

    /** A parameter set was issued under {@code parameterId}; its {@code TR} is written after this returns. */
    default void parametersIssued(long parameterId, JsonValue parameters) {
    }

    /**
     * Parameter sets issued together for one request ({@code ids.get(i)} with {@code sets.get(i)}), with the tuner
     * call that generated them ({@link TunerStep}: the ids asked for, and the tuner's {@code Snapshotting.snapshot()}
     * taken right after it when {@link #wantsTunerState} said yes and the tuner can); their {@code TR}s are written
     * after this returns. One call, so that a journal can write the sets and the state (or the step to replay) that
     * knows them together and force them once. The default calls {@link #parametersIssued} for each set, then
     * {@link #tunerStateSaved} when there is a state.
     */
    default void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
        for (int i = 0; i < ids.size(); i++) {
            parametersIssued(ids.get(i), sets.get(i));
        }
        step.state().ifPresent(this::tunerStateSaved);
    }

    /**
     * The tuner named the wire ids of sets about to be issued ({@code dev.tunerd.spi.NamesParameterIds}):
     * {@code wireIds.get(i)} for {@code ids.get(i)}. Called just before the sets are issued (observed through
     * {@link #parameterSetsIssued} or {@link #parametersIssued}), which make it durable with them.
     */
    default void wireIdsNamed(List<Long> ids, List<String> wireIds) {
    }

    /** A final result reached the tuner (or was imported, for a trial of a previous run). */
    default void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
    }

    /**
     * An intermediate ({@code PERIODICAL}) result was given to a tuner that reads them
     * ({@code ReceivesIntermediateResults}), under the tuner lock; not called for other tuners, so that a journal
     * records intermediate results only when an algorithm consumes them.
     */
    default void intermediateResultReceived(long parameterId, String trialJobId, int sequence, JsonValue value) {
    }

    /** A trial ended ({@code EN}); {@code parameterIdOrNull} is null for customized trials. */
    default void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
    }

    /** Data was imported ({@code FD}), after normalisation. */
    default void dataImported(List<ImportedTrial> trials) {
    }

    /**
     * Whether the tuner's state is wanted with the {@code GE} being handled: the dispatcher takes the tuner's
     * {@code Snapshotting.snapshot()} only when this is true, so an observer that keeps nothing costs nothing, and a
     * journal can take it at a growing interval and replay the steps in between ({@link TunerStep}).
     */
    default boolean wantsTunerState() {
        return false;
    }

    /**
     * Whether {@link #assessorStateSaved} is wanted now; an observer may say no for a while after the last one (an
     * assessor's state grows with every completed trial, so taking it after every trial end would cost quadratic time).
     */
    default boolean wantsAssessorState() {
        return false;
    }

    /** The tuner's {@code Snapshotting.snapshot()}, taken under the tuner's lock (see {@link #parameterSetsIssued}). */
    default void tunerStateSaved(JsonValue state) {
    }

    /**
     * The assessor's {@code Snapshotting.snapshot()}, taken on the assessor worker after a trial end was recorded (or,
     * when {@link #wantsAssessorState} said no then, after a later assessor call).
     */
    default void assessorStateSaved(JsonValue state) {
    }
}
