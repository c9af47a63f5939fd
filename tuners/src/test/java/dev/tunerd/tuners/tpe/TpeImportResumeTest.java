package dev.tunerd.tuners.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.kernel.ModelProbe;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.json.JsonFloat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The model probe's stall test on the run's own results through the tuner ({@link TpeArgs#PROBE_OWN}, issue 16,
 * session 19): an imported history does not make it fire, and a run warm-started with imported results keeps which
 * results were imported in its snapshot, so a restored run (a resume from the checkpoint, or a search-space update
 * that replays the history) counts its stall exactly as the run it continues.
 */
class TpeImportResumeTest {

    /** TPE with the given model probe ({@link TpeArgs#PROBE_OWN} is the default since session 19), seed 11, the plane set. */
    static HistoryTuner tuner(ModelProbe probe) {
        HistoryTuner t = new HistoryTuner(OptimizeMode.MINIMIZE, 11L, AlgorithmContext.standalone()) {
            @Override
            protected InternalSampler newSampler(SearchSpace space, Rng rng) {
                return new TpeSampler(new UnitSpace(space.parameters()),
                    TpeArgs.defaults().settings().withProbe(probe), rng);
            }

            @Override
            protected String algorithm() {
                return "TPE";
            }
        };
        t.updateSearchSpace(TpeTunerTest.PLANE);
        return t;
    }

    @Test
    void anImportedStalledHistoryAloneDoesNotMakeTheProbeFire() throws Exception {
        // no result of its own yet: the run has not stalled, so it draws exactly as with the probe off
        List<JsonValue> own = TpeTunerTest.suggestionsAfterAStall(tuner(TpeArgs.PROBE_OWN), true);
        assertEquals(TpeTunerTest.suggestionsAfterAStall(tuner(ModelProbe.NONE), true), own);
        // counting every result (session 18's lean probe), the imported history is a stall and the probe fires at once
        assertNotEquals(own, TpeTunerTest.suggestionsAfterAStall(tuner(TpeArgs.PROBE_LEAN), true));
    }

    /** {@code n} own trials from id {@code first}, each told the stuck plane's loss (never better than the import). */
    private static List<JsonValue> run(HistoryTuner t, long first, int n) throws Exception {
        List<JsonValue> out = new ArrayList<>();
        for (long id = first; id < first + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(TpeTunerTest.stuckLoss(1, p)), false,
                Optional.empty()));
            t.trialEnd(id, true);
            out.add(p);
        }
        return out;
    }

    /** A warm-started run: the stuck history imported, then 5 own trials, and its snapshot (through JSON text). */
    private static JsonValue warmStartedState(HistoryTuner original) throws Exception {
        original.importData(TpeTunerTest.stuckHistory());
        run(original, 0, 5);
        return Json.parse(Json.write(original.snapshot()));
    }

    @Test
    void aRestoredWarmStartContinuesIdenticallyAndTheProbeStillFires() throws Exception {
        HistoryTuner original = tuner(TpeArgs.PROBE_OWN);
        JsonValue state = warmStartedState(original);
        JsonArray imported = (JsonArray) ((JsonObject) state).get("imported");
        assertEquals(60, imported.size());
        assertEquals(JsonInt.of(59), imported.get(59));
        HistoryTuner restored = tuner(TpeArgs.PROBE_OWN);
        restored.restore(state);
        // 25 more own trials: the probe's patience (10 own results without a better loss) runs out after the 10th
        List<JsonValue> continued = run(original, 5, 25);
        assertEquals(continued, run(restored, 5, 25));
        HistoryTuner probeOff = tuner(ModelProbe.NONE);
        probeOff.restore(state);
        assertNotEquals(continued, run(probeOff, 5, 25));
    }

    @Test
    void withoutTheImportedPositionsTheRestoredRunWouldProbeAtOnce() throws Exception {
        HistoryTuner original = tuner(TpeArgs.PROBE_OWN);
        JsonValue state = warmStartedState(original);
        JsonObject.Builder stripped = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : ((JsonObject) state).members().entrySet()) {
            if (!e.getKey().equals("imported")) {
                stripped.put(e.getKey(), e.getValue());
            }
        }
        HistoryTuner asOwn = tuner(TpeArgs.PROBE_OWN);
        asOwn.restore(stripped.build());
        // a state written before imports were told apart: all 65 results count as the run's own, a stall of 64
        HistoryTuner restored = tuner(TpeArgs.PROBE_OWN);
        restored.restore(state);
        assertNotEquals(run(restored, 5, 4), run(asOwn, 5, 4));
    }

    @Test
    void aSearchSpaceUpdateReplaysTheImportsAsImports() throws Exception {
        HistoryTuner original = tuner(TpeArgs.PROBE_OWN);
        HistoryTuner updated = tuner(TpeArgs.PROBE_OWN);
        for (HistoryTuner t : List.of(original, updated)) {
            t.importData(TpeTunerTest.stuckHistory());
            run(t, 0, 5);
        }
        // the same space again: the history is replayed into a fresh sampler, imports as imports
        updated.updateSearchSpace(TpeTunerTest.PLANE);
        HistoryTuner probeOff = tuner(ModelProbe.NONE);
        probeOff.importData(TpeTunerTest.stuckHistory());
        run(probeOff, 0, 5);
        probeOff.updateSearchSpace(TpeTunerTest.PLANE);
        // before the patience runs out neither probes: the replayed run draws as the run with the probe off
        List<JsonValue> next = run(updated, 5, 4);
        assertEquals(run(probeOff, 5, 4), next);
        assertTrue(((JsonObject) original.snapshot()).find("imported").isPresent());
    }

    @Test
    void anImportedPositionOutsideTheHistoryIsRejected() throws Exception {
        HistoryTuner original = tuner(TpeArgs.PROBE_OWN);
        JsonObject state = (JsonObject) warmStartedState(original);
        JsonObject.Builder bad = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : state.members().entrySet()) {
            bad.put(e.getKey(), e.getKey().equals("imported") ? JsonArray.of(JsonInt.of(65)) : e.getValue());
        }
        assertThrows(IllegalArgumentException.class, () -> tuner(TpeArgs.PROBE_OWN).restore(bad.build()));
    }
}
