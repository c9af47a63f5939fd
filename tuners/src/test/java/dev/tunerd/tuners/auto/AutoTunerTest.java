package dev.tunerd.tuners.auto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.cmaes.CmaesClassArgs;
import dev.tunerd.tuners.cmaes.CmaesTuner;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.testkit.LogCapture;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Auto's picking rules, its delegation, its snapshot and its classArgs. */
class AutoTunerTest {
    private static final JsonObject FLAT3 = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]},
         "n": {"_type": "randint", "_value": [0, 10]}}""", "s");
    private static final JsonObject NESTED = Json.parseObject("""
        {"opt": {"_type": "choice", "_value": [{"_name": "sgd", "lr": {"_type": "loguniform", "_value": [1e-4, 1]}},
                                              {"_name": "adam"}]},
         "x": {"_type": "uniform", "_value": [0, 1]}}""", "s");
    private static final JsonObject CATEGORICAL = Json.parseObject("""
        {"a": {"_type": "choice", "_value": ["p", "q", "r"]}, "b": {"_type": "choice", "_value": [1, 2, 3]},
         "x": {"_type": "uniform", "_value": [0, 1]}}""", "s");

    private static String pick(JsonObject space, Integer maxTrials, Integer concurrency) {
        return AutoPolicy.pick(SearchSpace.parse(space, SearchSpace.ALL_TYPES),
            ExperimentBudget.of(maxTrials, concurrency)).algorithm();
    }

    private static JsonObject wide(int n) {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < n; i++) {
            b.put("x" + i, Json.parse("{\"_type\": \"uniform\", \"_value\": [0, 1]}"));
        }
        return b.build();
    }

    @Test
    void pickingRulesFollowTheSpaceAndTheBudget() {
        assertEquals("GP", pick(FLAT3, 200, 1));
        assertEquals("GP", pick(FLAT3, null, null), "unknown budget: GP (its model is capped, so it stays cheap)");
        assertEquals("CMAES", pick(FLAT3, 1000, 1), "a long continuous run");
        assertEquals("GP", pick(FLAT3, 999, 1));
        assertEquals("GP", pick(wide(12), 1000, 1), "12 parameters need 1200 trials to count as long");
        assertEquals("CMAES", pick(wide(12), 1200, 1));
        assertEquals("CMAES", pick(FLAT3, 200, 32), "wide batches");
        assertEquals("GP", pick(FLAT3, 200, 31));
        assertEquals("TPE", pick(NESTED, 200, 1), "conditional space");
        assertEquals("TPE", pick(NESTED, 5000, 64));
        assertEquals("TPE", pick(CATEGORICAL, 100, 1), "mostly categorical");
        assertEquals("TPE", pick(wide(13), 100, 1), "many dimensions");
        assertEquals("Random", pick(JsonObject.EMPTY, 100, 1));
    }

    @Test
    void theLogSaysWhatWasPickedAndWhyWithTheBudget() {
        AutoTuner t = new AutoTuner(context(ExperimentBudget.of(200, 4)), new AutoClassArgs(null, 1L));
        List<String> log = LogCapture.during(() -> t.updateSearchSpace(FLAT3));
        String line = log.stream().filter(m -> m.startsWith("Auto picked")).findFirst().orElseThrow();
        assertTrue(line.startsWith("Auto picked GP: a small flat space"), line);
        assertTrue(line.contains("3 parameters (3 numeric, 0 choices, flat)"), line);
        assertTrue(line.contains("maxTrialNumber 200, trialConcurrency 4"), line);
    }

    @Test
    void delegatesSoThatItsSuggestionsAreThePickedTunersOwn() throws Exception {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 7L));
        GpTuner gp = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, 7L));
        assertEquals(run(gp, FLAT3, 0, 15), run(auto, FLAT3, 0, 15));

        AutoTuner longRun = new AutoTuner(context(ExperimentBudget.of(5000, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 7L));
        CmaesTuner cma = new CmaesTuner(AlgorithmContext.standalone(), new CmaesClassArgs(OptimizeMode.MINIMIZE, 7L));
        assertEquals(run(cma, FLAT3, 0, 30), run(longRun, FLAT3, 0, 30));
        assertEquals("CMAES", longRun.choice().algorithm());
    }

    @Test
    void resumeKeepsThePickEvenWhenTheRulesWouldNowPickAnother() throws Exception {
        AutoTuner first = new AutoTuner(context(ExperimentBudget.of(5000, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 3L));
        run(first, FLAT3, 0, 25);
        assertEquals("CMAES", first.choice().algorithm());
        JsonValue state = Json.parse(Json.write(first.snapshot()));

        // resumed with another budget: the rules alone would pick GP now
        AutoTuner resumed = new AutoTuner(context(ExperimentBudget.of(100, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 3L));
        resumed.updateSearchSpace(FLAT3);
        assertEquals("GP", resumed.choice().algorithm());
        resumed.restore(state);
        assertEquals("CMAES", resumed.choice().algorithm());
        assertEquals(run(first, FLAT3, 25, 20), run(resumed, FLAT3, 25, 20), "continues identically");
        assertThrows(IllegalArgumentException.class, () -> resumed.restore(Json.parse("{\"x\": 1}")));
    }

    @Test
    void importsBeforeTheSearchSpaceReachThePickedTuner() throws Exception {
        AutoTuner t = new AutoTuner(context(ExperimentBudget.of(200, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 5L));
        t.importData(List.of(new ImportedTrial(Json.parseObject("{\"x\": 1.0, \"y\": -1.0, \"n\": 3}", "p"),
            JsonFloat.of(0.5), Optional.empty())));
        t.updateSearchSpace(FLAT3);
        JsonObject state = (JsonObject) t.snapshot();
        assertEquals("GP", state.get("algorithm").toString().replace("\"", ""));
        assertTrue(Json.write(state.get("state")).contains("0.5"), "the imported result is in GP's history");
    }

    @Test
    void badClassArgsNameTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new AutoClassArgs(null, "Hyperband", null));
        assertTrue(e.getMessage().startsWith("algorithm must be one of GP, TPE, CMAES, SMAC, Anneal, Random"),
            e.getMessage());
        assertEquals("CMAES", new AutoClassArgs(null, "cmaes", null).algorithm());
        AutoTuner forced = new AutoTuner(AlgorithmContext.standalone(), new AutoClassArgs(null, "smac", 1L));
        forced.updateSearchSpace(FLAT3);
        assertEquals("SMAC", forced.choice().algorithm());
        assertEquals(OptimizeMode.MINIMIZE, new AutoClassArgs(null, null, null).optimizeMode());
    }

    private static AlgorithmContext context(ExperimentBudget budget) {
        return AlgorithmContext.standalone().withBudget(budget);
    }

    private static List<JsonValue> run(dev.tunerd.spi.Tuner t, JsonObject space, long from, int n)
        throws Exception {
        if (from == 0) {
            t.updateSearchSpace(space);
        }
        List<JsonValue> out = new ArrayList<>();
        for (long id = from; id < from + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            out.add(p);
            double v = Math.pow(p.get("x").asDouble() - 0.3, 2) + Math.pow(p.get("y").asDouble() + 0.5, 2)
                + Math.abs(p.get("n").asDouble() - 4) / 10;
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return out;
    }
}
