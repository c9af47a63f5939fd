package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.protocol.Command;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

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
    /** Non-null while a restored tuner is brought up to date: its deferred sends wait here (see {@link #replaying}). */
    private List<ResumePlan.Unreceived> heldDuringReplay;

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
        if (heldDuringReplay != null) {
            if (!ledger.isKnown(parameterId)) { // issued before the restart: the journal has it, the manager too
                heldDuringReplay.add(new ResumePlan.Unreceived(parameterId, parameters));
            }
            return;
        }
        var tr = OutboundCommands.newTrialJob(parameterId, parameters); // fails on NaN before anything is recorded
        ledger.issue(parameterId, parameters);
        observer.parametersIssued(parameterId, parameters);
        sink.send(tr);
    }

    /**
     * Runs {@code replay} (a restored tuner repeating what the journal recorded after its state) with deferred sends
     * held back: a set the tuner sends for an id issued before the restart is dropped (it went out then), any other
     * is returned, to be issued with {@link #send} once the replay is over. Without this, a tuner that pays owed ids
     * from {@code receiveTrialResult} (Evolution) would issue an id twice, or before {@code ID}, while it is replayed.
     */
    public synchronized List<ResumePlan.Unreceived> replaying(Runnable replay) {
        heldDuringReplay = new ArrayList<>();
        try {
            replay.run();
            return heldDuringReplay;
        } finally {
            heldDuringReplay = null;
        }
    }

    /**
     * Issues {@code sets} under {@code ids} (same sizes) as one step: all recorded, then observed in one call together
     * with the tuner call that generated them, then one {@code TR} each.
     *
     * @throws IllegalArgumentException when an id was never reserved or was already issued
     */
    public synchronized void sendAll(List<Long> ids, List<JsonValue> sets, TunerStep step) {
        if (ids.size() != sets.size()) {
            throw new IllegalArgumentException(ids.size() + " ids for " + sets.size() + " parameter sets");
        }
        List<Command> replies = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            replies.add(OutboundCommands.newTrialJob(ids.get(i), sets.get(i))); // NaN fails before anything is recorded
        }
        for (int i = 0; i < ids.size(); i++) {
            ledger.issue(ids.get(i), sets.get(i));
        }
        observer.parameterSetsIssued(List.copyOf(ids), List.copyOf(sets), step);
        sink.sendAll(replies);
    }
}
