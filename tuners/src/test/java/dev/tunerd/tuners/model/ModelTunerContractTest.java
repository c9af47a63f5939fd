package dev.tunerd.tuners.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every model-based tuner of this module must do, whatever its algorithm: bounds and nesting respected, seeded
 * determinism, tolerance of any result/end order, snapshots that continue identically. Subclasses only say how to
 * create the tuner.
 */
public abstract class ModelTunerContractTest {
    protected static final JsonObject MIXED = (JsonObject) Json.parse("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.1]},
         "units": {"_type": "randint", "_value": [8, 64]},
         "drop": {"_type": "quniform", "_value": [0, 0.5, 0.1]},
         "w": {"_type": "normal", "_value": [0, 2]},
         "opt": {"_type": "choice", "_value": [
             {"_name": "sgd", "momentum": {"_type": "uniform", "_value": [0.5, 0.99]}},
             {"_name": "adam", "beta": {"_type": "qloguniform", "_value": [0.9, 0.999, 0.001]}}]}}
        """);

    /** A new tuner with the given seed, minimising. */
    protected abstract Tuner create(long seed);

    private Tuner started(long seed, JsonObject space) {
        Tuner t = create(seed);
        t.updateSearchSpace(space);
        return t;
    }

    private static double loss(JsonObject p) {
        double lr = p.get("lr").asDouble();
        double units = p.get("units").asDouble();
        return Math.abs(Math.log10(lr) + 2) + Math.abs(units - 40) / 10 + p.get("drop").asDouble();
    }

    /** Runs {@code n} sequential trials from id {@code firstId}, returning what was generated. */
    protected static List<JsonObject> run(Tuner t, long firstId, int n) throws NoMoreTrialsException {
        List<JsonObject> out = new ArrayList<>();
        for (long id = firstId; id < firstId + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            out.add(p);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(loss(p)), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return out;
    }

    @Test
    void respectsBoundsTypesAndNesting() throws Exception {
        for (JsonObject p : run(started(1, MIXED), 0, 60)) {
            double lr = p.get("lr").asDouble();
            assertTrue(lr >= 0.0001 && lr <= 0.1, "lr " + lr);
            assertEquals("int", p.get("units").typeName());
            assertTrue(p.get("units").asDouble() >= 8 && p.get("units").asDouble() < 64);
            double drop = p.get("drop").asDouble();
            assertTrue(drop >= 0 && drop <= 0.5 && Math.abs(drop * 10 - Math.rint(drop * 10)) < 1e-9, "drop " + drop);
            JsonObject opt = (JsonObject) p.get("opt");
            String name = opt.get("_name").toString();
            assertTrue(name.contains("sgd") ? opt.has("momentum") && !opt.has("beta")
                : opt.has("beta") && !opt.has("momentum"), "opt " + opt);
        }
    }

    @Test
    void sameSeedGivesTheSameSuggestions() throws Exception {
        assertEquals(run(started(42, MIXED), 0, 30), run(started(42, MIXED), 0, 30));
    }

    @Test
    void toleratesResultsAndEndsInAnyOrderDuplicatedOrUnknown() throws Exception {
        Tuner t = started(5, MIXED);
        JsonObject a = (JsonObject) t.generateParameters(1);
        JsonObject b = (JsonObject) t.generateParameters(2);
        assertDoesNotThrow(() -> {
            t.trialEnd(2, false);
            t.receiveTrialResult(new TrialResult(2, b, JsonFloat.of(1.0), false, Optional.empty()));
            t.receiveTrialResult(new TrialResult(1, a, JsonFloat.of(1.0), false, Optional.empty()));
            t.receiveTrialResult(new TrialResult(1, a, JsonFloat.of(1.0), false, Optional.empty()));
            t.trialEnd(1, true);
            t.trialEnd(1, true);
            t.trialEnd(99, false);
            t.receiveTrialResult(new TrialResult(77, a, JsonFloat.of(2.0), false, Optional.empty()));
        });
        assertTrue(t.generateParameters(3) instanceof JsonObject);
    }

    /**
     * The manager may report a trial's end before its final result (NNI's EN and FINAL travel on different queues):
     * the result must still count. Same seed, same results, only the order of result and end differs: the tuner must
     * go on with the same suggestions.
     */
    @Test
    void aResultThatArrivesAfterItsTrialEndStillCounts() throws Exception {
        Tuner resultFirst = started(21, MIXED);
        Tuner endFirst = started(21, MIXED);
        for (long id = 0; id < 40; id++) {
            JsonObject p = (JsonObject) resultFirst.generateParameters(id);
            assertEquals(p, endFirst.generateParameters(id), "suggestion " + id);
            TrialResult result = new TrialResult(id, p, JsonFloat.of(loss(p)), false, Optional.empty());
            resultFirst.receiveTrialResult(result);
            resultFirst.trialEnd(id, true);
            endFirst.trialEnd(id, true);
            endFirst.receiveTrialResult(result);
        }
    }

    @Test
    void importSkipsWhatDoesNotFitAndSearchSpaceUpdatesKeepWorking() throws Exception {
        Tuner t = started(9, MIXED);
        List<JsonObject> done = run(t, 0, 10);
        List<ImportedTrial> data = new ArrayList<>();
        data.add(new ImportedTrial(done.get(0), JsonFloat.of(0.5), Optional.empty()));
        data.add(new ImportedTrial(Json.parse("{\"lr\": \"oops\"}"), JsonFloat.of(0.5), Optional.empty()));
        assertDoesNotThrow(() -> t.importData(data));
        t.updateSearchSpace((JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}"));
        JsonObject p = (JsonObject) t.generateParameters(100);
        assertEquals(List.of("x"), List.copyOf(p.keys()));
    }

    @Test
    void exhaustsAFiniteSpaceWithoutRepeating() throws Exception {
        Tuner t = started(3, (JsonObject) Json.parse("{\"c\": {\"_type\": \"choice\", \"_value\": [1, 2, 3]}}"));
        List<JsonValue> seen = new ArrayList<>();
        for (long id = 0; id < 3; id++) {
            JsonValue p = t.generateParameters(id);
            assertTrue(!seen.contains(p), "repeated " + p);
            seen.add(p);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(id), false, Optional.empty()));
        }
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(3));
    }

    @Test
    void snapshotRestoreContinuesIdentically() throws Exception {
        Tuner original = started(11, MIXED);
        run(original, 0, 25);
        JsonObject inFlight = (JsonObject) original.generateParameters(25);
        JsonValue state = ((Snapshotting) original).snapshot();
        Json.write(state);
        Tuner restored = started(999, MIXED);
        ((Snapshotting) restored).restore(state);
        for (Tuner t : List.of(original, restored)) {
            t.receiveTrialResult(new TrialResult(25, inFlight, JsonFloat.of(loss(inFlight)), false, Optional.empty()));
        }
        assertEquals(run(original, 26, 15), run(restored, 26, 15));
    }
}
