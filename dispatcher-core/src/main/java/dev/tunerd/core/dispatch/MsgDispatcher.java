package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.MetricType;
import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command handlers of NNI's {@code MsgDispatcher} (spec sections 3 and 4), one method per command, with the
 * deliberate improvements listed in the README. The default worker calls {@link #handle}, the assessor worker
 * {@link #handleOnAssessorQueue} ({@code ME PERIODICAL} and {@code EN}); {@link Daemon#route} says which gets what.
 *
 * <p>{@code EN} is handled in two halves: the reader queues it on both queues. The assessor half (the assessor's
 * {@code trialEnd}) runs on the assessor worker, as in NNI; the tuner half (the tuner's {@code trialEnd}) runs on the
 * default worker, behind every command the manager sent before the {@code EN}, so the tuner sees a trial's final
 * result before its end whenever the manager sent them in that order. In NNI the tuner half also runs on the assessor
 * thread and often overtakes the result, which tuners then lose or crash on.
 *
 * <p>A {@code PERIODICAL} metric is split the same way when the tuner reads intermediate results
 * ({@link ReceivesIntermediateResults}): its tuner half runs on the default worker, in wire order with the trial's
 * {@code FINAL}, its {@code EN} and every {@code GE} around it, and its assessor half (if there is an assessor) on the
 * assessor worker. For any other tuner a {@code PERIODICAL} has only its assessor half and travels on the assessor
 * queue alone, as in NNI, where the tuner half also ran on the assessor thread and raced the default queue.
 *
 * <p>Thread-safe for that use: tuner calls are serialised by {@link GuardedTuner}; the assessor is only called from
 * the assessor worker; the ledger, histories and observer are synchronized. Exceptions propagate to the worker,
 * which reports them ({@code ER}) and ends the daemon.
 */
public final class MsgDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private final GuardedTuner tuner;
    private final Assessor assessor;
    private final DispatchState state;
    private final DispatchObserver observer;
    private final ReplySink sink;
    private final ParameterIssuer issuer;
    private final boolean includeIntermediateResults;
    private final ResumePlan resumePlan;
    private final WireIds wireIds;
    private final boolean tunerReadsIntermediateResults;
    private final AssessorParameters assessorParameters; // assessor worker only
    private boolean tunerRestored; // default worker only
    private boolean assessorStateUnsaved; // assessor worker only

    /**
     * @param tuner    the tuner; wrapped here so its calls never overlap
     * @param assessor the assessor, or null
     * @param state    the ledger, histories, observer and sink; its {@link DispatchState#issuer} must be the sender
     *                 the tuner was created with
     */
    public MsgDispatcher(Tuner tuner, Assessor assessor, DispatchState state, boolean includeIntermediateResults) {
        this.tuner = new GuardedTuner(tuner);
        this.assessor = assessor;
        this.state = state;
        this.observer = state.observer();
        this.sink = state.sink();
        this.issuer = state.issuer();
        this.includeIntermediateResults = includeIntermediateResults;
        this.resumePlan = state.resumePlan();
        this.wireIds = new WireIds(state.ledger());
        this.tunerReadsIntermediateResults = tuner instanceof ReceivesIntermediateResults;
        this.assessorParameters = new AssessorParameters(assessor);
        if (tuner instanceof NamesParameterIds names) {
            issuer.useNames(names);
        }
    }

    /** Handles one command on the calling worker thread. */
    public void handle(InboundCommand command) {
        if (command instanceof InboundCommand.Initialize in) {
            initialize(in);
        } else if (command instanceof InboundCommand.RequestTrialJobs ge) {
            requestTrialJobs(ge.count());
        } else if (command instanceof InboundCommand.ReportMetric me) {
            reportMetric(me);
        } else if (command instanceof InboundCommand.UpdateSearchSpace ss) {
            updateSearchSpace(ss);
        } else if (command instanceof InboundCommand.ImportData fd) {
            importData(fd.trials());
        } else if (command instanceof InboundCommand.AddCustomizedTrials ad) {
            resume(ad);
        } else if (command instanceof InboundCommand.TrialEnd en) {
            tunerTrialEnd(en);
        } else if (command instanceof InboundCommand.Ping) {
            LOG.debug("Ping ignored");
        } else if (command instanceof InboundCommand.Misdirected m) {
            throw new CommandException(m.type(), "Unsupported command: " + m.type().pythonName()
                + " (a dispatcher-to-manager command was received from the manager)");
        } else {
            throw new IllegalStateException(command.type().code() + " is handled by the reader, not a worker");
        }
    }

    /** Handles one command of the assessor queue: the assessor half of a PERIODICAL metric or of an {@code EN}. */
    public void handleOnAssessorQueue(InboundCommand command) {
        if (command instanceof InboundCommand.TrialEnd en) {
            assessorTrialEnd(en);
        } else if (command instanceof InboundCommand.ReportMetric me && me.metricType() == MetricType.PERIODICAL) {
            assessorIntermediateResult(me);
        } else {
            handle(command);
        }
    }

    /**
     * Whether the tuner reads intermediate results: then the tuner half of a PERIODICAL metric travels on the default
     * queue ({@link Daemon#route}).
     */
    boolean tunerReadsIntermediateResults() {
        return tunerReadsIntermediateResults;
    }

    /** Whether an assessor runs: a PERIODICAL metric then has an assessor half. */
    boolean hasAssessor() {
        return assessor != null;
    }

    /** The tuner and assessor end; called once, after both workers stopped. */
    public void closeAlgorithms() {
        tuner.close();
        if (assessor != null) {
            assessor.close();
        }
    }

    private void initialize(InboundCommand.Initialize in) {
        LOG.info("Initial search space: {}", Json.writeAllowingNonFinite(in.searchSpace()));
        tuner.updateSearchSpace(in.searchSpace());
        observer.searchSpaceUpdated(in.searchSpace());
        List<ResumePlan.Unreceived> owed = List.of();
        if (!tunerRestored) { // the saved state needs the search space (a grid position is a position in it)
            tunerRestored = true;
            owed = tuner.withLock(t -> issuer.replaying(() -> resumePlan.restoreTuner(t)));
        }
        sink.send(OutboundCommands.initialized());
        for (ResumePlan.Unreceived u : owed) { // sets the restored tuner sent while it was replayed
            issuer.send(u.parameterId(), u.parameters());
        }
    }

    private void updateSearchSpace(InboundCommand.UpdateSearchSpace ss) {
        LOG.info("New search space: {}", Json.writeAllowingNonFinite(ss.searchSpace()));
        tuner.updateSearchSpace(ss.searchSpace());
        observer.searchSpaceUpdated(ss.searchSpace());
    }

    private void requestTrialJobs(int count) {
        long first = state.ledger().reserve(count);
        observer.idsReserved(first + count);
        List<Long> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(first + i);
        }
        int issued = tuner.withLock(t -> generateAndIssue(t, first, List.copyOf(ids)));
        if (issued < count) {
            // NNI also records "" for the first id here; we do not, so a result for that id keeps its parameters
            NamesParameterIds names = issuer.namer();
            sink.send(names == null ? OutboundCommands.noMoreTrialJobs(first)
                : OutboundCommands.noMoreTrialJobs(tuner.withLock(t -> names.noMoreTrialsParameterId())));
        }
    }

    /**
     * Generates and issues, with the tuner's new state, as one step under the tuner lock: no trial end can come
     * between the state and its record, and a journal writes the sets and the state that knows them together.
     */
    private int generateAndIssue(Tuner t, long first, List<Long> ids) {
        long start = System.nanoTime();
        List<JsonValue> sets = t.generateMultipleParameters(ids);
        long took = System.nanoTime() - start;
        if (sets.size() > ids.size()) {
            throw new IllegalStateException("tuner returned " + sets.size() + " parameter sets for " + ids.size()
                + " ids");
        }
        Optional<JsonValue> saved = t instanceof Snapshotting s && observer.wantsTunerState()
            ? Optional.of(s.snapshot()) : Optional.empty();
        issuer.sendAll(ids.subList(0, sets.size()), sets, new TunerStep(first, ids.size(), took,
            t instanceof Snapshotting, saved));
        return sets.size();
    }

    private void importData(List<ImportedTrial> trials) {
        List<ImportedTrial> fresh = resumePlan.freshImports(trials);
        if (fresh.size() < trials.size()) {
            LOG.info("Import data: {} of {} entries are already in the checkpoint and were not imported again",
                trials.size() - fresh.size(), trials.size());
        }
        tuner.importData(fresh);
        observer.dataImported(fresh);
    }

    private void resume(InboundCommand.AddCustomizedTrials ad) {
        List<String> named = state.ledger().resume(ad.resumed());
        observer.idsReserved(state.ledger().nextId());
        LOG.info("Resumed {} trials of the previous run; next parameter id {}", ad.resumed().size(),
            state.ledger().nextId());
        if (!named.isEmpty() && issuer.namer() != null) {
            tuner.withLock(t -> {
                issuer.namer().wireIdsInUse(named);
                return null;
            });
        }
        for (ResumePlan.Unreceived u : resumePlan.unreceived(ad.resumed())) {
            LOG.warn("Parameter id {} was issued before the restart but its trial job never reached the manager;"
                + " sending it again", u.parameterId());
            String wire = state.ledger().wireId(u.parameterId());
            sink.send(wire == null ? OutboundCommands.newTrialJob(u.parameterId(), u.parameters())
                : OutboundCommands.newTrialJob(wire, u.parameters()));
        }
    }

    private void reportMetric(InboundCommand.ReportMetric named) {
        InboundCommand.ReportMetric me = wireIds.resolve(named); // every metric passes here: no allocation
        if (me == null) {
            return;
        }
        Long id = me.parameterId();
        if (id != null && isPreviousRunsAndNotOwned(id)) {
            if (me.metricType() == MetricType.FINAL) {
                importRecovered(id, me);
            }
            return;
        }
        switch (me.metricType()) {
            case FINAL -> finalResult(me);
            case PERIODICAL -> tunerIntermediateResult(me);
            case REQUEST_PARAMETER -> throw new CommandException(me.type(),
                "metric type REQUEST_PARAMETER (multi-phase) is not supported; NNI removed it in v2.2");
        }
    }

    private void importRecovered(long id, InboundCommand.ReportMetric me) {
        JsonValue params = state.ledger().parameters(id);
        if (params == null && state.ledger().isKnown(id)) {
            LOG.warn("Duplicate final result for recovered parameter id {} ignored", id);
            return;
        }
        if (params == null) { // e.g. id 0 after "AD []": NNI raised KeyError here
            LOG.warn("Find unknown job parameter id {}, maybe something goes wrong.", id);
            return;
        }
        if (!FinalResults.isNumeric(me, id)) {
            return;
        }
        if (!state.ledger().markFinalReceived(id)) {
            LOG.warn("Duplicate final result for recovered parameter id {} ignored", id);
            return;
        }
        List<ImportedTrial> imported = List.of(new ImportedTrial(params, me.value(),
            Optional.ofNullable(me.trialJobId())));
        tuner.importData(imported);
        observer.finalResultReceived(id, me.trialJobId(), me.value());
    }

    private void finalResult(InboundCommand.ReportMetric me) {
        withDeferredSends(t -> FinalResults.deliver(me, tuner, state.ledger(), observer));
    }

    /**
     * Runs a tuner call that may send deferred sets (Evolution's, a serial advisor's owed trials) as one step under
     * the tuner lock: their {@code TR}s wait until the call and its records are done and the tuner's state that knows
     * them is recorded, so a restarted tuner never generates or names them again.
     */
    private void withDeferredSends(java.util.function.Consumer<Tuner> call) {
        tuner.withLock(t -> {
            issuer.hold();
            List<dev.tunerd.protocol.Command> held = List.of();
            try {
                call.accept(t);
            } finally {
                held = issuer.release();
            }
            if (!held.isEmpty()) {
                // a state due now releases them with it; otherwise the records this call wrote (its result, its
                // trial end, its intermediate result) let a resume repeat it on the last state (TunerReplay), so the
                // tuner sends them again under the same ids and they are dropped as issued
                if (t instanceof Snapshotting s && observer.wantsTunerState()) {
                    observer.tunerStateSaved(s.snapshot());
                }
                sink.sendAll(held);
            }
            return null;
        });
    }

    /**
     * Spec 4.7: a previous run's trial is not the tuner's; its FINAL is imported, its other metrics and its end are
     * dropped. Except for a tuner that names its ids and was restored from its own saved state: it knows those trials.
     */
    private boolean isPreviousRunsAndNotOwned(long id) {
        return state.ledger().isRecovered(id) && !(issuer.namer() != null && resumePlan.restoredTunerState());
    }

    /**
     * The tuner half of a PERIODICAL metric, on the default worker (queued there only for a tuner that reads them), in
     * wire order: behind everything the manager sent before it, ahead of the trial's FINAL and EN that follow it.
     * Known, not "parameters held": the ledger lets a trial's parameters go once its FINAL and EN are in, and a metric
     * the manager sends after those (out of order, or repeated) still reaches the tuner, whose contract allows it.
     */
    private void tunerIntermediateResult(InboundCommand.ReportMetric me) {
        if (tunerReadsIntermediateResults && me.parameterId() != null && me.trialJobId() != null
            && state.ledger().isKnown(me.parameterId()) && PeriodicalValues.isScalar(me, true)) {
            withDeferredSends(t -> { // one step: the record is written before any TR this call held back
                ((ReceivesIntermediateResults) t).receiveIntermediateResult(new IntermediateResult(me.parameterId(),
                    me.trialJobId(), me.sequence(), me.value()));
                observer.intermediateResultReceived(me.parameterId(), me.trialJobId(), me.sequence(), me.value());
            });
        }
    }

    /**
     * The assessor half of a PERIODICAL metric, on the assessor worker: no tuner lock (for a tuner that reads
     * intermediate results the tuner half is queued on the default worker, and logs an unknown id).
     */
    private void assessorIntermediateResult(InboundCommand.ReportMetric named) {
        InboundCommand.ReportMetric me = wireIds.resolve(named, !tunerReadsIntermediateResults); // no allocation
        if (me == null || assessor == null) {
            return;
        }
        Long id = me.parameterId();
        if (id != null && isPreviousRunsAndNotOwned(id)) {
            return; // a trial of the previous run: its intermediate results are dropped (spec 4.7)
        }
        if (me.trialJobId() == null) {
            throw new CommandException(me.type(), "field \"trial_job_id\" is required for a PERIODICAL metric");
        }
        if (!PeriodicalValues.isScalar(me, !tunerReadsIntermediateResults)) {
            return;
        }
        Optional<List<JsonValue>> history = state.histories().add(me.trialJobId(), me.sequence(), me.value());
        if (history.isEmpty()) {
            return;
        }
        assessorParameters.beforeAssessment(me.trialJobId(), id, state.ledger());
        boolean bad = Assessments.isBad(assessor, me.trialJobId(), history.get());
        saveAssessorState();
        if (bad) {
            sink.send(OutboundCommands.killTrialJob(me.trialJobId()));
            if (includeIntermediateResults) {
                // NNI re-enqueues this metric as FINAL on the default queue; the tuner lock makes a direct call safe
                finalResult(new InboundCommand.ReportMetric(MetricType.FINAL, me.parameterId(), me.trialJobId(),
                    me.sequence(), me.value(), me.raw()));
            }
        }
    }

    /** The assessor half of {@code EN}: the assessor forgets the trial (if it assessed it). Assessor worker. */
    private void assessorTrialEnd(InboundCommand.TrialEnd named) {
        Optional<InboundCommand.TrialEnd> resolved = wireIds.resolveQuietly(named); // the tuner half logs
        if (resolved.isEmpty()) {
            return;
        }
        InboundCommand.TrialEnd en = resolved.get();
        Long id = en.parameterId();
        if (id != null && isPreviousRunsAndNotOwned(id)) {
            return; // a trial of the previous run: neither algorithm is told (spec 4.7)
        }
        if (state.histories().end(en.trialJobId()) && assessor != null) {
            assessorParameters.beforeEnd(en.trialJobId(), en.parameters());
            assessor.trialEnd(en.trialJobId(), en.succeeded());
            assessorStateUnsaved = true;
            saveAssessorState();
        }
    }

    /** The tuner half of {@code EN}, on the default worker: queued behind the trial's FINAL if it was sent first. */
    private void tunerTrialEnd(InboundCommand.TrialEnd named) {
        Optional<InboundCommand.TrialEnd> resolved = wireIds.resolve(named);
        if (resolved.isEmpty()) {
            observer.trialEnded(named.trialJobId(), null, named.event());
            return;
        }
        InboundCommand.TrialEnd en = resolved.get();
        Long id = en.parameterId();
        if (id != null && isPreviousRunsAndNotOwned(id)) {
            LOG.debug("Trial end of {} (parameter id {} of the previous run) ignored", SafeText.of(en.trialJobId()), id);
            return;
        }
        if (id != null && !state.ledger().markEnded(id)) {
            LOG.warn("Duplicate trial end for trial {} (parameter id {}) ignored", SafeText.of(en.trialJobId()), id);
            return;
        }
        if (id != null && !state.ledger().isKnown(id)) {
            LOG.warn("Trial end for unknown parameter id {} (trial {}) not passed to the tuner", id,
                SafeText.of(en.trialJobId()));
            observer.trialEnded(en.trialJobId(), id, en.event());
        } else if (id != null) {
            if (en.succeeded() && !state.ledger().hasFinal(id)) { // a FINAL sent later is still delivered
                LOG.info("Trial {} (parameter id {}) ended before its final result arrived", SafeText.of(en.trialJobId()),
                    id);
            }
            withDeferredSends(t -> { // one step, so a tuner snapshot never holds this end without its record
                t.trialEnd(id, en.succeeded());
                observer.trialEnded(en.trialJobId(), id, en.event());
            });
        } else {
            observer.trialEnded(en.trialJobId(), null, en.event());
        }
    }

    /** Saves the assessor's state when a trial end changed it and the observer wants it now. */
    private void saveAssessorState() {
        if (assessorStateUnsaved && assessor instanceof Snapshotting s && observer.wantsAssessorState()) {
            observer.assessorStateSaved(s.snapshot());
            assessorStateUnsaved = false;
        }
    }
}
