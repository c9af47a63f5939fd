package dev.tunerd.core.dispatch;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * Calls a {@link DispatchObserver} one call at a time, whichever worker makes the change: the observer contract says
 * it is never called concurrently. Thread-safe.
 */
final class SerialObserver implements DispatchObserver {

    private final DispatchObserver delegate;

    SerialObserver(DispatchObserver delegate) {
        this.delegate = delegate;
    }

    @Override
    public synchronized void searchSpaceUpdated(JsonObject space) {
        delegate.searchSpaceUpdated(space);
    }

    @Override
    public synchronized void idsReserved(long nextParameterId) {
        delegate.idsReserved(nextParameterId);
    }

    @Override
    public synchronized void parametersIssued(long parameterId, JsonValue parameters) {
        delegate.parametersIssued(parameterId, parameters);
    }

    @Override
    public synchronized void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
        delegate.parameterSetsIssued(ids, sets, step);
    }

    @Override
    public synchronized void wireIdsNamed(List<Long> ids, List<String> wireIds) {
        delegate.wireIdsNamed(ids, wireIds);
    }

    @Override
    public synchronized void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
        delegate.finalResultReceived(parameterId, trialJobIdOrNull, value);
    }

    @Override
    public synchronized void intermediateResultReceived(long parameterId, String trialJobId, int sequence,
                                                        JsonValue value) {
        delegate.intermediateResultReceived(parameterId, trialJobId, sequence, value);
    }

    @Override
    public synchronized void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
        delegate.trialEnded(trialJobId, parameterIdOrNull, event);
    }

    @Override
    public synchronized void dataImported(List<ImportedTrial> trials) {
        delegate.dataImported(trials);
    }

    @Override
    public synchronized boolean wantsTunerState() {
        return delegate.wantsTunerState();
    }

    @Override
    public synchronized boolean wantsAssessorState() {
        return delegate.wantsAssessorState();
    }

    @Override
    public synchronized void tunerStateSaved(JsonValue state) {
        delegate.tunerStateSaved(state);
    }

    @Override
    public synchronized void assessorStateSaved(JsonValue state) {
        delegate.assessorStateSaved(state);
    }
}
