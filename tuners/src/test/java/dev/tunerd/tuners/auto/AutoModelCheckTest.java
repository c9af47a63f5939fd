package dev.tunerd.tuners.auto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.testkit.LogCapture;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Auto's model check (session 11): after {@link AutoPolicy#CHECK_AFTER} results of Metis, a GP fitted to them that
 * predicts each left-out result poorly hands the run to the GP, with every result; one that predicts them well keeps
 * Metis.
 */
class AutoModelCheckTest {
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
        assertTrue(bad < AutoPolicy.FIT_FLOOR, "noise: " + bad);
        assertEquals(good, ModelFit.leaveOneOut(space, smooth, OptimizeMode.MINIMIZE, 1), 0.0, "repeatable");
        assertTrue(Double.isNaN(ModelFit.leaveOneOut(space, smooth.subList(0, 4), OptimizeMode.MINIMIZE, 1)),
            "too few results");
        List<ImportedTrial> flat = smooth.stream().map(t -> new ImportedTrial(t.parameter(), JsonFloat.of(1.0),
            Optional.empty())).toList();
        assertTrue(Double.isNaN(ModelFit.leaveOneOut(space, flat, OptimizeMode.MINIMIZE, 1)), "equal losses");
    }

    @Test
    void theCheckIsPlannedWhereMetisIsPickedAndNowhereElse() {
        AutoTuner flat = auto(200, 1);
        flat.updateSearchSpace(FLAT3);
        assertEquals(new ModelCheck(AutoPolicy.CHECK_AFTER, AutoPolicy.FIT_FLOOR, "GP", AutoPolicy.TAKE_BACK_AT), flat.choice().check());
        AutoTuner longRun = auto(5000, 1);
        longRun.updateSearchSpace(FLAT3);
        assertEquals(null, longRun.choice().check(), "CMA-ES");
        AutoTuner onLogScale = auto(200, 1);
        onLogScale.updateSearchSpace(Json.parseObject("""
            {"x": {"_type": "loguniform", "_value": [1, 10]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "s"));
        assertEquals("GP", onLogScale.choice().algorithm());
        assertEquals(null, onLogScale.choice().check(), "the GP picked first: nothing to check");
        AutoTuner forced = new AutoTuner(AlgorithmContext.standalone(), new AutoClassArgs(OptimizeMode.MINIMIZE,
            "Metis", 1L));
        forced.updateSearchSpace(FLAT3);
        assertEquals(null, forced.choice().check(), "a forced pick is kept");
        AutoTuner plane = auto(200, 1);
        plane.updateSearchSpace(Json.parseObject("""
            {"x": {"_type": "uniform", "_value": [-2, 2]}, "y": {"_type": "uniform", "_value": [-2, 2]}}""", "s"));
        assertEquals("Metis", plane.choice().algorithm());
        assertEquals(null, plane.choice().check(), "two parameters: no check");
        assertThrows(IllegalArgumentException.class, () -> new ModelCheck(4, 0.3, "GP", 0));
        assertThrows(IllegalArgumentException.class, () -> new ModelCheck(25, 0.3, "GP", 25));
    }

    /** On a smooth function Metis's first 25 results are predicted well: Metis goes on, and the log says why. */
    @Test
    void aWellPredictedRunKeepsMetis() throws Exception {
        AutoTuner auto = auto(200, 5);
        auto.updateSearchSpace(FLAT3);
        List<String> log = LogCapture.during(() -> {
            try {
                feed(auto, 0, AutoPolicy.CHECK_AFTER, SMOOTH);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals("Metis", auto.choice().algorithm());
        String line = log.stream().filter(m -> m.startsWith("Auto keeps Metis after " + AutoPolicy.CHECK_AFTER
            + " results")).findFirst().orElseThrow(() -> new AssertionError(log.toString()));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("leave-one-out R\\^2 ([0-9.]+);").matcher(line);
        assertTrue(m.find() && Double.parseDouble(m.group(1)) > 0.8, line);
        dev.tunerd.tuners.metis.MetisTuner metis = new dev.tunerd.tuners.metis.MetisTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.metis.MetisClassArgs(OptimizeMode.MINIMIZE, 5L));
        metis.updateSearchSpace(FLAT3);
        feed(metis, 0, AutoPolicy.CHECK_AFTER, SMOOTH);
        assertEquals(metis.generateParameters(AutoPolicy.CHECK_AFTER), auto.generateParameters(AutoPolicy.CHECK_AFTER),
            "still Metis's own suggestions");
    }

    /**
     * Where the results have no structure a GP can predict, the GP takes over after 25 with every result (its next
     * suggestion is that of a GP given them as imported data), the log says so, Metis is planned to go on after the
     * scan, and a run resumed from a snapshot taken before the check switches at the same point to the same
     * suggestions.
     */
    @Test
    void aPoorlyPredictedRunGoesToTheGpAndMetisComesBackAfterTheScan() throws Exception {
        AutoTuner auto = auto(200, 9);
        auto.updateSearchSpace(FLAT3);
        List<ImportedTrial> first = feed(auto, 0, 12, NOISE);
        JsonValue before = Json.parse(Json.write(auto.snapshot()));
        List<ImportedTrial> rest = new ArrayList<>();
        List<String> log = LogCapture.during(() -> {
            try {
                rest.addAll(feed(auto, 12, AutoPolicy.CHECK_AFTER - 12, NOISE));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals("GP", auto.choice().algorithm(), log.toString());
        String line = log.stream().filter(m -> m.startsWith("Auto switches from Metis to GP: after "
            + AutoPolicy.CHECK_AFTER + " results a GP fitted to them predicts them poorly (leave-one-out R^2 "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(log.toString()));
        assertTrue(line.endsWith("GP takes over with every result so far, and Metis takes it back after "
            + AutoPolicy.TAKE_BACK_AT + " results"), line);
        assertEquals(new ScanPlan(100, 6), auto.choice().scan());

        GpTuner gp = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, 9L));
        gp.updateSearchSpace(FLAT3);
        List<ImportedTrial> all = new ArrayList<>(first);
        all.addAll(rest);
        gp.importData(all);
        JsonValue expected = gp.generateParameters(AutoPolicy.CHECK_AFTER);
        AutoTuner resumed = auto(200, 9);
        resumed.updateSearchSpace(FLAT3);
        resumed.restore(before);
        assertEquals("Metis", resumed.choice().algorithm(), "the snapshot was taken before the check");
        List<ImportedTrial> again = feed(resumed, 12, AutoPolicy.CHECK_AFTER - 12, NOISE);
        assertEquals(rest, again, "the same suggestions up to the check");
        assertEquals("GP", resumed.choice().algorithm());
        JsonValue got = auto.generateParameters(AutoPolicy.CHECK_AFTER);
        assertEquals(expected, got);
        assertEquals(expected, resumed.generateParameters(AutoPolicy.CHECK_AFTER));
        double gotValue = NOISE.applyAsDouble((JsonObject) got);
        auto.receiveTrialResult(new TrialResult(AutoPolicy.CHECK_AFTER, got, JsonFloat.of(gotValue), false,
            Optional.empty()));
        auto.trialEnd(AutoPolicy.CHECK_AFTER, true);

        AutoTuner after = auto(200, 9);
        after.updateSearchSpace(FLAT3);
        after.restore(Json.parse(Json.write(auto.snapshot())));
        assertEquals("GP", after.choice().algorithm(), "a resume after the switch stays with the GP");

        // at TAKE_BACK_AT results Metis takes the run back with every result, in the resumed run as well
        int gpTurnsLeft = AutoPolicy.TAKE_BACK_AT - AutoPolicy.CHECK_AFTER - 1;
        List<ImportedTrial> gpTurns = feed(auto, AutoPolicy.CHECK_AFTER + 1, gpTurnsLeft, NOISE);
        List<String> back = LogCapture.during(() -> {
            try {
                feed(after, AutoPolicy.CHECK_AFTER + 1, gpTurnsLeft, NOISE);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals("Metis", auto.choice().algorithm());
        assertEquals("Metis", after.choice().algorithm());
        assertTrue(back.contains("Auto hands the run back to Metis after 50 results of which GP made the last 25"),
            back.toString());
        dev.tunerd.tuners.metis.MetisTuner metis = new dev.tunerd.tuners.metis.MetisTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.metis.MetisClassArgs(OptimizeMode.MINIMIZE, 9L));
        metis.updateSearchSpace(FLAT3);
        List<ImportedTrial> fifty = new ArrayList<>(all);
        fifty.add(new ImportedTrial(got, JsonFloat.of(gotValue), Optional.empty()));
        fifty.addAll(gpTurns);
        assertEquals(AutoPolicy.TAKE_BACK_AT, fifty.size());
        metis.importData(fifty);
        JsonValue next = metis.generateParameters(100);
        assertEquals(next, auto.generateParameters(100));
        assertEquals(next, after.generateParameters(100));
    }

    /** With a budget that leaves no room for a scan the check is still made, and the GP then runs to the end. */
    @Test
    void withoutAScanTheGpGoesOnToTheEnd() throws Exception {
        AutoTuner auto = auto(50, 9);
        auto.updateSearchSpace(FLAT3);
        JsonObject early = (JsonObject) Json.parse(Json.write(auto.snapshot()));
        assertTrue(early.has("check") && !early.has("scan"), early.toString());
        feed(auto, 0, 10, NOISE);
        AutoTuner resumed = auto(50, 9);
        resumed.updateSearchSpace(FLAT3);
        resumed.restore(Json.parse(Json.write(auto.snapshot())));
        feed(auto, 10, AutoPolicy.CHECK_AFTER - 10, NOISE);
        feed(resumed, 10, AutoPolicy.CHECK_AFTER - 10, NOISE);
        assertEquals("GP", auto.choice().algorithm());
        assertEquals(null, auto.choice().scan());
        assertEquals("GP", resumed.choice().algorithm(), "the history kept in the check's entry of the snapshot");
        assertEquals(auto.generateParameters(AutoPolicy.CHECK_AFTER),
            resumed.generateParameters(AutoPolicy.CHECK_AFTER));
        AutoTuner smooth = auto(50, 9);
        smooth.updateSearchSpace(FLAT3);
        feed(smooth, 0, AutoPolicy.CHECK_AFTER, SMOOTH);
        assertNotEquals("GP", smooth.choice().algorithm());
    }
}
