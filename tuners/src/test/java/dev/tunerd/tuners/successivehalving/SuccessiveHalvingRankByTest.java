package dev.tunerd.tuners.successivehalving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code rank_by} ({@link RungPredictor}, issue 13 session 32): on curves that cross as a function of a parameter, a
 * rung that ranks by the predicted final keeps the slow starter the value stops ({@code auto} and {@code rescue}) and
 * stops the fast starter that ends poorly ({@code auto} only); {@code value} ignores parameters; the evidence
 * survives a snapshot; the key is range-checked.
 */
class SuccessiveHalvingRankByTest {

    /** A configuration: {@code x}, and a choice that says nothing. */
    private static JsonObject params(double x, int i) {
        return JsonObject.builder().put("x", x).put("opt", i % 2 == 0 ? "adam" : "sgd").build();
    }

    /** A crossing curve (losses): {@code x} at the first two steps, {@code 1 - x} at the last. */
    private static List<JsonValue> crossing(double x) {
        return List.of(JsonFloat.of(x), JsonFloat.of(x + 0.001), JsonFloat.of(1 - x));
    }

    /** Feeds {@code history} one result at a time; returns the first Bad step (1-based) or 0; ends it if asked. */
    private static int run(SuccessiveHalvingAssessor a, String trial, JsonObject p, List<JsonValue> history,
                           boolean end) {
        if (p != null) {
            a.trialParameters(trial, p);
        }
        int bad = 0;
        for (int k = 1; k <= history.size() && bad == 0; k++) {
            bad = a.assessTrial(trial, history.subList(0, k)) == AssessResult.BAD ? k : 0;
        }
        if (end) { // evidence: as if the trial ran to the end whatever the verdict
            a.trialEnd(trial, true);
        }
        return bad;
    }

    private static SuccessiveHalvingAssessor trained(String rankBy) {
        var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null, rankBy));
        for (int i = 0; i < 30; i++) {
            double x = (i * 7 % 30 + 0.5) / 30;
            List<JsonValue> h = crossing(x);
            for (int k = 1; k <= h.size(); k++) {
                a.assessTrial("T" + i, h.subList(0, k));
                if (k == 1) {
                    a.trialParameters("T" + i, params(x, i)); // told late: no entry at the first rung, still evidence
                }
            }
            a.trialEnd("T" + i, true);
        }
        for (int i = 0; i < 30; i++) {
            double x = (i * 11 % 30 + 0.25) / 30;
            run(a, "E" + i, params(x, i), crossing(x), true);
        }
        return a;
    }

    @Test
    void rankingByThePredictedFinalKeepsTheSlowStarterAndStopsTheFastStarter() {
        for (String mode : List.of("auto", "rescue")) {
            assertEquals(0, run(trained(mode), "slow", params(0.95, 0), crossing(0.95), false), mode);
        }
        assertEquals(1, run(trained("auto"), "fast", params(0.05, 1), crossing(0.05), false), "auto ranks by it");
        assertEquals(0, run(trained("rescue"), "fast", params(0.05, 1), crossing(0.05), false), "rescue only keeps");
        assertEquals(1, run(trained("value"), "slow", params(0.95, 0), crossing(0.95), false), "by value: stopped");
        assertEquals(0, run(trained("value"), "fast", params(0.05, 1), crossing(0.05), false), "by value: kept");
        // without parameters the value decides, whatever rank_by says
        assertEquals(1, run(trained("auto"), "slow", null, crossing(0.95), false));
    }

    @Test
    void withValueTheParametersChangeNothing() {
        var args = new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null, "value");
        var told = new SuccessiveHalvingAssessor(args);
        var not = new SuccessiveHalvingAssessor(args);
        for (int i = 0; i < 40; i++) {
            double x = (i * 7 % 40 + 0.5) / 40;
            assertEquals(run(not, "T" + i, null, crossing(x), true),
                run(told, "T" + i, params(x, i), crossing(x), true));
        }
        assertEquals(not.snapshot(), told.snapshot());
    }

    @Test
    void aRestoredAssessorRanksAsTheOneItWasSavedFrom() {
        SuccessiveHalvingAssessor saved = trained("auto");
        JsonValue state = saved.snapshot();
        assertTrue(state.toString().contains("rank_by"));
        var restored = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null,
            "auto"));
        restored.restore(state);
        assertEquals(0, run(restored, "slow", params(0.95, 0), crossing(0.95), false));
        assertEquals(1, run(restored, "fast", params(0.05, 1), crossing(0.05), false));
        assertEquals(state, trainedAgainFrom(state).snapshot());
        JsonObject s = (JsonObject) state;
        JsonObject tampered = JsonObject.builder().put("rungs", s.get("rungs")).put("passed", s.get("passed"))
            .put("rank_by", JsonObject.builder().put("evidence", JsonFloat.of(1)).build()).build();
        var fresh = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null,
            "auto"));
        assertThrows(IllegalArgumentException.class, () -> fresh.restore(tampered));
    }

    private static SuccessiveHalvingAssessor trainedAgainFrom(JsonValue state) {
        var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null, "auto"));
        a.restore(state);
        return a;
    }

    @Test
    void rankByIsOneOfThreeWords() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new SuccessiveHalvingArgs(null, null, null, null, null, null, "best"));
        assertEquals("rank_by must be \"value\", \"auto\" or \"rescue\", got \"best\"", e.getMessage());
        assertEquals("rescue", new SuccessiveHalvingArgs(null, null, null, null, null, null).rankBy());
    }

    @Test
    void theFeaturesOfAConfigurationAreItsQuantilesAndOptions() {
        List<java.util.Map<String, Object>> refs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            refs.add(ParameterFeatures.flatten(JsonObject.builder().put("lr", Math.pow(10, -i))
                .put("opt", JsonObject.builder().put("_name", i % 2 == 0 ? "adam" : "sgd").build())
                .put("flag", dev.tunerd.spi.json.JsonBool.TRUE).build()));
        }
        ParameterFeatures f = new ParameterFeatures(refs);
        assertEquals(3, f.width(), "lr, and opt/_name's two options; the constant flag says nothing");
        double[] x = f.encode(ParameterFeatures.flatten(JsonObject.builder().put("lr", 1e-2)
            .put("opt", JsonObject.builder().put("_name", "sgd").build()).build()));
        assertEquals(0.4, x[0], 1e-12, "1e-2 is the second of four values from below: (1 + 0.5 + 0.5) / 5");
        assertEquals(0, x[1]);
        assertEquals(1, x[2]);
    }
}
