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
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.testkit.LogCapture;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Auto's picking rules, its scan, its snapshot and its classArgs (its delegation: {@link AutoDelegationTest}). */
class AutoTunerTest {
    static final JsonObject FLAT3 = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]},
         "n": {"_type": "randint", "_value": [0, 10]}}""", "s");
    private static final JsonObject NESTED = Json.parseObject("""
        {"opt": {"_type": "choice", "_value": [{"_name": "sgd", "lr": {"_type": "loguniform", "_value": [1e-4, 1]}},
                                              {"_name": "adam"}]},
         "x": {"_type": "uniform", "_value": [0, 1]}}""", "s");
    static final JsonObject LOG3 = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]},
         "n": {"_type": "loguniform", "_value": [1, 10]}}""", "s");
    private static final JsonObject CATEGORICAL = Json.parseObject("""
        {"a": {"_type": "choice", "_value": ["p", "q", "r"]}, "b": {"_type": "choice", "_value": [1, 2, 3]},
         "x": {"_type": "uniform", "_value": [0, 1]}}""", "s");

    private static String pick(JsonObject space, Integer maxTrials, Integer concurrency) {
        return AutoPolicy.pick(SearchSpace.parse(space, SearchSpace.ALL_TYPES),
            ExperimentBudget.of(maxTrials, concurrency)).algorithm();
    }

    /** The pick as Auto makes it: Metis asked whether it takes the space. */
    private static String pickAsAuto(JsonObject space, Integer maxTrials, Integer concurrency) {
        return AutoPolicy.pick(SearchSpace.parse(space, SearchSpace.ALL_TYPES), ExperimentBudget.of(maxTrials,
            concurrency), name -> DelegateFactory.takesSpace(name, AlgorithmContext.standalone(),
            OptimizeMode.MINIMIZE, space)).algorithm();
    }

    private static JsonObject wide(int n) {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < n; i++) {
            b.put("x" + i, Json.parse("{\"_type\": \"uniform\", \"_value\": [0, 1]}"));
        }
        return b.build();
    }

    /** The rules with no tuner but the GP taking the space (as where Metis refuses it). */
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
        assertEquals("GP", pick(NESTED, 200, 1), "a small conditional space: GP (the mixed problem's figures)");
        assertEquals("GP", pick(NESTED, 5000, 64), "a choice: never CMA-ES");
        assertEquals("TPE", pick(CATEGORICAL, 100, 1), "mostly categorical");
        assertEquals("TPE", pick(wide(13), 100, 1), "many dimensions");
        assertEquals("Random", pick(JsonObject.EMPTY, 100, 1));
    }

    /** Where Metis takes the space (numeric parameters without log scales) it is picked instead of the GP. */
    @Test
    void metisIsPickedWhereItTakesTheSpaceTheGpElsewhere() {
        assertEquals("Metis", pickAsAuto(FLAT3, 200, 1));
        assertEquals("Metis", pickAsAuto(FLAT3, null, null), "unknown budget");
        assertEquals("Metis", pickAsAuto(wide(12), 1000, 4));
        assertEquals("GP", pickAsAuto(LOG3, 200, 1), "loguniform: Metis refuses it");
        assertEquals("GP", pickAsAuto(NESTED, 200, 1), "a nested choice: Metis refuses it");
        assertEquals("CMAES", pickAsAuto(FLAT3, 1000, 1), "the CMA-ES rules come first");
        assertEquals("TPE", pickAsAuto(CATEGORICAL, 100, 1));
    }

    @Test
    void theGpIsInterruptedForAScanOnlyWhenTheBudgetLeavesRoom() {
        assertEquals(new ScanPlan(100, 6), AutoPolicy.scanPlan(3, ExperimentBudget.of(200, 1)));
        assertEquals(new ScanPlan(100, 6), AutoPolicy.scanPlan(3, ExperimentBudget.UNKNOWN));
        assertEquals(new ScanPlan(100, 5), AutoPolicy.scanPlan(5, ExperimentBudget.of(150, 1)));
        assertEquals(new ScanPlan(100, 2), AutoPolicy.scanPlan(12, ExperimentBudget.of(150, 1)));
        assertEquals(null, AutoPolicy.scanPlan(13, ExperimentBudget.of(150, 1)), "fewer than 2 values each");
        assertEquals(null, AutoPolicy.scanPlan(3, ExperimentBudget.of(100, 1)), "no room after 100 results");
        assertEquals(null, AutoPolicy.scanPlan(0, ExperimentBudget.of(500, 1)), "nothing numeric");
        AutoChoice gp = AutoPolicy.pick(SearchSpace.parse(FLAT3, SearchSpace.ALL_TYPES), ExperimentBudget.of(200, 1));
        assertEquals(new ScanPlan(100, 6), gp.scan());
        assertEquals(null, AutoPolicy.pick(SearchSpace.parse(FLAT3, SearchSpace.ALL_TYPES),
            ExperimentBudget.of(1000, 1)).scan(), "CMA-ES runs without a scan");
    }

    /**
     * After 100 results every suggestion is the best point so far with one numeric parameter moved (x, y and n in
     * turn), each parameter's 6 values in 6 different sixths of its range; a better scan point becomes the base of
     * the next ones; the picked tuner (Metis: the space is numeric) is given every scan result and then suggests
     * again.
     */
    @Test
    void afterAHundredResultsTheBestPointIsScannedOneParameterAtATime() throws Exception {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 11L));
        auto.updateSearchSpace(FLAT3);
        JsonObject best = feedRandomResults(auto, 100);
        List<java.util.Set<Integer>> sixths = List.of(new java.util.HashSet<>(), new java.util.HashSet<>(),
            new java.util.HashSet<>());
        String[] names = {"x", "y", "n"};
        for (long id = 100; id < 118; id++) {
            JsonObject p = (JsonObject) auto.generateParameters(id);
            int moved = -1;
            for (int i = 0; i < 3; i++) {
                if (p.get(names[i]).asDouble() != best.get(names[i]).asDouble()) {
                    assertEquals(-1, moved, "one parameter moved at a time: " + p + " from " + best);
                    moved = i;
                }
            }
            int expected = (int) ((id - 100) % 3);
            if (moved >= 0) {
                assertEquals(expected, moved, "x, y and n in turn");
            }
            double lo = expected == 2 ? 0 : -2;
            double width = expected == 2 ? 10 : 4;
            sixths.get(expected).add((int) Math.min(5, Math.floor((p.get(names[expected]).asDouble() - lo)
                / width * 6)));
            double v = id == 104 ? -1 : 5; // the fifth scan point is the best so far from here on
            auto.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            auto.trialEnd(id, true);
            if (id == 104) {
                best = p;
            }
        }
        assertEquals(6, sixths.get(0).size(), "x: " + sixths.get(0));
        assertEquals(6, sixths.get(1).size(), "y: " + sixths.get(1));
        assertTrue(sixths.get(2).size() >= 5, "n (an integer, so a sixth may round into the next): " + sixths.get(2));
        assertTrue(auto.scan().done());
        assertEquals("Metis", auto.choice().algorithm());
        JsonObject metisState = (JsonObject) ((JsonObject) auto.snapshot()).get("state");
        assertEquals(118, ((JsonArray) metisState.get("history")).values().size(),
            "Metis holds all 118 results, the scan's included");
        JsonObject next = (JsonObject) auto.generateParameters(118);
        int differing = 0;
        for (String n : names) {
            differing += next.get(n).asDouble() != best.get(n).asDouble() ? 1 : 0;
        }
        assertTrue(differing >= 2, "Metis suggests again, not the scan: " + next + " against " + best);
    }

    /**
     * A choice takes each of its other options; switching to another branch starts that branch's parameters at the
     * middle of their ranges; the parameters of the branch not taken are skipped; numeric ones take 6 values.
     */
    @Test
    void theScanTriesTheOtherOptionsOfEachChoiceAndSkipsInactiveParameters() {
        JsonObject nested = Json.parseObject("""
            {"opt": {"_type": "choice", "_value": [{"_name": "sgd", "lr": {"_type": "uniform", "_value": [0, 1]}},
                                                  {"_name": "adam", "beta": {"_type": "uniform", "_value": [2, 4]}}]},
             "act": {"_type": "choice", "_value": ["a", "b", "c"]},
             "x": {"_type": "uniform", "_value": [0, 1]}}""", "s");
        JsonObject incumbent = Json.parseObject("{\"opt\": {\"_name\": \"sgd\", \"lr\": 0.25}, \"act\": \"a\","
            + " \"x\": 0.75}", "p");
        IncumbentScan scan = new IncumbentScan(SearchSpace.parse(nested, SearchSpace.ALL_TYPES), 6, 3L, 0);
        List<String> branches = new ArrayList<>();
        List<String> acts = new ArrayList<>();
        int lrMoves = 0;
        int xMoves = 0;
        for (JsonObject p = scan.next(incumbent); p != null; p = scan.next(incumbent)) {
            JsonObject opt = (JsonObject) p.get("opt");
            String branch = opt.get("_name").toString().replace("\"", "");
            if (!branch.equals("sgd")) {
                branches.add(branch + " " + opt.get("beta").asDouble() + " " + p.get("act") + " " + p.get("x"));
            } else if (opt.get("lr").asDouble() != 0.25) {
                lrMoves++;
            } else if (!p.get("act").toString().contains("a")) {
                acts.add(p.get("act").toString().replace("\"", ""));
            } else {
                assertTrue(p.get("x").asDouble() != 0.75, "one parameter changes at a time: " + p);
                xMoves++;
            }
        }
        assertEquals(List.of("adam 3.0 \"a\" 0.75"), branches, "the other branch, beta at mid-range");
        assertEquals(List.of("b", "c"), acts.stream().sorted().toList());
        assertEquals(6, lrMoves, "the active branch's parameter");
        assertEquals(6, xMoves);
        assertTrue(scan.done());
    }

    @Test
    void aResumeInTheMiddleOfTheScanContinuesIt() throws Exception {
        AutoTuner first = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 12L));
        first.updateSearchSpace(FLAT3);
        feedRandomResults(first, 100);
        for (long id = 100; id < 105; id++) {
            JsonObject p = (JsonObject) first.generateParameters(id);
            first.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(id == 102 ? -3 : 9), false,
                Optional.empty()));
        }
        JsonValue state = Json.parse(Json.write(first.snapshot()));
        AutoTuner resumed = new AutoTuner(context(ExperimentBudget.of(100, 1)), new AutoClassArgs(null, 12L));
        resumed.updateSearchSpace(FLAT3);
        assertEquals(null, resumed.scan(), "a 100-trial budget plans no scan");
        resumed.restore(state);
        assertEquals(5, resumed.scan().issued());
        for (long id = 105; id < 124; id++) {
            JsonValue p = first.generateParameters(id);
            assertEquals(p, resumed.generateParameters(id), id < 118 ? "scan point " + id : "Metis's point " + id);
            for (AutoTuner t : List.of(first, resumed)) {
                t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(id % 7), false, Optional.empty()));
            }
        }
        assertEquals("Metis", resumed.choice().algorithm());
    }

    /**
     * A snapshot written by session 8's Auto (GP picked, the scan issued, Metis planned to go on after it and not yet
     * created) still resumes as that run would have gone on: at the next request Metis takes over with the 118
     * results the snapshot kept, and suggests exactly what a Metis given them as imported data suggests; a resume
     * after the handover continues with Metis.
     */
    @Test
    void aSnapshotWithAHandoverStillToComeHandsOverToMetis() throws Exception {
        GpTuner gp = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, 21L));
        gp.updateSearchSpace(FLAT3);
        java.util.Random r = new java.util.Random(8);
        List<ImportedTrial> all = new ArrayList<>();
        List<JsonValue> kept = new ArrayList<>();
        JsonObject best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 118; i++) {
            JsonObject p = Json.parseObject("{\"x\": " + (r.nextDouble() * 4 - 2) + ", \"y\": "
                + (r.nextDouble() * 4 - 2) + ", \"n\": " + r.nextInt(10) + "}", "p");
            double v = Math.pow(p.get("x").asDouble() - 0.3, 2) + Math.pow(p.get("y").asDouble() + 0.5, 2);
            gp.receiveTrialResult(new TrialResult(1000 + i, p, JsonFloat.of(v), false, Optional.empty()));
            all.add(new ImportedTrial(p, JsonFloat.of(v), Optional.empty()));
            kept.add(JsonArray.of(p, JsonFloat.of(v)));
            if (v < bestValue) {
                bestValue = v;
                best = p;
            }
        }
        JsonObject old = JsonObject.builder().put("algorithm", dev.tunerd.spi.json.JsonString.of("GP"))
            .put("reason", dev.tunerd.spi.json.JsonString.of("session 8"))
            .put("state", gp.snapshot())
            .put("scan", JsonObject.builder().put("after", 100).put("strata", 6).put("seed", 21L).put("issued", 18)
                .put("results", 118).put("best", JsonArray.of(best, dev.tunerd.tuners.model.Losses.toJson(bestValue)))
                .put("then", dev.tunerd.spi.json.JsonString.of("Metis"))
                .put("handedOver", dev.tunerd.spi.json.JsonBool.of(false)).put("history", new JsonArray(kept))
                .build())
            .build();
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 21L));
        auto.updateSearchSpace(FLAT3);
        auto.restore(Json.parse(Json.write(old)));
        assertEquals("GP", auto.choice().algorithm(), "as the snapshot says, until the next request");
        dev.tunerd.tuners.metis.MetisTuner metis = new dev.tunerd.tuners.metis.MetisTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.metis.MetisClassArgs(OptimizeMode.MINIMIZE, 21L));
        metis.updateSearchSpace(FLAT3);
        metis.importData(all);
        JsonValue expected = metis.generateParameters(118);
        List<JsonValue> got = new ArrayList<>();
        List<String> log = LogCapture.during(() -> {
            try {
                got.add(auto.generateParameters(118));
            } catch (dev.tunerd.spi.NoMoreTrialsException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(expected, got.get(0));
        assertTrue(log.contains("Auto hands over to Metis after the scan, with the 118 results so far"),
            log.toString());
        assertEquals("Metis", auto.choice().algorithm());
        JsonObject after = (JsonObject) auto.snapshot();
        assertEquals(0, ((JsonArray) ((JsonObject) after.get("scan")).get("history")).size(), "not kept any more");

        AutoTuner resumed = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 21L));
        resumed.updateSearchSpace(FLAT3);
        resumed.restore(Json.parse(Json.write(after)));
        assertEquals("Metis", resumed.choice().algorithm());
        assertEquals(auto.generateParameters(119), resumed.generateParameters(119));
    }

    /** A snapshot whose handover names a tuner Auto cannot run is refused at restore, not when the scan is done. */
    @Test
    void aSnapshotHandingOverToAnUnknownTunerIsRefused() {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 21L));
        auto.updateSearchSpace(FLAT3);
        JsonObject state = (JsonObject) auto.snapshot();
        JsonObject.Builder scan = JsonObject.builder();
        ((JsonObject) state.get("scan")).members().forEach(scan::put);
        JsonObject.Builder bad = JsonObject.builder();
        state.members().forEach(bad::put);
        bad.put("scan", scan.put("then", dev.tunerd.spi.json.JsonString.of("Hyperband")).build());
        AutoTuner resumed = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 21L));
        resumed.updateSearchSpace(FLAT3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> resumed.restore(Json.parse(Json.write(bad.build()))));
        assertTrue(e.getMessage().contains("unknown tuner"), e.getMessage());
    }

    /** Where Metis does not take the space (a loguniform parameter), the GP is picked and goes on after the scan. */
    @Test
    void whereMetisDoesNotTakeTheSpaceTheGpGoesOnAfterTheScan() {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 2L));
        auto.updateSearchSpace(LOG3);
        assertEquals("GP", auto.choice().algorithm());
        assertEquals(new ScanPlan(100, 6), auto.choice().scan());
        assertTrue(auto.choice().reason().contains("then GP goes on"), auto.choice().reason());
        AutoTuner numeric = new AutoTuner(context(ExperimentBudget.of(200, 1)), new AutoClassArgs(null, 2L));
        numeric.updateSearchSpace(FLAT3);
        assertEquals("Metis", numeric.choice().algorithm());
        assertEquals(new ScanPlan(100, 6), numeric.choice().scan(), "no handover: Metis itself goes on");
    }

    @Test
    void theLogSaysWhatWasPickedAndWhyWithTheBudget() {
        AutoTuner t = new AutoTuner(context(ExperimentBudget.of(200, 4)), new AutoClassArgs(null, 1L));
        List<String> log = LogCapture.during(() -> t.updateSearchSpace(FLAT3));
        String line = log.stream().filter(m -> m.startsWith("Auto picked")).findFirst().orElseThrow();
        assertTrue(line.startsWith("Auto picked Metis: a small flat space"), line);
        assertTrue(line.contains("3 parameters (3 numeric, 0 choices, flat)"), line);
        assertTrue(line.contains("maxTrialNumber 200, trialConcurrency 4"), line);
        assertTrue(line.contains("after 100 results Auto scans the best point, one parameter at a time (6 values"
            + " across each numeric range, up to 6 other options of each choice; at most 18 trials), then Metis goes on"), line);
    }

    @Test
    void resumeKeepsThePickEvenWhenTheRulesWouldNowPickAnother() throws Exception {
        AutoTuner first = new AutoTuner(context(ExperimentBudget.of(5000, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 3L));
        run(first, FLAT3, 0, 25);
        assertEquals("CMAES", first.choice().algorithm());
        JsonValue state = Json.parse(Json.write(first.snapshot()));

        // resumed with another budget: the rules alone would pick Metis now
        AutoTuner resumed = new AutoTuner(context(ExperimentBudget.of(100, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 3L));
        resumed.updateSearchSpace(FLAT3);
        assertEquals("Metis", resumed.choice().algorithm());
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
        assertEquals("Metis", state.get("algorithm").toString().replace("\"", ""));
        assertTrue(Json.write(state.get("state")).contains("0.5"), "the imported result is in Metis's history");
    }

    @Test
    void badClassArgsNameTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new AutoClassArgs(null, "Hyperband", null));
        assertTrue(e.getMessage().startsWith("algorithm must be one of GP, Metis, TPE, CMAES, SMAC, Anneal, Random"),
            e.getMessage());
        assertEquals("CMAES", new AutoClassArgs(null, "cmaes", null).algorithm());
        AutoTuner forced = new AutoTuner(AlgorithmContext.standalone(), new AutoClassArgs(null, "smac", 1L));
        forced.updateSearchSpace(FLAT3);
        assertEquals("SMAC", forced.choice().algorithm());
        assertEquals(OptimizeMode.MINIMIZE, new AutoClassArgs(null, null, null).optimizeMode());
    }

    /**
     * Results for {@code n} random points of FLAT3 (ids from 1000, not issued by the tuner: the picked tuner takes their
     * parameters); returns the best of them (the one nearest x = 0.3, y = -0.5).
     */
    private static JsonObject feedRandomResults(AutoTuner t, int n) {
        java.util.Random r = new java.util.Random(5);
        JsonObject best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            JsonObject p = Json.parseObject("{\"x\": " + (r.nextDouble() * 4 - 2) + ", \"y\": "
                + (r.nextDouble() * 4 - 2) + ", \"n\": " + r.nextInt(11) + "}", "p");
            double v = Math.pow(p.get("x").asDouble() - 0.3, 2) + Math.pow(p.get("y").asDouble() + 0.5, 2);
            t.receiveTrialResult(new TrialResult(1000 + i, p, JsonFloat.of(v), false, Optional.empty()));
            if (v < bestValue) {
                bestValue = v;
                best = p;
            }
        }
        return best;
    }

    static AlgorithmContext context(ExperimentBudget budget) {
        return AlgorithmContext.standalone().withBudget(budget);
    }

    static List<JsonValue> run(dev.tunerd.spi.Tuner t, JsonObject space, long from, int n)
        throws Exception {
        return run(t, space, from, n, p -> Math.pow(p.get("x").asDouble() - 0.3, 2)
            + Math.pow(p.get("y").asDouble() + 0.5, 2) + Math.abs(p.get("n").asDouble() - 4) / 10);
    }

    /** {@code n} suggestions of {@code t} from trial {@code from} on, each told its loss {@code f}. */
    static List<JsonValue> run(dev.tunerd.spi.Tuner t, JsonObject space, long from, int n,
                               java.util.function.ToDoubleFunction<JsonObject> f) throws Exception {
        if (from == 0) {
            t.updateSearchSpace(space);
        }
        List<JsonValue> out = new ArrayList<>();
        for (long id = from; id < from + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            out.add(p);
            double v = f.applyAsDouble(p);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return out;
    }
}
