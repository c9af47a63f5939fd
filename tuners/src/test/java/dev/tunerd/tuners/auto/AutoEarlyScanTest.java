package dev.tunerd.tuners.auto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import dev.tunerd.tuners.metis.MetisClassArgs;
import dev.tunerd.tuners.metis.MetisTuner;
import dev.tunerd.tuners.testkit.LogCapture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Auto's check of Metis's first results (sessions 12 and 13): after {@link AutoPolicy#EARLY_SCAN}'s 25 results a GP is
 * fitted to them; when it predicts them poorly a scan of 3 values per parameter comes right away instead of 6 values
 * after 100 results, and the GP goes on after it with every result; when it predicts them well the run is Metis's own
 * up to the scan after 100.
 */
class AutoEarlyScanTest {
    private static final JsonObject FLAT3 = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]},
         "z": {"_type": "uniform", "_value": [-2, 2]}}""", "s");
    /** A smooth bowl: a GP predicts left-out points of it well. */
    private static final ToDoubleFunction<JsonObject> SMOOTH = p -> Math.pow(p.get("x").asDouble() - 0.3, 2)
        + Math.pow(p.get("y").asDouble() + 0.5, 2) + 0.5 * Math.pow(p.get("z").asDouble(), 2);
    /** Losses with no structure in the parameters (a hash of them): a GP predicts none of them. */
    private static final ToDoubleFunction<JsonObject> NOISE = p -> new java.util.SplittableRandom(
        Double.doubleToLongBits(p.get("x").asDouble() * 31 + p.get("y").asDouble() * 17 + p.get("z").asDouble()))
        .nextDouble();
    private static final int AT = AutoPolicy.EARLY_SCAN.at();
    private static final int SOONER = AutoPolicy.EARLY_SCAN.scanAfter();

    private static AutoTuner auto(Integer maxTrials, long seed) {
        return new AutoTuner(AlgorithmContext.standalone().withBudget(ExperimentBudget.of(maxTrials, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, seed));
    }

    private static List<ImportedTrial> feed(dev.tunerd.spi.Tuner t, long from, int n, ToDoubleFunction<JsonObject> f)
        throws Exception {
        List<ImportedTrial> seen = new ArrayList<>();
        for (long id = from; id < from + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            double v = f.applyAsDouble(p);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
            seen.add(new ImportedTrial(p, JsonFloat.of(v), Optional.empty()));
        }
        return seen;
    }

    private static List<String> logOf(ThrowingRunnable r) {
        return LogCapture.during(() -> {
            try {
                r.run();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** How many of the three parameters {@code p} moves away from {@code from}. */
    private static int moved(JsonObject p, JsonObject from) {
        int n = 0;
        for (String k : List.of("x", "y", "z")) {
            n += p.get(k).asDouble() != from.get(k).asDouble() ? 1 : 0;
        }
        return n;
    }

    @Test
    void theLeaveOneOutFitTellsASmoothFunctionFromNoise() {
        SearchSpace space = SearchSpace.parse(FLAT3, SearchSpace.ALL_TYPES);
        java.util.Random r = new java.util.Random(3);
        List<ImportedTrial> smooth = new ArrayList<>();
        List<ImportedTrial> noise = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            JsonObject p = Json.parseObject("{\"x\": " + (r.nextDouble() * 4 - 2) + ", \"y\": " + (r.nextDouble() * 4
                - 2) + ", \"z\": " + (r.nextDouble() * 4 - 2) + "}", "p");
            smooth.add(new ImportedTrial(p, JsonFloat.of(SMOOTH.applyAsDouble(p)), Optional.empty()));
            noise.add(new ImportedTrial(p, JsonFloat.of(NOISE.applyAsDouble(p)), Optional.empty()));
        }
        double good = ModelFit.leaveOneOut(space, smooth, OptimizeMode.MINIMIZE, 1);
        double bad = ModelFit.leaveOneOut(space, noise, OptimizeMode.MINIMIZE, 1);
        assertTrue(good > 0.8, "smooth: " + good);
        assertTrue(bad < AutoPolicy.EARLY_SCAN.floor(), "noise: " + bad);
        assertEquals(good, ModelFit.leaveOneOut(space, smooth, OptimizeMode.MINIMIZE, 1), 0.0, "repeatable");
        assertTrue(Double.isNaN(ModelFit.leaveOneOut(space, smooth.subList(0, 4), OptimizeMode.MINIMIZE, 1)),
            "too few results");
        List<ImportedTrial> flat = smooth.stream().map(t -> new ImportedTrial(t.parameter(), JsonFloat.of(1.0),
            Optional.empty())).toList();
        assertTrue(Double.isNaN(ModelFit.leaveOneOut(space, flat, OptimizeMode.MINIMIZE, 1)), "equal losses");
    }

    @Test
    void anAdditiveModelPredictsASumOfPerCoordinateWellsBetterThanAJointOneAndInteractionsWorse() {
        SearchSpace space = SearchSpace.parse(FLAT3, SearchSpace.ALL_TYPES);
        java.util.Random r = new java.util.Random(5);
        List<ImportedTrial> wells = new ArrayList<>();
        List<ImportedTrial> products = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            double[] z = {r.nextDouble() * 4 - 2, r.nextDouble() * 4 - 2, r.nextDouble() * 4 - 2};
            JsonObject p = Json.parseObject("{\"x\": " + z[0] + ", \"y\": " + z[1] + ", \"z\": " + z[2] + "}", "p");
            double sum = 0;
            for (double v : z) {
                sum += v * v * v * v - 3 * v * v + 0.5 * v; // two basins per coordinate, as styblinski5's
            }
            wells.add(new ImportedTrial(p, JsonFloat.of(sum), Optional.empty()));
            products.add(new ImportedTrial(p, JsonFloat.of(z[0] * z[1] + z[1] * z[2]), Optional.empty()));
        }
        double separable = ModelFit.additiveGain(space, wells, OptimizeMode.MINIMIZE);
        double interacting = ModelFit.additiveGain(space, products, OptimizeMode.MINIMIZE);
        assertTrue(separable > 0.3, "per-coordinate wells: " + separable);
        assertTrue(interacting < 0, "products of coordinates: " + interacting);
        assertTrue(Double.isNaN(ModelFit.additiveGain(space, wells.subList(0, 4), OptimizeMode.MINIMIZE)),
            "too few results");
    }

    @Test
    void theCheckIsPlannedWhereMetisIsPickedWithAScanAndNowhereElse() {
        AutoTuner flat = auto(200, 1);
        flat.updateSearchSpace(FLAT3);
        assertEquals("Metis", flat.choice().algorithm());
        assertEquals(new ScanPlan(100, 6, null, AutoPolicy.EARLY_SCAN), flat.choice().scan());
        assertTrue(flat.choice().reason().contains("after 25 results instead, of 3 values per parameter, when a GP"
            + " fitted to the first 25 predicts them poorly, and then GP goes on"), flat.choice().reason());
        AutoTuner flat2 = auto(200, 1);
        flat2.updateSearchSpace(Json.parseObject("""
            {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]}}""", "s"));
        assertEquals("Metis", flat2.choice().algorithm());
        assertEquals(new ScanPlan(100, 6), flat2.choice().scan(), "two parameters: the scan after 100, no check");
        AutoTuner onLogScale = auto(200, 1);
        onLogScale.updateSearchSpace(Json.parseObject("""
            {"x": {"_type": "loguniform", "_value": [1, 10]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "s"));
        assertEquals("GP", onLogScale.choice().algorithm());
        assertNull(onLogScale.choice().scan().early(), "the GP picked: no check");
        AutoTuner longRun = auto(5000, 1);
        longRun.updateSearchSpace(FLAT3);
        assertNull(longRun.choice().scan(), "CMA-ES: no scan, no check");
        AutoTuner noRoom = auto(100, 1);
        noRoom.updateSearchSpace(FLAT3);
        assertNull(noRoom.choice().scan(), "a 100-trial budget: no scan, no check");
        assertThrows(IllegalArgumentException.class, () -> new EarlyScan(4, 0.3, 50, 3, "GP"));
        assertThrows(IllegalArgumentException.class, () -> new EarlyScan(25, 0.3, 24, 3, "GP"));
        assertThrows(IllegalArgumentException.class, () -> new EarlyScan(25, 0.3, 25, 0, "GP"));
    }

    /** On a smooth function the first 25 results are predicted well: the run is Metis's own past 60 results. */
    @Test
    void aWellPredictedRunStaysMetisUntilTheScanAfterAHundred() throws Exception {
        AutoTuner auto = auto(200, 5);
        auto.updateSearchSpace(FLAT3);
        List<String> log = logOf(() -> feed(auto, 0, AT, SMOOTH));
        assertEquals(100, auto.plan().after());
        assertTrue(log.stream().anyMatch(m -> m.startsWith("Auto: a GP fitted to the first 25 results predicts them"
            + " (leave-one-out R^2 ") && m.endsWith("the scan stays after 100 results")), log.toString());
        MetisTuner metis = new MetisTuner(AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, 5L));
        metis.updateSearchSpace(FLAT3);
        feed(metis, 0, AT, SMOOTH);
        assertEquals(feed(metis, AT, 60 - AT, SMOOTH), feed(auto, AT, 60 - AT, SMOOTH),
            "Metis's own suggestions past 60 results");
        assertEquals("Metis", auto.choice().algorithm());
    }

    /**
     * Where the first results have no structure a GP can predict, the log says so and the scan starts right away:
     * the next 9 suggestions move one parameter at a time away from the best point (3 values for each of the 3),
     * then the GP takes over with all 34 results; a run resumed from a snapshot taken before the check makes the same
     * check and the same scan, and one resumed from a snapshot taken during the scan hands over alike.
     */
    @Test
    void aPoorlyPredictedRunIsScannedRightAwayThenTheGpGoesOnAndAResumeDoesTheSame() throws Exception {
        AutoTuner auto = auto(200, 9);
        auto.updateSearchSpace(FLAT3);
        feed(auto, 0, 12, NOISE);
        JsonValue before = Json.parse(Json.write(auto.snapshot()));
        List<String> log = logOf(() -> feed(auto, 12, AT - 12, NOISE));
        assertEquals(SOONER, auto.plan().after());
        assertEquals(3, auto.plan().strata());
        assertTrue(log.stream().anyMatch(m -> m.startsWith("Auto: a GP fitted to the first 25 results predicts them"
            + " poorly (leave-one-out R^2 ") && m.endsWith("below 0.3): the scan comes after 25 results, 3 values per"
            + " parameter, then GP goes on")), log.toString());
        AutoTuner resumed = auto(200, 9);
        resumed.updateSearchSpace(FLAT3);
        resumed.restore(before);
        assertEquals(100, resumed.plan().after(), "the snapshot was taken before the check");
        feed(resumed, 12, AT - 12, NOISE);
        assertEquals(SOONER, resumed.plan().after());
        JsonObject best = (JsonObject) ((dev.tunerd.spi.json.JsonArray) ((JsonObject) ((JsonObject) auto.snapshot())
            .get("scan")).get("best")).get(0);
        JsonValue afterCheck = Json.parse(Json.write(resumed.snapshot()));
        JsonObject first = (JsonObject) auto.generateParameters(AT);
        assertEquals(first, resumed.generateParameters(AT));
        assertEquals(1, moved(first, best), "a scan point: one parameter moved from the best " + best + ": " + first);
        // a snapshot after the check resumes with the scan still brought forward
        AutoTuner later = auto(200, 9);
        later.updateSearchSpace(FLAT3);
        later.restore(afterCheck);
        assertEquals(SOONER, later.plan().after());
        assertEquals(first, later.generateParameters(AT));
        // the first scan point's result, then the other 8 scan points, then the GP
        JsonValue firstResult = JsonFloat.of(NOISE.applyAsDouble(first));
        auto.receiveTrialResult(new TrialResult(AT, first, firstResult, false, Optional.empty()));
        auto.trialEnd(AT, true);
        JsonValue duringScan = Json.parse(Json.write(auto.snapshot()));
        List<ImportedTrial> rest = feed(auto, AT + 1, 8, NOISE);
        assertEquals("Metis", auto.choice().algorithm(), "the scan is issued, the next request hands over");
        List<String> handover = logOf(() -> feed(auto, AT + 9, 1, NOISE));
        assertEquals("GP", auto.choice().algorithm());
        assertTrue(handover.contains("Auto hands over to GP after the scan, with the 34 results so far"),
            handover.toString());
        AutoTuner midScan = auto(200, 9);
        midScan.updateSearchSpace(FLAT3);
        midScan.restore(duringScan);
        assertEquals(rest, feed(midScan, AT + 1, 8, NOISE), "the scan resumes where it was");
        logOf(() -> feed(midScan, AT + 9, 1, NOISE));
        assertEquals("GP", midScan.choice().algorithm(), "and hands over after it");
        assertEquals(feed(auto, AT + 10, 3, NOISE), feed(midScan, AT + 10, 3, NOISE), "the same GP");
    }

    /** A snapshot written before session 12 (no check recorded) resumes with no check: the scan stays after 100. */
    @Test
    void aSnapshotWithoutTheCheckResumesWithoutIt() throws Exception {
        AutoTuner auto = auto(200, 9);
        auto.updateSearchSpace(FLAT3);
        feed(auto, 0, 10, NOISE);
        JsonObject snapshot = (JsonObject) auto.snapshot();
        JsonObject scan = (JsonObject) snapshot.get("scan");
        JsonObject.Builder old = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : scan.members().entrySet()) {
            if (!e.getKey().equals("early") && !e.getKey().equals("fitChecked")) {
                old.put(e.getKey(), e.getValue());
            }
        }
        JsonObject.Builder s = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : snapshot.members().entrySet()) {
            s.put(e.getKey(), e.getKey().equals("scan") ? old.build() : e.getValue());
        }
        AutoTuner resumed = auto(200, 9);
        resumed.updateSearchSpace(FLAT3);
        resumed.restore(Json.parse(Json.write(s.build())));
        feed(resumed, 10, AT - 10, NOISE);
        assertNull(resumed.plan().early());
        assertEquals(100, resumed.plan().after());
        feed(auto, 10, AT - 10, NOISE);
        assertNotEquals(auto.plan().after(), resumed.plan().after(), "the run that made the check scans sooner");
    }
}
