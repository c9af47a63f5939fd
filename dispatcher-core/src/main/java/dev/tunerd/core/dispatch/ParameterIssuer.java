package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.protocol.Command;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
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

    /** Longest wire id a tuner may name (ids travel in every metric a trial reports). */
    static final int MAX_WIRE_ID_LENGTH = 256;

    private final ParameterLedger ledger;
    private final DispatchObserver observer;
    private final ReplySink sink;
    private volatile NamesParameterIds namer;
    private IssuedIdsRecord record; // null: none
    private List<Command> held; // TRs of deferred sends made inside a tuner call, sent after the tuner's state
    /** Non-null while a restored tuner is brought up to date: its deferred sends wait here (see {@link #replaying}). */
    private List<ResumePlan.Unreceived> heldDuringReplay;

    ParameterIssuer(ParameterLedger ledger, DispatchObserver observer, ReplySink sink) {
        this.ledger = ledger;
        this.observer = observer;
        this.sink = sink;
    }

    /** From now on every issued set gets the wire id {@code names} gives it (set once, before the first set). */
    void useNames(NamesParameterIds names) {
        this.namer = names;
    }

    /**
     * From now until {@link #release}, deferred sets are recorded at once but their {@code TR}s are kept back, so that
     * the caller can record the tuner state that knows them first (a killed tuner must not name or issue them again).
     */
    synchronized void hold() {
        if (held == null) {
            held = new ArrayList<>();
        }
    }

    /** Ends {@link #hold} and returns the {@code TR}s kept back, in order, for the caller to send. */
    synchronized List<Command> release() {
        List<Command> out = held == null ? List.of() : held;
        held = null;
        return out;
    }

    /**
     * From now on, before a {@code TR} leaves, {@code record} learns a bound above its id (and above the namer's
     * counter), so that a resume without a checkpoint can continue past every id issued here.
     */
    synchronized void recordIssuedIds(IssuedIdsRecord record) {
        this.record = record;
    }

    private void coverIssued() {
        if (record != null) {
            record.cover(Math.max(ledger.nextId(), namer == null ? -1 : namer.nameCounterBound()));
        }
    }

    /** The tuner's naming of wire ids, or null when the dispatcher's own numbers are the wire ids. */
    NamesParameterIds namer() {
        return namer;
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
        if (namer != null) {
            sendAll(List.of(parameterId), List.of(parameters), TunerStep.stateless(parameterId, 1));
            return;
        }
        var tr = OutboundCommands.newTrialJob(parameterId, parameters); // fails on NaN before anything is recorded
        ledger.issue(parameterId, parameters);
        coverIssued();
        observer.parametersIssued(parameterId, parameters);
        if (held != null) {
            held.add(tr);
        } else {
            sink.send(tr);
        }
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
        List<String> wireIds = namer == null ? null : wireIds(ids);
        List<Command> replies = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) { // NaN fails before anything is recorded
            replies.add(wireIds == null ? OutboundCommands.newTrialJob(ids.get(i), sets.get(i))
                : OutboundCommands.newTrialJob(wireIds.get(i), sets.get(i)));
        }
        for (int i = 0; i < ids.size(); i++) {
            if (wireIds == null) {
                ledger.issue(ids.get(i), sets.get(i));
            } else {
                ledger.issue(ids.get(i), sets.get(i), wireIds.get(i));
            }
        }
        coverIssued();
        if (wireIds != null) {
            observer.wireIdsNamed(List.copyOf(ids), wireIds);
        }
        observer.parameterSetsIssued(List.copyOf(ids), List.copyOf(sets), step);
        if (held != null && step.state().isEmpty()) { // a deferred send during a held tuner call
            held.addAll(replies);
        } else {
            sink.sendAll(replies);
        }
    }

    /** Asks the tuner for the wire id of each set, and checks them before anything is recorded. */
    private List<String> wireIds(List<Long> ids) {
        List<String> out = new ArrayList<>(ids.size());
        var seen = new HashSet<String>();
        for (long id : ids) {
            String wire = namer.wireParameterId(id);
            if (wire == null || wire.isEmpty() || wire.length() > MAX_WIRE_ID_LENGTH) {
                throw new IllegalStateException("the tuner named no usable wire id for parameter id " + id
                    + " (a non-empty string of at most " + MAX_WIRE_ID_LENGTH + " characters is required)");
            }
            if (!seen.add(wire) || ledger.knowsWire(wire)) {
                throw new IllegalStateException("the tuner named wire id \"" + wire + "\" twice");
            }
            out.add(wire);
        }
        return List.copyOf(out);
    }
}
