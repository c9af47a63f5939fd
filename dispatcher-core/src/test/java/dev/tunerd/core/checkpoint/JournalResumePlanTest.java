package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.dispatch.ParameterLedger;
import dev.tunerd.core.dispatch.ResumePlan;
import dev.tunerd.core.dispatch.TunerStep;
import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume from a journal: the tuner gets its saved state and then only what came after it, the first FD loses what the
 * journal holds, issued sets the manager never received are found, and the ledger continues the id counter.
 */
class JournalResumePlanTest {

    @TempDir
    Path dir;

    /** Ids 0-2 issued with a tuner state after them; results for 0 and 1 (after the state); 1 ends. */
    private RecoveredState journal() {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            r.searchSpaceUpdated(ScriptedExperiment.space());
            r.idsReserved(3);
            r.parameterSetsIssued(List.of(0L, 1L, 2L), List.of(ScriptedExperiment.params(0),
                ScriptedExperiment.params(1), ScriptedExperiment.params(2)),
                new TunerStep(0, 3, 0, true, Optional.of(JsonFloat.of(42))));
            r.finalResultReceived(0, "T0", JsonFloat.of(0.5));
            r.finalResultReceived(1, "T1", JsonFloat.of(0.7));
            r.trialEnded("T1", 1L, "SUCCEEDED");
        }
        return CheckpointReader.read(dir);
    }

    @Test
    void aSnapshottingTunerIsRestoredThenGetsWhatCameAfterItsState() {
        RecordingTuner tuner = new RecordingTuner();
        new JournalResumePlan(journal()).restoreTuner(tuner);
        assertEquals(List.of("restore 42.0", "result 0 0.5", "result 1 0.7", "end 1 true"), tuner.calls);
    }

    @Test
    void anyOtherTunerImportsTheRecordedResults() {
        List<ImportedTrial> imported = new ArrayList<>();
        Tuner plain = new Tuner() {
            @Override
            public void updateSearchSpace(JsonObject searchSpace) {
            }

            @Override
            public JsonValue generateParameters(long parameterId) {
                throw new AssertionError("not called");
            }

            @Override
            public void receiveTrialResult(TrialResult result) {
                throw new AssertionError("results are imported, not received");
            }

            @Override
            public void importData(List<ImportedTrial> trials) {
                imported.addAll(trials);
            }
        };
        new JournalResumePlan(journal()).restoreTuner(plain);
        assertEquals(List.of(Optional.of("T0"), Optional.of("T1")), imported.stream().map(ImportedTrial::trialJobId)
            .toList());
    }

    @Test
    void theFirstImportLosesWhatTheJournalHoldsLaterOnesDoNot() {
        JournalResumePlan plan = new JournalResumePlan(journal());
        ImportedTrial held = new ImportedTrial(ScriptedExperiment.params(0), JsonFloat.of(0.5), Optional.of("T0"));
        ImportedTrial fresh = new ImportedTrial(ScriptedExperiment.params(7), JsonFloat.of(0.1), Optional.of("T7"));
        assertEquals(List.of(fresh), plan.freshImports(List.of(held, fresh)));
        assertEquals(List.of(held, fresh), plan.freshImports(List.of(held, fresh)));
    }

    @Test
    void anIssuedSetNeitherResumedNorImportedIsSentAgainOnce() {
        JournalResumePlan plan = new JournalResumePlan(journal());
        plan.freshImports(List.of(new ImportedTrial(ScriptedExperiment.params(0), JsonFloat.of(0.5),
            Optional.of("T0"))));
        List<ResumePlan.Unreceived> again = plan.unreceived(List.of());
        assertEquals(List.of(new ResumePlan.Unreceived(2, ScriptedExperiment.params(2))), again);
        assertTrue(plan.unreceived(List.of()).isEmpty());
    }

    @Test
    void aSetTheRestoredTunerIssuedAgainUnderALaterIdIsNotSentAgain() {
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            r.idsReserved(2);
            r.parameterSetsIssued(List.of(0L), List.of(ScriptedExperiment.params(0)),
                new TunerStep(0, 1, 0, true, Optional.of(JsonFloat.of(1))));
            r.parameterSetsIssued(List.of(1L), List.of(ScriptedExperiment.params(1)), TunerStep.stateless(1, 1)); // killed
            r.idsReserved(3); // resumed from state 1: the same set again under id 2, its TR lost too
            r.parameterSetsIssued(List.of(2L), List.of(ScriptedExperiment.params(1)),
                new TunerStep(2, 1, 0, true, Optional.of(JsonFloat.of(2))));
        }
        JournalResumePlan plan = new JournalResumePlan(CheckpointReader.read(dir));
        plan.freshImports(List.of());
        assertEquals(List.of(new ResumePlan.Unreceived(0, ScriptedExperiment.params(0)),
            new ResumePlan.Unreceived(2, ScriptedExperiment.params(1))), plan.unreceived(List.of()));
    }

    @Test
    void anIssuedSetTheManagerResumesIsNotSentAgain() {
        JournalResumePlan plan = new JournalResumePlan(journal());
        plan.freshImports(List.of());
        assertTrue(plan.unreceived(List.of(new ResumedTrial(2, ScriptedExperiment.params(2)))).isEmpty());
    }

    @Test
    void theLedgerContinuesAfterTheJournalAndKnowsItsResults() {
        ParameterLedger ledger = new ParameterLedger();
        JournalLedger.restore(ledger, journal(), 5);
        assertEquals(5, ledger.reserve(1));
        assertTrue(ledger.isRecovered(4));
        assertTrue(ledger.hasFinal(1));
        assertTrue(ledger.hasEnded(1));
        assertEquals(ScriptedExperiment.params(2), ledger.parameters(2));
    }

    /** A tuner that logs the calls a resume makes. */
    private static final class RecordingTuner implements Tuner, Snapshotting {
        final List<String> calls = new ArrayList<>();

        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            throw new AssertionError("not called");
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
            calls.add("result " + result.parameterId() + " " + result.scalar());
        }

        @Override
        public void trialEnd(long parameterId, boolean success) {
            calls.add("end " + parameterId + " " + success);
        }

        @Override
        public JsonValue snapshot() {
            return JsonFloat.of(0);
        }

        @Override
        public void restore(JsonValue state) {
            calls.add("restore " + state.asDouble());
        }
    }
}
