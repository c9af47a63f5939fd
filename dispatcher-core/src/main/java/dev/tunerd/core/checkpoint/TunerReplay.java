package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a tuner restored from its saved state up to date with what the journal recorded after that state, one input
 * at a time in the order it happened ({@link TunerEvent}): results go in as {@code receiveTrialResult}, ends as
 * {@code trialEnd}, imports as {@code importData}, intermediate results as {@code receiveIntermediateResult} (to a
 * tuner that reads them), and each recorded call ({@link GenerationStep}) is repeated under the same ids (its sets
 * were issued already; a deterministic tuner generates the same ones again, and a difference is counted and logged).
 * Not thread-safe; used once, on the default worker.
 */
final class TunerReplay {
    private static final Logger LOG = LoggerFactory.getLogger(TunerReplay.class);

    /** What was replayed. */
    record Summary(int results, int ended, int imported, int calls, int intermediate, int differingSets) {
    }

    private final RecoveredState recovered;
    private final Tuner tuner;
    private int nextResult;
    private int nextEnd;
    private int nextImport;
    private int results;
    private int ended;
    private int imported;
    private int calls;
    private int intermediate;
    private int differing;

    TunerReplay(RecoveredState recovered, Tuner tuner) {
        this.recovered = recovered;
        this.tuner = tuner;
    }

    /** Replays everything after {@code saved} onto the tuner, which was just restored from {@code saved.state()}. */
    Summary run(AlgorithmSnapshot saved) {
        nextResult = saved.covered().results();
        nextEnd = saved.covered().ended();
        nextImport = saved.covered().imported();
        for (TunerEvent e : saved.events()) {
            if (e == TunerEvent.Mark.RESULT) {
                result();
            } else if (e == TunerEvent.Mark.TRIAL_END) {
                end();
            } else if (e instanceof TunerEvent.Imported i) {
                importNext(i.entries());
            } else if (e instanceof GenerationStep step) {
                generate(step);
            } else if (e instanceof TunerEvent.Intermediate m && tuner instanceof ReceivesIntermediateResults r) {
                r.receiveIntermediateResult(new IntermediateResult(m.parameterId(), m.trialJobId(), m.sequence(),
                    m.value()));
                intermediate++;
            }
        }
        if (differing > 0) {
            LOG.warn("checkpoint: the restored tuner generated {} parameter sets different from the recorded ones"
                + " while its calls were repeated (is it deterministic?); the recorded sets stand", differing);
        }
        return new Summary(results, ended, imported, calls, intermediate, differing);
    }

    private void result() {
        if (nextResult >= recovered.results().size()) {
            return;
        }
        RecordedResult r = recovered.results().get(nextResult++);
        JsonValue params = recovered.issuedParameters().get(r.parameterId());
        if (params == null) {
            LOG.warn("checkpoint: result for parameter id {} has no recorded parameters; not replayed",
                r.parameterId());
            return;
        }
        tuner.receiveTrialResult(new TrialResult(r.parameterId(), params, r.value(), false, r.trialJobId()));
        results++;
    }

    private void end() {
        if (nextEnd >= recovered.endedTrials().size()) {
            return;
        }
        EndedTrial e = recovered.endedTrials().get(nextEnd++);
        if (e.parameterId().isPresent()) {
            tuner.trialEnd(e.parameterId().get(), "SUCCEEDED".equals(e.event()));
            ended++;
        }
    }

    private void importNext(int entries) {
        List<ImportedTrial> all = recovered.importedData();
        int end = Math.min(all.size(), nextImport + entries);
        if (nextImport < end) {
            tuner.importData(all.subList(nextImport, end));
            imported += end - nextImport;
        }
        nextImport = end;
    }

    private void generate(GenerationStep step) {
        List<Long> ids = new ArrayList<>(step.count());
        for (int i = 0; i < step.count(); i++) {
            ids.add(step.firstId() + i);
        }
        List<JsonValue> sets = tuner.generateMultipleParameters(ids);
        calls++;
        for (int i = 0; i < sets.size(); i++) { // an id it returned nothing for may be paid later (an owed id)
            JsonValue recorded = recovered.issuedParameters().get(ids.get(i));
            if (recorded == null || !JsonEquivalence.same(recorded, sets.get(i))) {
                differing++;
            }
        }
    }
}
