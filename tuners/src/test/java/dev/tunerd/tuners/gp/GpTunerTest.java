package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.testkit.BraninRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** GP's own behaviour: classArgs checks, batches, string choices, degenerate models, quality on a smooth function. */
class GpTunerTest {
    private static GpTuner tuner(long seed, JsonObject space) {
        GpTuner t = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, seed));
        t.updateSearchSpace(space);
        return t;
    }

    @Test
    void outOfRangeClassArgsNameTheKey() {
        record Case(String key, Runnable make) {
        }
        List<Case> cases = List.of(
            new Case("utility", () -> new GpClassArgs(null, "pi", null, null, null, null, null, null, null, null)),
            new Case("kappa", () -> new GpClassArgs(null, null, -1.0, null, null, null, null, null, null, null)),
            new Case("xi", () -> new GpClassArgs(null, null, null, -0.1, null, null, null, null, null, null)),
            new Case("nu", () -> new GpClassArgs(null, null, null, null, 2.0, null, null, null, null, null)),
            new Case("alpha", () -> new GpClassArgs(null, null, null, null, null, 1.0, null, null, null, null)),
            new Case("cold_start_num", () -> new GpClassArgs(null, null, null, null, null, null, 0, null, null, null)),
            new Case("selection_num_warm_up",
                () -> new GpClassArgs(null, null, null, null, null, null, null, 0, null, null)),
            new Case("selection_num_starting_points",
                () -> new GpClassArgs(null, null, null, null, null, null, null, null, -1, null)));
        for (Case c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c.make()::run, c.key());
            assertTrue(e.getMessage().startsWith(c.key() + " "), e.getMessage());
        }
        GpClassArgs d = new GpClassArgs(null, null);
        assertEquals(OptimizeMode.MAXIMIZE, d.optimizeMode());
        assertEquals("ei", d.utility());
        assertEquals(2.5, d.nu());
        assertEquals(10, d.coldStartNum());
        assertEquals(100_000, d.selectionNumWarmUp());
    }

    @Test
    void anUnknownTypeIsRefusedNamingTheTunerAndTheType() {
        GpTuner t = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(null, 1L));
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace(
            Json.parseObject("{\"x\": {\"_type\": \"poisson\", \"_value\": [1]}}", "space")));
        assertTrue(e.getMessage().contains("GP") && e.getMessage().contains("poisson"), e.getMessage());
    }

    @Test
    void findsBraninsMinimumFarBetterThanRandom() throws Exception {
        // optimum 0.397887; random search with 40 trials typically ends around 1 to 3
        for (long seed = 1; seed <= 3; seed++) {
            double best = BraninRuns.bestOf(tuner(seed, BraninRuns.SPACE), 40, BraninRuns::branin);
            assertTrue(best < 0.45, "seed " + seed + ": best " + best);
        }
    }

    @Test
    void aBatchRequestGivesDistinctPointsNearTheGoodRegion() throws Exception {
        GpTuner t = tuner(4, BraninRuns.SPACE);
        BraninRuns.bestOf(t, 20, BraninRuns::branin);
        List<double[]> batch = new ArrayList<>();
        for (long id = 100; id < 108; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            batch.add(new double[] {p.get("x").asDouble() / 15, p.get("y").asDouble() / 15});
        }
        for (int i = 0; i < batch.size(); i++) {
            for (int j = 0; j < i; j++) {
                double dx = batch.get(i)[0] - batch.get(j)[0];
                double dy = batch.get(i)[1] - batch.get(j)[1];
                assertTrue(Math.hypot(dx, dy) > 1e-3, "points " + j + " and " + i + " coincide");
            }
        }
    }

    @Test
    void stringChoicesAreModelled() throws Exception {
        JsonObject space = Json.parseObject("""
            {"act": {"_type": "choice", "_value": ["relu", "tanh", "gelu", "elu"]},
             "x": {"_type": "uniform", "_value": [0, 1]}}""", "space");
        GpTuner t = tuner(7, space);
        ToDoubleFunction<JsonObject> f = p -> (p.get("act").toString().contains("gelu") ? 0 : 1)
            + Math.pow(p.get("x").asDouble() - 0.3, 2);
        BraninRuns.bestOf(t, 25, f);
        int gelu = 0;
        for (long id = 25; id < 35; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            gelu += p.get("act").toString().contains("gelu") ? 1 : 0;
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(f.applyAsDouble(p)), false, Optional.empty()));
        }
        assertTrue(gelu >= 7, "gelu chosen " + gelu + " of 10 times");
    }

    @Test
    void degenerateModelsFallBackToRandomAndLogOnce() throws Exception {
        List<LogRecord> records = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (String.valueOf(r.getMessage()).startsWith("GP:")) {
                    records.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger jul = Logger.getLogger(GpSampler.class.getName());
        jul.addHandler(h);
        try {
            GpTuner equal = tuner(2, BraninRuns.SPACE);
            assertDoesNotThrow(() -> BraninRuns.bestOf(equal, 30, p -> 1.0));
            assertEquals(1, records.size(), "logged once");
            GpTuner nan = tuner(3, BraninRuns.SPACE);
            assertDoesNotThrow(() -> BraninRuns.bestOf(nan, 20, p -> Double.NaN));
            GpTuner duplicates = tuner(5, BraninRuns.SPACE);
            JsonValue same = Json.parse("{\"x\": 1.0, \"y\": 2.0}");
            for (long id = 0; id < 15; id++) {
                duplicates.generateParameters(id);
                duplicates.receiveTrialResult(new TrialResult(id, same, JsonFloat.of(id % 3), false,
                    Optional.empty()));
            }
            JsonObject p = (JsonObject) duplicates.generateParameters(99);
            double x = p.get("x").asDouble();
            assertTrue(x >= -5 && x <= 10, "x " + x);
        } finally {
            jul.removeHandler(h);
        }
    }
}
