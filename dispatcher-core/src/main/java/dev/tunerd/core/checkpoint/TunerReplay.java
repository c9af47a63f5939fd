package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a tuner restored from its saved state up to date with what the journal recorded after that state, in the
 * order it happened: before each recorded call ({@link GenerationStep}), the results, trial ends and imports that
 * preceded it; then the call itself, repeated under the same ids (its sets were issued already; a deterministic
 * tuner generates the same ones again, and a difference is counted and logged); then whatever came after the last
 * call. Results go in as {@code receiveTrialResult}, ends as {@code trialEnd}, imports as {@code importData}. Not
 * thread-safe; used once, on the default worker.
 */
final class TunerReplay {
    private static final Logger LOG = LoggerFactory.getLogger(TunerReplay.class);

    /** What was replayed. */
    record Summary(int results, int ended, int imported, int calls, int differingSets) {
    }

    private final RecoveredState recovered;
    private final Tuner tuner;
    private Watermark at;
    private int results;
    private int ended;
    private int imported;
    private int calls;
    private int differing;

    TunerReplay(RecoveredState recovered, Tuner tuner) {
        this.recovered = recovered;
        this.tuner = tuner;
    }

    /** Replays everything after {@code saved} onto the tuner, which was just restored from {@code saved.state()}. */
    Summary run(AlgorithmSnapshot saved) {
        at = saved.covered();
        for (GenerationStep step : saved.steps()) {
            catchUp(step.at());
            generate(step);
        }
        catchUp(recovered.watermark());
        if (differing > 0) {
            LOG.warn("checkpoint: the restored tuner generated {} parameter sets different from the recorded ones"
                + " while its calls were repeated (is it deterministic?); the recorded sets stand", differing);
        }
        return new Summary(results, ended, imported, calls, differing);
    }

    private void catchUp(Watermark to) {
        for (RecordedResult r : slice(recovered.results(), at.results(), to.results())) {
            JsonValue params = recovered.issuedParameters().get(r.parameterId());
            if (params == null) {
                LOG.warn("checkpoint: result for parameter id {} has no recorded parameters; not replayed",
                    r.parameterId());
                continue;
            }
            tuner.receiveTrialResult(new TrialResult(r.parameterId(), params, r.value(), false, r.trialJobId()));
            results++;
        }
        for (EndedTrial e : slice(recovered.endedTrials(), at.ended(), to.ended())) {
            if (e.parameterId().isPresent()) {
                tuner.trialEnd(e.parameterId().get(), "SUCCEEDED".equals(e.event()));
                ended++;
            }
        }
        List<ImportedTrial> more = slice(recovered.importedData(), at.imported(), to.imported());
        if (!more.isEmpty()) {
            tuner.importData(more);
            imported += more.size();
        }
        at = new Watermark(Math.max(at.issued(), to.issued()), Math.max(at.results(), to.results()),
            Math.max(at.ended(), to.ended()), Math.max(at.imported(), to.imported()));
    }

    private void generate(GenerationStep step) {
        List<Long> ids = new ArrayList<>(step.count());
        for (int i = 0; i < step.count(); i++) {
            ids.add(step.firstId() + i);
        }
        List<JsonValue> sets = tuner.generateMultipleParameters(ids);
        calls++;
        for (int i = 0; i < ids.size(); i++) {
            JsonValue recorded = recovered.issuedParameters().get(ids.get(i));
            boolean regenerated = i < sets.size();
            if (regenerated != (recorded != null)
                || regenerated && !JsonEquivalence.same(recorded, sets.get(i))) {
                differing++;
            }
        }
    }

    private static <T> List<T> slice(List<T> list, int from, int to) {
        int end = Math.min(to, list.size());
        return from >= end ? List.of() : list.subList(from, end);
    }
}
