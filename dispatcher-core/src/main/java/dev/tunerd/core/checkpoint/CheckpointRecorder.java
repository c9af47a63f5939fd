package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.core.dispatch.TunerStep;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the checkpoint journal from the dispatcher's {@link DispatchObserver} calls, under the chosen
 * {@link CheckpointMode}.
 *
 * <p><b>Durability:</b> every call hands its record to the operating system before returning, so a killed process
 * ({@code kill -9}) loses nothing a call returned for. Against an operating-system crash, issued parameters (before
 * their {@code TR} may go out) and imported data are forced to disk before the call returns; every other record
 * (results, trial ends, search space, id reservations, algorithm states) is forced with the next forced record, so
 * no {@code TR} ever leaves before the results it may depend on are on disk, and within
 * {@link CheckpointSettings#maxUnforcedMillis()} while appends continue, and at {@link #close()}.
 *
 * <p><b>Failures:</b> in {@link CheckpointMode#REQUIRED}, a checkpoint that cannot be opened or written throws
 * {@link CheckpointException} (from {@link #open} or from the observer call, which the dispatcher reports as
 * {@code ER}), and every later call throws again. In {@link CheckpointMode#BEST_EFFORT} the failure is logged once,
 * the journal is marked abandoned (so no later resume trusts it) and the recorder stops writing.
 *
 * <p>Thread-safe: calls are serialised on this object (the dispatcher already never overlaps them).
 */
public final class CheckpointRecorder implements DispatchObserver, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointRecorder.class);
    /** An assessor state is taken at most once per this many times the cost of the last one. */
    static final int ASSESSOR_COST_FACTOR = 20;

    private final CheckpointSettings settings;
    private JournalSession session;
    private IdFloorFile idFloor; // written only after the journal was abandoned (best-effort); see IdFloorFile
    private CheckpointException failure;
    private long lastAssessorState = Long.MIN_VALUE;
    private long assessorAskedAt = Long.MIN_VALUE;
    private long lastAssessorCost;
    private final TunerStateCadence tunerCadence;
    private long tunerStateAskedAt;
    private final IdLease idLease;

    private CheckpointRecorder(CheckpointSettings settings, JournalSession session, RecoveredState initial) {
        this.settings = settings;
        this.session = session;
        this.tunerCadence = new TunerStateCadence(initial.algorithmSnapshot(AlgorithmRole.TUNER));
        this.idLease = new IdLease(initial.nextParameterId(), settings.maxUnforcedMillis());
    }

    /**
     * Opens the checkpoint: writes a snapshot of {@code initial} (empty on a fresh start, the recovered state on a
     * resume) and starts a new journal segment.
     *
     * @throws CheckpointException in {@link CheckpointMode#REQUIRED} when the directory is missing, unwritable or
     *                             full
     */
    public static CheckpointRecorder open(CheckpointSettings settings, RecoveredState initial,
                                          ExistingFiles existing) {
        Objects.requireNonNull(initial, "initial");
        if (settings.mode() == CheckpointMode.OFF) {
            return new CheckpointRecorder(settings, null, initial);
        }
        try {
            CheckpointRecorder r = new CheckpointRecorder(settings, JournalSession.open(settings, initial, existing),
                initial);
            r.openIdFloor(initial.nextParameterId());
            return r;
        } catch (IOException | CheckpointException e) {
            CheckpointRecorder r = new CheckpointRecorder(settings, null, initial);
            r.fail("cannot open the checkpoint in " + settings.checkpointDirectory(), e);
            return r;
        }
    }

    /** True while records are being written. */
    public synchronized boolean isActive() {
        return session != null;
    }

    /** What the journal holds so far (empty when inactive). */
    public synchronized RecoveredState currentState() {
        return session == null ? RecoveredState.empty() : session.state();
    }

    /** The open journal's accumulator, null when inactive (for tests of what it shares with the recovered state). */
    synchronized StateAccumulator accumulatorForTests() {
        return session == null ? null : session.accumulator();
    }

    @Override
    public synchronized void searchSpaceUpdated(JsonObject space) {
        record(RecordType.SEARCH_SPACE, StateCodec.searchSpace(space), false);
        tunerCadence.spaceChanged();
    }

    @Override
    public synchronized void idsReserved(long nextParameterId) {
        record(RecordType.IDS_RESERVED, StateCodec.idsReserved(nextParameterId), false);
        if (session == null && idFloor != null) { // abandoned: the journal no longer knows the ids
            try {
                idFloor.write(nextParameterId);
            } catch (IOException e) {
                LOG.warn("checkpoint: cannot write the id floor either ({}); a resume may start ids too low", e.toString());
                closeIdFloor();
            }
        }
    }

    private void openIdFloor(long next) {
        try {
            idFloor = IdFloorFile.create(session.root(), next);
        } catch (IOException e) {
            LOG.warn("checkpoint: cannot create {} in {} ({}); after a write failure the id floor would be lost",
                IdFloorFile.FILE, session.root(), e.toString());
        }
    }

    private void closeIdFloor() {
        if (idFloor != null) {
            try {
                idFloor.close();
            } catch (IOException ignored) {
                // nothing more to do with it
            }
            idFloor = null;
        }
    }

    @Override
    public synchronized void parametersIssued(long parameterId, JsonValue parameters) {
        record(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(parameterId, parameters, now()), false);
        leaseUpTo(parameterId);
    }

    /**
     * Writes every set, then the tuner state that knows them (when {@link #wantsTunerState} asked for it) or else the
     * call to repeat on resume ({@link RecordType#TUNER_STEP}), and forces once at the end, before any of their
     * {@code TR}s may go out. A process killed before that last record leaves the sets recorded and a tuner that
     * regenerates them on resume (their {@code TR}s were never sent); killed after it, the sets are recorded and known
     * to the tuner, and {@link UnreceivedIssues} has them sent again on resume.
     */
    @Override
    public synchronized void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
        long highest = -1;
        for (int i = 0; i < ids.size(); i++) {
            record(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(ids.get(i), sets.get(i), now()), false);
            highest = Math.max(highest, ids.get(i));
        }
        if (step.state().isPresent()) {
            record(RecordType.ALGORITHM_STATE, StateCodec.algorithmState(AlgorithmRole.TUNER, step.state().get()),
                false);
            tunerCadence.stateSaved(System.nanoTime() - tunerStateAskedAt);
        } else if (step.replayable()) {
            record(RecordType.TUNER_STEP, StateCodec.tunerStep(step.firstId(), step.requested()), false);
            tunerCadence.stepRecorded(step.generationNanos());
        }
        if (highest >= 0) {
            leaseUpTo(highest);
        }
    }

    /**
     * Before a {@code TR} for {@code id} may go out, a forced id reservation must cover it (see {@link IdLease}):
     * then no crash, not even of the operating system, lets a resume issue it again. The forced record also forces
     * everything written before it.
     */
    private void leaseUpTo(long id) {
        if (session != null && !idLease.covers(id)) {
            record(RecordType.IDS_RESERVED, StateCodec.idsReserved(idLease.renew(id, settings.clock().millis())),
                true);
        }
    }

    @Override
    public void wireIdsNamed(List<Long> ids, List<String> wireIds) {
        for (int i = 0; i < ids.size(); i++) {
            record(RecordType.WIRE_ID_NAMED, StateCodec.wireIdNamed(ids.get(i), wireIds.get(i)), false);
        }
    }

    @Override
    public void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
        record(RecordType.FINAL_RESULT, StateCodec.finalResult(parameterId, Optional.ofNullable(trialJobIdOrNull),
            value, now()), false);
    }

    /**
     * Journals an intermediate result given to a tuner that reads them (the dispatcher calls this only for such a
     * tuner), so that a resume gives it again to the tuner restored from its last state; it counts as a tuner call
     * towards that state's interval ({@link TunerStateCadence}).
     */
    @Override
    public synchronized void intermediateResultReceived(long parameterId, String trialJobId, int sequence,
                                                        JsonValue value) {
        record(RecordType.INTERMEDIATE_RESULT, StateCodec.intermediateResult(parameterId, trialJobId, sequence, value),
            false);
        tunerCadence.inputRecorded();
    }

    @Override
    public void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
        record(RecordType.TRIAL_ENDED, StateCodec.trialEnded(trialJobId, Optional.ofNullable(parameterIdOrNull),
            event, now()), false);
    }

    /** When a trial event is recorded (for reports: {@link TrialTimes}). */
    private Optional<Instant> now() {
        return Optional.of(settings.clock().instant());
    }

    @Override
    public void dataImported(List<ImportedTrial> trials) {
        record(RecordType.DATA_IMPORTED, StateCodec.dataImported(trials), true);
    }

    /**
     * Records an algorithm's {@link dev.tunerd.spi.Snapshotting#snapshot()}, taken on the thread that owns the
     * algorithm. The snapshot covers all history recorded before this call (see {@link Watermark}).
     */
    public void algorithmStateSaved(AlgorithmRole role, JsonValue state) {
        record(RecordType.ALGORITHM_STATE, StateCodec.algorithmState(role, state), false);
    }

    /**
     * True while the journal is written and a tuner state is due ({@link TunerStateCadence}: the first, then at a
     * doubling interval of calls or when the calls since the last one would take long to repeat); otherwise the call
     * is recorded as a {@link GenerationStep} and repeated on resume.
     */
    @Override
    public synchronized boolean wantsTunerState() {
        boolean due = isActive() && tunerCadence.due();
        if (due) {
            tunerStateAskedAt = System.nanoTime();
        }
        return due;
    }

    /**
     * True while the journal is written and the last assessor state is old enough: at least
     * {@link CheckpointSettings#maxUnforcedMillis()}, and at least {@value #ASSESSOR_COST_FACTOR} times what taking
     * and writing the last one cost (from this call answering true to {@link #assessorStateSaved} returning). An
     * assessor's state (Medianstop's completed curves) grows with every trial, so this bounds the time spent on it to a
     * few percent; a kill loses at most the curves completed in that interval (the trial ends themselves are in the
     * journal).
     */
    @Override
    public synchronized boolean wantsAssessorState() {
        long now = settings.clock().millis();
        boolean due = isActive() && (lastAssessorState == Long.MIN_VALUE || now - lastAssessorState
            >= Math.max(settings.maxUnforcedMillis(), ASSESSOR_COST_FACTOR * lastAssessorCost));
        if (due) {
            assessorAskedAt = now;
        }
        return due;
    }

    @Override
    public synchronized void tunerStateSaved(JsonValue state) {
        algorithmStateSaved(AlgorithmRole.TUNER, state);
        tunerCadence.stateSaved(System.nanoTime() - tunerStateAskedAt);
    }

    @Override
    public synchronized void assessorStateSaved(JsonValue state) {
        algorithmStateSaved(AlgorithmRole.ASSESSOR, state);
        lastAssessorState = settings.clock().millis();
        lastAssessorCost = assessorAskedAt == Long.MIN_VALUE ? 0 : Math.max(0, lastAssessorState - assessorAskedAt);
        assessorAskedAt = Long.MIN_VALUE;
    }

    /** Forces what is written and closes the journal. Never throws; a failure is logged. */
    @Override
    public synchronized void close() {
        closeIdFloor();
        if (session != null) {
            try {
                session.close();
            } catch (IOException e) {
                LOG.error("checkpoint: closing the journal in {} failed: {}", session.root(), e.toString());
            }
            session = null;
        }
    }

    private synchronized void record(RecordType type, JsonObject payload, boolean sync) {
        if (session == null) {
            if (failure != null && settings.mode() == CheckpointMode.REQUIRED) {
                throw new CheckpointException("the checkpoint journal failed earlier: " + failure.getMessage(),
                    failure);
            }
            return;
        }
        try {
            session.append(type, payload, sync);
        } catch (IOException | CheckpointException e) {
            fail("cannot write a " + type + " record to the checkpoint in " + session.root(), e);
        }
    }

    private void fail(String what, Exception cause) {
        JournalSession broken = session;
        session = null;
        if (broken != null) {
            try {
                broken.close();
            } catch (IOException ignored) {
                // the journal already failed; this second failure says nothing new
            }
        }
        failure = new CheckpointException(what + ": " + cause, cause);
        if (settings.mode() == CheckpointMode.REQUIRED) {
            throw new CheckpointException(failure.getMessage() + " (--checkpoint-mode required; choose best-effort"
                + " to continue without a checkpoint)", cause);
        }
        LOG.error("checkpoint: {}; continuing WITHOUT a checkpoint (--checkpoint-mode best-effort)",
            failure.getMessage());
        markAbandoned(failure.getMessage());
    }

    private void markAbandoned(String reason) {
        try {
            Files.write(CheckpointLayout.root(settings.checkpointDirectory()).resolve(CheckpointLayout.ABANDONED),
                (settings.clock().instant() + " " + reason + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.error("checkpoint: could not mark the journal abandoned ({}); a later resume must not trust it",
                e.toString());
        }
    }
}
