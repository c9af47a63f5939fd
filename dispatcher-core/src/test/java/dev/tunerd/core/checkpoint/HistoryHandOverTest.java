package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume holds its history once: the reader hands the collections it filled over to the recovered state without
 * copying them, and the recorder that continues the journal layers its own records on top of those same instances
 * (docs/CHECKPOINT.md section 6). Before, the history was copied four times on its way (snapshot reader, journal
 * reader, recovered state, recorder), and two copies stayed for the whole run.
 */
class HistoryHandOverTest {
    @TempDir
    Path dir;

    @Test
    void theRecorderContinuesTheRecoveredCollectionsThemselves() {
        // a snapshot (several rollovers' worth of parts) and a journal after it, then a resume
        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            ScriptedExperiment.run(r, r, 0, 30);
        }
        RecoveredState recovered = CheckpointReader.read(dir);
        assertTrue(HandedOver.isView(recovered.issuedParameters()), "the reader copied its issued map");
        assertTrue(HandedOver.isView(recovered.results()), "the reader copied its results");
        assertTrue(HandedOver.isView(recovered.trialTimes().issued()), "the reader copied its times");
        Map<Long, JsonValue> before = new LinkedHashMap<>(recovered.issuedParameters());

        try (CheckpointRecorder r = CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED),
            recovered, ExistingFiles.SUPERSEDE)) {
            StateAccumulator acc = r.accumulatorForTests();
            LayeredMap<Long, JsonValue> issued = (LayeredMap<Long, JsonValue>) acc.issuedMap();
            assertSame(recovered.issuedParameters(), issued.base(), "the recorder copied the recovered issued map");
            assertSame(recovered.results(), ((LayeredList<RecordedResult>) acc.resultList()).base(),
                "the recorder copied the recovered results");
            ScriptedExperiment.run(r, r, (int) recovered.nextParameterId(), 5);
            // what the recorder added is its own: the recovered state (shared with the resume plan) is unchanged
            assertEquals(before, recovered.issuedParameters());
            assertEquals(before.size() + 5, r.currentState().issuedParameters().size());
        }
        RecoveredState again = CheckpointReader.read(dir);
        List<Long> ids = new ArrayList<>(again.issuedParameters().keySet());
        assertEquals(before.size() + 5, ids.size());
        assertEquals(List.copyOf(before.keySet()), ids.subList(0, before.size()));
    }

    @Test
    void aHandedOverAccumulatorTakesNoMoreRecords() {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(0, JsonInt.of(1)));
        RecoveredState s = acc.handOver(List.of());
        assertThrows(IllegalStateException.class, () -> acc.apply(RecordType.PARAMETERS_ISSUED,
            StateCodec.parametersIssued(1, JsonInt.of(2))));
        assertEquals(Map.of(0L, JsonInt.of(1)), s.issuedParameters());
        assertThrows(UnsupportedOperationException.class, () -> s.issuedParameters().put(5L, JsonInt.of(5)));
    }

    @Test
    void aLayeredMapIteratesAsOneLinkedHashMapWould() {
        Map<String, JsonValue> base = new LinkedHashMap<>();
        base.put("a", JsonInt.of(1));
        base.put("b", JsonInt.of(2));
        Map<String, JsonValue> expected = new LinkedHashMap<>(base);
        LayeredMap<String, JsonValue> layered = new LayeredMap<>(base);
        for (Map<String, JsonValue> m : List.of(expected, layered)) {
            m.put("c", JsonInt.of(3));
            assertEquals(JsonInt.of(2), m.put("b", JsonString.of("two"))); // put again: keeps its place
            m.put("d", JsonInt.of(4));
        }
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(layered.entrySet()));
        assertEquals(4, layered.size());
        assertEquals(JsonString.of("two"), layered.get("b"));
        assertEquals(JsonInt.of(2), base.get("b"), "the base was changed");
        assertEquals(expected, layered);
        assertEquals(expected.hashCode(), layered.hashCode());
    }
}
