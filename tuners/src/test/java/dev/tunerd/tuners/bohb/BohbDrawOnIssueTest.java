package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BOHB draws each new configuration in the request that issues it (issue 13 session 28), not a bracket's whole first
 * round in the request that starts it: the round's size, ids and budgets are fixed at the bracket's start as before,
 * the entries not issued yet carry no configuration (in the engine and in a snapshot), and a tuner restored in the
 * middle of a half-drawn round goes on exactly as the uninterrupted one.
 */
class BohbDrawOnIssueTest {
    static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
        + " \"k\": {\"_type\": \"randint\", \"_value\": [0, 6]}, \"c\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\"]}}");

    private static BohbTuner tuner(String sampler) {
        BohbTuner t = new BohbTuner(BohbArgs.builder().optimizeMode("minimize").minBudget(1).maxBudget(9).eta(3)
            .randomFraction(0.1).rankAgreement(-1.0).seed(21L).sampler(sampler).build(), 21L,
            AlgorithmContext.standalone());
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static BohbTuner restored(BohbTuner from, String sampler) {
        BohbTuner t = tuner(sampler);
        t.restore(Json.parse(Json.writeAllowingNonFinite(from.snapshot())));
        return t;
    }

    /** Smaller is better, and better with more budget (BohbFrozenModelTest uses it too). */
    static double loss(JsonObject p) {
        double x = p.get("x").asDouble();
        double k = p.get("k").asDouble();
        int budget = (int) ((JsonInt) p.get("TRIAL_BUDGET")).value();
        return Math.abs(x - 0.3) + 0.05 * Math.abs(k - 4) + (p.get("c").toString().contains("a") ? 0.2 : 0) + 1.0 / budget;
    }

    /** The first round's entries of every bracket in a snapshot: whether each carries its configuration ("p"). */
    private static List<List<Boolean>> drawnInFirstRounds(BohbTuner t) {
        JsonObject engine = (JsonObject) ((JsonObject) t.snapshot()).get("engine");
        List<List<Boolean>> out = new ArrayList<>();
        for (JsonValue b : ((JsonArray) engine.get("brackets")).values()) {
            JsonObject round = (JsonObject) ((JsonArray) ((JsonObject) b).get("rounds")).values().get(0);
            List<Boolean> drawn = new ArrayList<>();
            for (JsonValue e : ((JsonArray) round.get("entries")).values()) {
                drawn.add(((JsonObject) e).get("p") != null);
            }
            out.add(drawn);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpe", "kde"})
    void aRequestDrawsOnlyTheConfigurationsItHandsOut(String sampler) {
        BohbTuner t = tuner(sampler);
        JsonObject first = (JsonObject) t.generateMultipleParameters(List.of(0L)).get(0);
        assertEquals("2_0_0", t.wireParameterId(0));
        assertEquals(JsonInt.of(1), first.get("TRIAL_BUDGET"));
        assertEquals(List.of(List.of(true, false, false, false, false, false, false, false, false)), drawnInFirstRounds(t),
            "bracket 2 holds its nine places at its start; only the one issued is drawn");
        List<JsonValue> three = t.generateMultipleParameters(List.of(1L, 2L, 3L));
        assertEquals(3, three.size());
        assertEquals(List.of(List.of(true, true, true, true, false, false, false, false, false)), drawnInFirstRounds(t));
        assertEquals("2_0_3", t.wireParameterId(3));
    }

    /**
     * A run with three workers, each ending its oldest trial before it asks again, as a request and trial-end script
     * that two tuners can follow; {@code pauseAt}: the step where a tuner restored from a snapshot replaces the live one
     * (-1: never). Returns every configuration sent (with its budget), then every wire id, in order.
     */
    private static List<List<String>> run(String sampler, int steps, int pauseAt, List<List<List<Boolean>>> seen) {
        BohbTuner t = tuner(sampler);
        List<String> sent = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        ArrayDeque<Long> running = new ArrayDeque<>();
        List<JsonObject> params = new ArrayList<>();
        long next = 0;
        for (int step = 0; step < steps; step++) {
            if (step == pauseAt) {
                seen.add(drawnInFirstRounds(t));
                t = restored(t, sampler);
            }
            List<Long> ask = new ArrayList<>();
            for (int w = running.size(); w < 3; w++) {
                ask.add(next++);
            }
            List<JsonValue> got = t.generateMultipleParameters(ask);
            assertEquals(ask.size(), got.size(), "parallelism mode never waits for a round");
            for (int i = 0; i < got.size(); i++) {
                JsonObject p = (JsonObject) got.get(i);
                sent.add(p.toString());
                ids.add(t.wireParameterId(ask.get(i)));
                params.add(p);
                running.add(ask.get(i));
            }
            long id = running.poll();
            double value = loss(params.get((int) id));
            t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 0, JsonFloat.of(value + 0.1)));
            t.receiveTrialResult(new TrialResult(id, params.get((int) id), JsonFloat.of(value), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return List.of(sent, ids);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpe", "kde"})
    void aTunerRestoredInAHalfDrawnRoundGoesOnAsTheUninterruptedOne(String sampler) {
        List<List<String>> whole = run(sampler, 80, -1, new ArrayList<>());
        Set<String> wireIds = new HashSet<>(whole.get(1));
        assertEquals(whole.get(1).size(), wireIds.size(), "no wire id is issued twice");
        int halfDrawn = 0;
        for (int pause : new int[] {1, 2, 5, 13, 29, 47, 66}) {
            List<List<List<Boolean>>> seen = new ArrayList<>();
            assertEquals(whole, run(sampler, 80, pause, seen), "restored at step " + pause);
            List<Boolean> latest = seen.get(0).get(seen.get(0).size() - 1);
            if (latest.contains(true) && latest.contains(false)) {
                halfDrawn++;
            }
        }
        assertTrue(halfDrawn >= 3, "most pauses fall in a round drawn in part: " + halfDrawn);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpe", "kde"})
    void aSnapshotWhoseIssuedEntryLostItsConfigurationIsRefused(String sampler) {
        BohbTuner t = tuner(sampler);
        t.generateMultipleParameters(List.of(0L, 1L));
        String text = Json.writeAllowingNonFinite(t.snapshot());
        String issuedEntry = "{\"n\": 0, \"p\": {";
        int at = text.indexOf(issuedEntry);
        int end = text.indexOf("}, \"id\": 0,", at);
        assertTrue(at >= 0 && end > at, "the snapshot writes an issued entry's configuration: " + text);
        String broken = text.substring(0, at) + "{\"n\": 0" + text.substring(end + 1);
        BohbTuner fresh = tuner(sampler);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fresh.restore(Json.parse(broken)));
        assertTrue(e.getMessage().contains("\"p\""), e.getMessage());
    }
}
