package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Snapshots written before issue 12's tuner events (SNAPSHOT version 2: {@code steps}) are still read. */
class SnapshotVersionTest {

    @Test
    void aVersion2SnapshotsStepsAreReadAsTheEventsItsReaderReplayed() {
        // tuner state after 1 issued set; then: result 0, end 0, GE for id 1 (step), result 1, import of one entry
        String v2 = "{\"createdAt\": null, \"tuner\": \"TPE\", \"optimizeMode\": null, \"nextParameterId\": 2,"
            + " \"searchSpace\": null,"
            + " \"issued\": [{\"id\": 0, \"parameters\": {\"x\": 0}}, {\"id\": 1, \"parameters\": {\"x\": 1}}],"
            + " \"results\": [{\"id\": 0, \"trial\": \"T0\", \"value\": 0.5}, {\"id\": 1, \"trial\": \"T1\", \"value\": 1}],"
            + " \"ended\": [{\"trial\": \"T0\", \"id\": 0, \"event\": \"SUCCEEDED\"}],"
            + " \"imported\": [{\"parameter\": {\"x\": 9}, \"value\": 2, \"trialJobId\": null}],"
            + " \"algorithms\": [{\"role\": \"tuner\", \"state\": 7, \"covered\": [1, 0, 0, 0],"
            + " \"steps\": [[1, 1, [2, 1, 1, 0]]]}], \"wireIds\": []}";
        RecoveredState s = StateCodec.fromSnapshot(Json.parseObject(v2, "snapshot"));
        AlgorithmSnapshot tuner = s.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow();
        assertEquals(List.of(TunerEvent.Mark.RESULT, TunerEvent.Mark.TRIAL_END,
            new GenerationStep(1, 1, new Watermark(2, 1, 1, 0)), TunerEvent.Mark.RESULT, new TunerEvent.Imported(1)),
            tuner.events());
        assertEquals(2, tuner.issuedKnown());
        // written again, it is a version-3 snapshot with the same events
        RecoveredState again = StateCodec.fromSnapshot(Json.parseObject(Json.writeAllowingNonFinite(
            StateCodec.snapshot(s)), "snapshot"));
        assertEquals(tuner.events(), again.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow().events());
    }

    @Test
    void intermediateResultsSurviveASnapshot() {
        TunerEvent.Intermediate m = StateCodec.intermediate(StateCodec.intermediateResult(3, "T3", 4,
            Json.parse("{\"default\": 0.25, \"loss\": 1}")));
        RecoveredState s = new RecoveredState(java.util.Optional.empty(), ExperimentInfo.UNKNOWN, 4,
            java.util.Optional.empty(), java.util.Map.of(), List.of(), List.of(), List.of(),
            java.util.Map.of(AlgorithmRole.TUNER, new AlgorithmSnapshot(AlgorithmRole.TUNER, Json.parse("1"),
                new Watermark(0, 0, 0, 0), List.of(m))), TrialTimes.NONE, List.of(), java.util.Map.of());
        RecoveredState again = StateCodec.fromSnapshot(Json.parseObject(Json.writeAllowingNonFinite(
            StateCodec.snapshot(s)), "snapshot"));
        assertEquals(List.of(m), again.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow().events());
    }
}
