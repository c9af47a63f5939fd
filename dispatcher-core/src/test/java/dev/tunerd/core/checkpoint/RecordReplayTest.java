package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordReplayTest {
    @TempDir
    Path dir;

    @Test
    void everythingRecordedIsRecovered() {
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 7);
        }
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(7, s.nextParameterId());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L), List.copyOf(s.issuedParameters().keySet()));
        assertEquals(ScriptedExperiment.params(5), s.issuedParameters().get(5L));
        assertEquals(7, s.results().size());
        assertEquals(new RecordedResult(3, Optional.of("T3"), JsonFloat.of(Double.NaN)), s.results().get(3));
        assertEquals(ScriptedExperiment.value(6), s.results().get(6).value());
        assertEquals(8, s.endedTrials().size());
        assertEquals(new EndedTrial("T1", Optional.of(1L), "FAILED"), s.endedTrials().get(1));
        assertEquals(new EndedTrial("custom1", Optional.empty(), "SUCCEEDED"), s.endedTrials().get(7));
        assertEquals(Optional.of(ScriptedExperiment.space()), s.searchSpace());
        assertEquals(List.of(new ImportedTrial(ScriptedExperiment.params(100), JsonFloat.of(0.25), Optional.empty())),
            s.importedData());
        assertEquals(Optional.of(ScriptedExperiment.T0), s.createdAt());
        assertEquals(ScriptedExperiment.INFO, s.info());
        assertTrue(s.warnings().isEmpty(), s.warnings().toString());
    }

    @Test
    void algorithmSnapshotKnowsWhatItCoversAndReplayGivesTheRest() {
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 7);
        }
        RecoveredState s = CheckpointReader.read(dir);
        AlgorithmSnapshot tuner = s.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow();
        assertEquals(JsonObject.builder().put("seen", 5).build(), tuner.state());
        assertEquals(new Watermark(6, 6, 6, 1), tuner.covered());
        Replay rest = s.replayAfter(tuner);
        assertEquals(List.of(6L), rest.issuedIds());
        assertEquals(List.of(6L), rest.results().stream().map(RecordedResult::parameterId).toList());
        assertEquals(2, rest.ended().size());
        assertTrue(rest.imported().isEmpty());
        assertEquals(1 + 7, s.historyForImport().size());
    }

    @Test
    void whatAnOpenRecorderAppendedIsReadableWithoutClosing() {
        CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE);
        ScriptedExperiment.run(r, r, 0, 4);
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(r.currentState().issuedParameters(), s.issuedParameters());
        assertEquals(r.currentState().results(), s.results());
        r.close();
    }

    @Test
    void resumingContinuesTheHistoryAndReplacesTheOldFiles() throws Exception {
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 4);
        }
        RecoveredState first = CheckpointReader.read(dir);
        try (CheckpointRecorder r = open(first, ExistingFiles.SUPERSEDE)) {
            ScriptedExperiment.run(r, r, (int) first.nextParameterId(), 3);
        }
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(7, s.nextParameterId());
        assertEquals(7, s.results().size());
        assertEquals(first.createdAt(), s.createdAt());
        try (Stream<Path> files = Files.list(CheckpointLayout.root(dir))) {
            assertEquals(List.of("journal-0000000000000001.log", "next-id", "snapshot.bin"),
                files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aFreshStartSetsAnOldCheckpointAside() throws Exception {
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 2);
        }
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            assertTrue(r.isActive());
        }
        assertTrue(CheckpointReader.read(dir).issuedParameters().isEmpty());
        try (Stream<Path> files = Files.list(CheckpointLayout.root(dir))) {
            Path aside = files.filter(p -> p.getFileName().toString().startsWith("set-aside-")).findFirst()
                .orElseThrow();
            assertTrue(Files.exists(aside.resolve("snapshot.bin")));
        }
    }

    @Test
    void wireIdsNamedByATunerSurviveTheJournalAndTheSnapshot() {
        try (CheckpointRecorder r = open(RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            r.idsReserved(2);
            r.wireIdsNamed(List.of(0L, 1L), List.of("0-1_0_0", "0-1_0_1"));
            r.parameterSetsIssued(List.of(0L, 1L), List.of(ScriptedExperiment.params(0), ScriptedExperiment.params(1)),
                dev.tunerd.core.dispatch.TunerStep.stateless(0, 2));
        }
        RecoveredState journal = CheckpointReader.read(dir);
        assertEquals(java.util.Map.of(0L, "0-1_0_0", 1L, "0-1_0_1"), journal.wireIds());
        try (CheckpointRecorder r = open(journal, ExistingFiles.SUPERSEDE)) { // folds the journal into snapshot.bin
            r.wireIdsNamed(List.of(2L), List.of("0-1_0_2"));
            r.parametersIssued(2, ScriptedExperiment.params(2));
        }
        RecoveredState s = CheckpointReader.read(dir);
        assertEquals(List.of("0-1_0_0", "0-1_0_1", "0-1_0_2"), List.copyOf(s.wireIds().values()));
        dev.tunerd.core.dispatch.ParameterLedger ledger = new dev.tunerd.core.dispatch.ParameterLedger();
        JournalLedger.restore(ledger, s, s.nextParameterId());
        assertEquals(1L, ledger.idOfWire("0-1_0_1"));
        assertTrue(ledger.isRecovered(ledger.idOfWire("0-1_0_2")));
    }

    private CheckpointRecorder open(RecoveredState initial, ExistingFiles existing) {
        return CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED), initial, existing);
    }
}
