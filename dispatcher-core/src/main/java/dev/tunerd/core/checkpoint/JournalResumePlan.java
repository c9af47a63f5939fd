package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.ResumePlan;
import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.Tuner;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Continues a previous run from what its journal holds (docs/CHECKPOINT.md section 6). A tuner implementing
 * {@link Snapshotting} with a saved state is restored and then fed the history recorded after that state, with its
 * recorded calls repeated in order ({@link TunerReplay}); any other tuner
 * gets the whole history through {@code importData}, as NNI does. The first {@code FD} loses the entries the journal
 * holds ({@link ResumeImportFilter}). An assessor implementing {@code Snapshotting} is restored from its saved state
 * (its completed curves); trial ends after that state are not replayed to it, since the journal does not hold the
 * intermediate results an assessor would need from them. Issued sets whose {@code TR} never reached the manager are
 * found at the resume {@code AD} ({@link UnreceivedIssues}) and sent again under their own ids.
 *
 * <p>Not thread-safe: {@link #restoreAssessor} runs on main before the workers start, the rest on the default worker
 * (see {@link ResumePlan}).
 */
public final class JournalResumePlan implements ResumePlan {
    private static final Logger LOG = LoggerFactory.getLogger(JournalResumePlan.class);

    private final RecoveredState recovered;
    private ResumeImportFilter firstImport;
    private UnreceivedIssues unreceived; // dropped after the AD
    private boolean unreceivedAsked;
    private volatile boolean tunerStateRestored; // set on the default worker, read by both

    public JournalResumePlan(RecoveredState recovered) {
        this.recovered = Objects.requireNonNull(recovered, "recovered");
        this.firstImport = new ResumeImportFilter(recovered);
        // found now, before the resume FD is parsed: its transient index does not add to the FD's peak
        this.unreceived = new UnreceivedIssues(recovered);
    }

    @Override
    public void restoreTuner(Tuner tuner) {
        Optional<AlgorithmSnapshot> saved = recovered.algorithmSnapshot(AlgorithmRole.TUNER);
        if (tuner instanceof Snapshotting s && saved.isPresent()) {
            s.restore(saved.get().state());
            tunerStateRestored = true;
            TunerReplay.Summary r = new TunerReplay(recovered, tuner).run(saved.get());
            s.restoreFinished();
            LOG.info("checkpoint: tuner restored from its saved state, then {} calls repeated and {} results, {} trial"
                + " ends, {} imported entries and {} intermediate results recorded after it replayed", r.calls(),
                r.results(), r.ended(), r.imported(), r.intermediate());
            return;
        }
        List<ImportedTrial> history = recovered.historyForImport();
        if (!history.isEmpty()) {
            tuner.importData(history);
            LOG.info("checkpoint: tuner has no saved state; {} recorded results imported", history.size());
        }
    }

    @Override
    public boolean restoredTunerState() {
        return tunerStateRestored;
    }

    /** Restores the assessor's saved state, when it has one and can take it; {@code assessor} may be null. */
    public void restoreAssessor(Assessor assessor) {
        Optional<AlgorithmSnapshot> saved = recovered.algorithmSnapshot(AlgorithmRole.ASSESSOR);
        if (assessor instanceof Snapshotting s && saved.isPresent()) {
            s.restore(saved.get().state());
            LOG.info("checkpoint: assessor restored from its saved state");
        }
    }

    /** The first call removes what the journal already holds; later calls (the user importing) pass everything. */
    @Override
    public List<ImportedTrial> freshImports(List<ImportedTrial> trials) {
        if (firstImport == null) {
            return trials;
        }
        List<ImportedTrial> fresh = firstImport.split(trials).fresh();
        firstImport = null;
        if (unreceived != null) { // the FD itself is not kept: it only narrows the few candidates
            unreceived.importedOnResume(trials);
        }
        return fresh;
    }

    /** The first call (the resume {@code AD}) finds them ({@link UnreceivedIssues}); later calls return nothing. */
    @Override
    public List<Unreceived> unreceived(List<ResumedTrial> resumed) {
        if (unreceivedAsked) {
            return List.of();
        }
        unreceivedAsked = true;
        List<Unreceived> out = unreceived.afterResumed(resumed);
        unreceived = null;
        return out;
    }
}
