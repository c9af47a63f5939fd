package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.spi.json.JsonValue;

/**
 * Issues a parameter set: records it in the {@link ParameterLedger}, tells the observer, then sends {@code TR}, in
 * that order, so nothing is acknowledged to the manager before it is recorded. Also the {@link ParameterSender}
 * handed to tuners for deferred sets (NNI's {@code st_callback}).
 *
 * <p>Thread-safe: {@link #send} is synchronized, so a deferred set from the assessor worker and a batch from the
 * default worker are recorded and written one at a time.
 */
public final class ParameterIssuer implements ParameterSender {

    private final ParameterLedger ledger;
    private final DispatchObserver observer;
    private final ReplySink sink;

    ParameterIssuer(ParameterLedger ledger, DispatchObserver observer, ReplySink sink) {
        this.ledger = ledger;
        this.observer = observer;
        this.sink = sink;
    }

    /**
     * @throws IllegalArgumentException when {@code parameterId} was never reserved or was already issued
     */
    @Override
    public synchronized void send(long parameterId, JsonValue parameters) {
        var tr = OutboundCommands.newTrialJob(parameterId, parameters); // fails on NaN before anything is recorded
        ledger.issue(parameterId, parameters);
        observer.parametersIssued(parameterId, parameters);
        sink.send(tr);
    }
}
