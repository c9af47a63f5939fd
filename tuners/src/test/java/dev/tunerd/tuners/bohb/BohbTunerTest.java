package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BohbTunerTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
        + " \"n\": {\"_type\": \"normal\", \"_value\": [10, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\"]}}");

    private static BohbTuner tuner(long seed) {
        return tuner(seed, null);
    }

    private static BohbTuner tuner(long seed, String sampler) {
        BohbTuner t = new BohbTuner(BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).randomFraction(0.0)
            .rankAgreement(-1.0).seed(seed).sampler(sampler).build(), seed, AlgorithmContext.standalone());
        t.updateSearchSpace(SPACE);
        return t;
    }

    /** Larger is better: x near 0.8, n near 11, c = "b". */
    private static double score(JsonObject p) {
        double x = p.get("x").asDouble();
        double n = p.get("n").asDouble();
        return -Math.abs(x - 0.8) - 0.2 * Math.abs(n - 11) + (p.get("c").toString().contains("b") ? 0.3 : 0);
    }

    @Test
    void idsAreNnisBohbIdsAndTheModelTakesOverOnTheLargestBudgetWithEnoughResults() {
        BohbTuner t = tuner(4);
        List<Double> early = new ArrayList<>();
        List<Double> late = new ArrayList<>();
        for (long id = 0; id < 200; id++) {
            JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
            if (id == 0) {
                assertEquals("2_0_0", t.wireParameterId(0));
                assertEquals(JsonInt.of(1), p.get("TRIAL_BUDGET"));
            }
            double v = score(p);
            (id < 30 ? early : late).add(v);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        assertTrue(t.modelBudget() >= 3, "a model at a budget above the smallest: " + t.modelBudget());
        double earlyMean = early.stream().mapToDouble(d -> d).average().orElseThrow();
        double lateMean = late.subList(late.size() - 60, late.size()).stream().mapToDouble(d -> d).average().orElseThrow();
        assertTrue(lateMean > earlyMean + 0.2, "model-based picks are better: " + earlyMean + " -> " + lateMean);
    }

    /** The values of budget {@code budget} in the model's results, as a snapshot carries them. */
    private static List<Double> resultsAt(BohbTuner t, int budget) {
        List<Double> out = new ArrayList<>();
        JsonObject own = (JsonObject) ((JsonObject) t.snapshot()).get("own");
        for (JsonValue r : ((JsonArray) own.get("results")).values()) {
            List<JsonValue> f = ((JsonArray) r).values();
            if (f.get(0).asDouble() == budget) {
                out.add(f.get(2).asDouble());
            }
        }
        return out;
    }

    @Test
    void aFinalAfterItsTrialsEndReplacesTheValueTheModelTookAtTheEnd() {
        BohbTuner t = tuner(3);
        List<Long> ids = List.of(0L, 1L, 2L);
        List<JsonValue> ps = t.generateMultipleParameters(ids);
        t.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.25)));
        t.trialEnd(0, true); // ended on its intermediate result
        t.trialEnd(1, false); // ended without any
        assertEquals(List.of(-0.25), resultsAt(t, 1), "maximize: the model holds losses");
        t.receiveTrialResult(new TrialResult(0, ps.get(0), JsonFloat.of(0.75), false, Optional.empty()));
        t.receiveTrialResult(new TrialResult(1, ps.get(1), JsonFloat.of(0.5), false, Optional.empty()));
        assertEquals(List.of(-0.75, -0.5), resultsAt(t, 1), "the late FINALs replace and add, nothing is doubled");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"tpe", "kde"})
    void theNormalFamilyIsSampledAroundItsMeanNotItsDeviation(String sampler) {
        BohbTuner t = tuner(9, sampler);
        List<Double> ns = new ArrayList<>();
        for (long id = 0; id < 120; id++) {
            JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
            ns.add(p.get("n").asDouble());
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(score(p)), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        double mean = ns.stream().mapToDouble(d -> d).average().orElseThrow();
        assertTrue(mean > 9 && mean < 12, "normal(10, 1) values stay near 10 (NNI swaps mu and sigma): " + mean);
    }

    @Test
    void importedDataFeedsTheModelAndSnapshotsContinueTheSameRun() {
        BohbTuner a = tuner(2);
        List<ImportedTrial> data = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            JsonObject p = JsonObject.builder().put("x", i / 20.0).put("n", 10.0 + i / 10.0).put("c", "b")
                .put("TRIAL_BUDGET", 9).build();
            data.add(new ImportedTrial(p, JsonFloat.of(i), Optional.empty()));
        }
        a.importData(data);
        assertEquals(9, a.modelBudget());
        a.generateMultipleParameters(List.of(0L, 1L));
        BohbTuner b = tuner(2);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        assertEquals(9, b.modelBudget());
        List<JsonValue> fromA = a.generateMultipleParameters(List.of(2L, 3L));
        List<JsonValue> fromB = b.generateMultipleParameters(List.of(2L, 3L));
        assertEquals(fromA, fromB);
        assertEquals(a.wireParameterId(3), b.wireParameterId(3));
    }

    @Test
    void importedEntriesThatDoNotFitTheSpaceOrHaveNoNumberFeedNothing() {
        BohbTuner a = tuner(2);
        List<ImportedTrial> data = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            JsonObject outOfRange = JsonObject.builder().put("x", 5.0 + i).put("n", 10.0).put("c", "b")
                .put("TRIAL_BUDGET", 9).build();
            JsonObject unknownChoice = JsonObject.builder().put("x", 0.5).put("n", 10.0).put("c", "z")
                .put("TRIAL_BUDGET", 9).build();
            JsonObject fits = JsonObject.builder().put("x", i / 20.0).put("n", 10.0).put("c", "a")
                .put("TRIAL_BUDGET", 9).build();
            data.add(new ImportedTrial(outOfRange, JsonFloat.of(i), Optional.empty()));
            data.add(new ImportedTrial(unknownChoice, JsonFloat.of(i), Optional.empty()));
            data.add(new ImportedTrial(fits, Json.parse("\"not a number\""), Optional.empty()));
        }
        a.importData(data);
        assertEquals(-1, a.modelBudget(), "no entry reached the model");
    }

    @Test
    void nestedChoicesAndBadClassArgsAreRefusedByName() {
        BohbTuner t = tuner(1);
        var e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace((JsonObject) Json.parse(
            "{\"m\": {\"_type\": \"choice\", \"_value\": [{\"_name\": \"a\", \"y\": {\"_type\": \"uniform\","
                + " \"_value\": [0, 1]}}]}}")));
        assertTrue(e.getMessage().contains("nested choice"), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BohbArgs.builder().minBudget(5).maxBudget(2)
            .build()).getMessage().startsWith("max_budget must be between min_budget"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BohbArgs.builder().topNPercent(100).build())
            .getMessage().startsWith("top_n_percent must be between 1 and 99"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BohbArgs.builder().execMode("serially").build())
            .getMessage().startsWith("exec_mode must be"));
    }

    /**
     * tunerd's departures from NNI's defaults: the TPE kernel as the model, no random share (issue 13 session 8); 4
     * candidates for the KDE, the rank check at 0.6 (session 7).
     */
    @Test
    void defaultsUseTheTpeKernelAndStartWithFullTrainingsUntilSmallBudgetsAreShownToRankWell() {
        BohbArgs defaults = BohbArgs.builder().minBudget(1).maxBudget(9).seed(3L).build();
        assertTrue(defaults.tpe());
        assertEquals(0.0, defaults.randomFraction());
        BohbArgs kde = BohbArgs.builder().minBudget(1).maxBudget(9).seed(3L).sampler("kde").build();
        assertEquals(1.0 / 3, kde.randomFraction(), "NNI's random share with NNI's model");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BohbArgs.builder().minBudget(1).maxBudget(9)
            .seed(3L).sampler("gp").build()).getMessage().startsWith("sampler must be"));
        assertEquals(4, defaults.numSamples());
        assertEquals(0.6, defaults.rankAgreement());
        assertEquals(false, defaults.serial());
        BohbTuner t = new BohbTuner(defaults, 3L, AlgorithmContext.standalone());
        t.updateSearchSpace(SPACE);
        for (long id = 0; id < 6; id++) { // no evidence yet: bracket 0 (full trainings) every time, never bracket 2
            JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
            assertEquals(JsonInt.of(9), p.get("TRIAL_BUDGET"), "id " + id);
            assertTrue(t.wireParameterId(id).startsWith("0_0_"), t.wireParameterId(id));
        }
    }

    /**
     * {@code exec_mode: serial} (NNI's BOHB): while a bracket's round runs and nothing is queued, a request is owed
     * ({@code NO}) and paid through the sender when the round's end queues its promotion; the next bracket starts only
     * after this one issued its last round.
     */
    @Test
    void serialModeOwesRequestsUntilTheRoundEndsAndPaysThemThroughTheSender() throws Exception {
        List<Long> sent = new ArrayList<>();
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> sent.add(id), Optional.empty(), java.time.Clock.systemUTC());
        BohbTuner t = new BohbTuner(BohbArgs.builder().minBudget(1).maxBudget(3).eta(3).randomFraction(0.0)
            .execMode("serial").rankAgreement(-1.0).seed(5L).build(),
            5L, ctx); // sMax 1: bracket 1 = 3 configurations at budget 1, the best one at 3; then bracket 0
        t.updateSearchSpace(SPACE);
        List<JsonValue> first = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L));
        assertEquals(3, first.size(), "the fourth and fifth requests wait for the round (NO)");
        assertThrows(dev.tunerd.spi.NoMoreTrialsException.class, () -> t.generateParameters(5));
        double[] values = {0.1, 0.9, 0.5};
        for (int i = 0; i < 3; i++) {
            t.receiveTrialResult(new TrialResult(i, first.get(i), JsonFloat.of(values[i]), false, Optional.empty()));
            t.trialEnd(i, true);
            if (i < 2) {
                assertEquals(List.of(), sent, "nothing is owed out before the round ends");
            }
        }
        assertEquals(List.of(3L, 4L), sent, "the promotion pays the first owed id, bracket 0 the second");
        assertEquals("1_1_1", t.wireParameterId(3), "the best of the round (value 0.9, counter 1) goes on");
        assertEquals("0_0_3", t.wireParameterId(4));

        BohbTuner parallel = new BohbTuner(BohbArgs.builder().minBudget(1).maxBudget(3).eta(3).randomFraction(0.0)
            .rankAgreement(-1.0).seed(5L).build(), 5L, AlgorithmContext.standalone());
        parallel.updateSearchSpace(SPACE);
        assertEquals(5, parallel.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L)).size(),
            "parallelism mode starts the next bracket instead of waiting");
    }

    /**
     * The normal-reference bandwidth of a {@code randint} coordinate is 0 when the good results agree on its value;
     * floored at one step of its grid, the model still proposes other values (NNI's model never would again).
     */
    @Test
    void aRandintOnWhichTheGoodResultsAgreeIsStillVaried() {
        JsonObject space = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
            + " \"k\": {\"_type\": \"randint\", \"_value\": [0, 6]}}");
        var parsed = dev.tunerd.spi.space.SearchSpace.parse(space, dev.tunerd.spi.space.SearchSpace.ALL_TYPES);
        var unit = new dev.tunerd.tuners.model.UnitSpace(parsed.parameters());
        BudgetModels m = new BudgetModels(unit, BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).randomFraction(0.0)
            .seed(1L).sampler("kde").build());
        var rng = dev.tunerd.tuners.common.Rng.withSeed(11);
        for (int i = 0; i < 40; i++) { // the best results all have k = 2; the rest any k
            int k = i < 8 ? 2 : i % 6;
            double x = rng.nextDouble();
            m.observe(9, new double[] {x, unit.toUnit(1, k)}, (i < 8 ? 0 : 1) + x);
        }
        int other = 0;
        for (int s = 0; s < 500; s++) {
            if ((int) unit.toInternal(1, m.sample(rng)[1]) != 2) {
                other++;
            }
        }
        assertTrue(other >= 25, "other values of k proposed " + other + " times in 500");
    }

    /** The ids' parameters (without the budget key) that the snapshot lists as drawn and not yet evaluated. */
    private static List<JsonValue> pending(BohbTuner t) {
        JsonObject own = (JsonObject) ((JsonObject) t.snapshot()).get("own");
        return ((JsonArray) own.get("drawn")).values();
    }

    private static JsonObject plain(JsonValue withBudget) {
        return BohbTuner.withoutBudget((JsonObject) withBudget);
    }

    /**
     * A new configuration is pending (the TPE kernel takes it as a trial in flight) from its draw, by the request that
     * issues it, until its first trial ends, with or without a value; an end while its round is drawn in part counts
     * when the round's last configuration is drawn (as when a bracket's start drew the whole round); a promoted
     * configuration's trial does not make it pending again.
     */
    @Test
    void configurationsArePendingFromTheirDrawUntilTheirFirstTrialEnds() {
        BohbTuner t = tuner(6); // bracket 2: 9 configurations at budget 1, 3 go on at 3, 1 at 9
        List<JsonValue> ps = t.generateMultipleParameters(List.of(0L, 1L));
        assertEquals(2, pending(t).size(), "only the configurations issued are drawn (issue 13 session 28)");
        t.receiveTrialResult(new TrialResult(0, ps.get(0), JsonFloat.of(0.5), false, Optional.empty()));
        t.trialEnd(0, true);
        t.trialEnd(1, false); // no value
        assertEquals(List.of(plain(ps.get(0)), plain(ps.get(1))), pending(t), "ended while the round is drawn in part");
        BohbTuner restored = tuner(6);
        restored.restore(Json.parse(Json.writeAllowingNonFinite(t.snapshot())));
        assertEquals(pending(t), pending(restored), "the pending configurations travel with the snapshot");
        List<JsonValue> rest = t.generateMultipleParameters(List.of(2L, 3L, 4L, 5L, 6L, 7L, 8L));
        assertEquals(7, pending(t).size(), "the round drawn, the two ends count");
        assertTrue(!pending(t).contains(plain(ps.get(0))) && !pending(t).contains(plain(ps.get(1))));
        for (int i = 0; i < rest.size(); i++) {
            t.receiveTrialResult(new TrialResult(2 + i, rest.get(i), JsonFloat.of(i), false, Optional.empty()));
            t.trialEnd(2 + i, true);
        }
        assertEquals(List.of(), pending(t));
        JsonValue promoted = t.generateMultipleParameters(List.of(9L)).get(0);
        assertEquals(JsonInt.of(3), ((JsonObject) promoted).get("TRIAL_BUDGET"));
        assertEquals(List.of(), pending(t), "a promotion is not a new draw");
    }

    /**
     * A value revised by a late FINAL refits the TPE kernel of its budget: the live tuner then proposes what a tuner
     * restored from its snapshot (whose models are rebuilt from the results) proposes.
     */
    @Test
    void aRevisedValueRefitsTheTpeKernelOfItsBudget() {
        BohbTuner a = tuner(8);
        List<Long> ids = new ArrayList<>();
        for (long id = 0; id < 9; id++) {
            ids.add(id);
        }
        List<JsonValue> ps = a.generateMultipleParameters(ids);
        for (int i = 0; i < 9; i++) {
            a.receiveIntermediateResult(new IntermediateResult(i, "T" + i, 0, JsonFloat.of(score((JsonObject) ps.get(i)))));
            a.trialEnd(i, true);
        }
        assertEquals(1, a.modelBudget());
        // a late FINAL turns the worst configuration into the best
        a.receiveTrialResult(new TrialResult(8, ps.get(8), JsonFloat.of(10.0), false, Optional.empty()));
        BohbTuner b = tuner(8);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        List<Long> next = List.of(9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L);
        assertEquals(a.generateMultipleParameters(next), b.generateMultipleParameters(next));
    }

    /**
     * The pending configurations reach the TPE kernel as trials in flight (with many in flight it draws more often
     * from its univariate densities, issue 16): the same state without them (a snapshot whose list is emptied)
     * proposes something else, and with them exactly what the original proposes.
     */
    @Test
    void pendingConfigurationsAreTheTpeKernelsTrialsInFlight() {
        BohbTuner a = tuner(12);
        List<ImportedTrial> data = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            JsonObject p = JsonObject.builder().put("x", i / 20.0).put("n", 10.0 + i / 10.0).put("c", i % 2 == 0 ? "a" : "b")
                .put("TRIAL_BUDGET", 9).build();
            data.add(new ImportedTrial(p, JsonFloat.of(score(p)), Optional.empty()));
        }
        a.importData(data);
        a.generateMultipleParameters(List.of(0L, 1L, 2L, 3L)); // bracket 2: four of its nine drawn, all pending
        JsonObject state = (JsonObject) Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
        JsonObject own = (JsonObject) state.get("own");
        JsonObject.Builder withoutPending = JsonObject.builder();
        own.members().forEach((k, v) -> withoutPending.put(k, k.equals("drawn") ? new JsonArray(List.of()) : v));
        JsonObject.Builder forgetful = JsonObject.builder();
        state.members().forEach((k, v) -> forgetful.put(k, k.equals("own") ? withoutPending.build() : v));
        BohbTuner same = tuner(12);
        same.restore(state);
        BohbTuner blind = tuner(12);
        blind.restore(forgetful.build());
        List<Long> next = new ArrayList<>();
        for (long id = 4; id <= 30; id++) { // 9 starts bracket 1, 14 bracket 0, 17 bracket 2 again
            next.add(id);
        }
        List<JsonValue> fromA = a.generateMultipleParameters(next);
        assertEquals(fromA, same.generateMultipleParameters(next));
        List<JsonValue> fromBlind = blind.generateMultipleParameters(next);
        assertTrue(!fromA.subList(0, 5).equals(fromBlind.subList(0, 5)),
            "the rest of the round, drawn without the trials in flight, differs (the kernel's univariate share grows"
                + " with them)");
    }
}
