package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code separate_streams} (issue 13 session 17): the full trainings of new configurations are random search's
 * configurations, in random search's order, whatever brackets that halve run between them. With one stream (sessions
 * 6-16) a largest bracket takes the next 81 draws, which random search trains fully; where early rungs rank wrongly it
 * drops the seed's best configuration among them, and Hyperband ends above random search at the full budget.
 */
class HyperbandSeparateStreamsTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [1, 2]}}");
    private static final int R = 81;
    private static final String RANDOM_SEARCH = "random search";

    /**
     * {@code rule}: {@value #RANDOM_SEARCH} (no check lets a halving bracket start: full trainings only), "one stream"
     * or "separate streams" (the payoff check's defaults), or with " in NNI's order" appended (no check: every bracket
     * of an iteration runs, {@code rank_agreement -1}).
     */
    private static HyperbandTuner tuner(String rule) {
        Double order = rule.endsWith(" in NNI's order") ? -1.0 : null;
        Boolean separate = rule.startsWith("separate streams");
        // opening with full trainings (largest_first false), whose draws these tests follow
        HyperbandArgs args = rule.equals(RANDOM_SEARCH)
            ? HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize").withR(R).withEta(3).withPayoffMargin(10.0)
                .withScreenMargin(-1.0).withRepeatLargest(-1.0).withEarlyMargin(-1.0).withRealizedShare(-1.0)
                .withSeed(1L)
            : HyperbandLargestFirstTest.fullTrainingsFirst(HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize")
                .withR(R).withEta(3).withRankAgreement(order).withSeparateStreams(separate).withSeed(1L));
        HyperbandTuner t = new HyperbandTuner(args, 1L, new AlgorithmContext((id, p) -> { }, Optional.empty(),
            Clock.systemUTC()));
        t.updateSearchSpace(SPACE);
        return t;
    }

    /** The first four full trainings are flat (they say nothing), then ranks hold ({@code x} small is good). */
    private static double value(double x, int epoch, int[] fullsEnded) {
        return fullsEnded[0] < 4 ? 0.5 : x / 4 + 0.1 / epoch;
    }

    /** What one run saw: every trial's wire id and parameters, in the order issued. */
    private record Run(List<String> wire, List<JsonObject> params) {
        /** The parameters of the new configurations trained to the full budget (first round of a bracket 0). */
        List<JsonObject> fullTrainings() {
            List<JsonObject> out = new ArrayList<>();
            for (int i = 0; i < wire.size(); i++) {
                if (wire.get(i).contains("-0_0_")) {
                    out.add(without(params.get(i)));
                }
            }
            return out;
        }

        List<String> brackets() {
            List<String> keys = new ArrayList<>();
            for (String w : wire) {
                String key = w.substring(0, w.indexOf('_'));
                if (keys.isEmpty() || !keys.get(keys.size() - 1).equals(key)) {
                    keys.add(key);
                }
            }
            return keys;
        }
    }

    private static JsonObject without(JsonObject p) {
        JsonObject.Builder b = JsonObject.builder();
        p.members().forEach((k, v) -> {
            if (!k.equals("TRIAL_BUDGET")) {
                b.put(k, v);
            }
        });
        return b.build();
    }

    /** Runs trials {@code from .. to - 1} one at a time, each to its budget. */
    private static Run run(HyperbandTuner t, long from, long to, int[] fullsEnded) throws Exception {
        Run out = new Run(new ArrayList<>(), new ArrayList<>());
        for (long id = from; id < to; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            out.wire.add(t.wireParameterId(id));
            out.params.add(p);
            int budget = (int) Math.round(p.get("TRIAL_BUDGET").asDouble());
            double v = Double.NaN;
            for (int e = 1; e <= budget; e++) {
                v = value(p.get("x").asDouble(), e, fullsEnded);
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, e - 1, JsonFloat.of(v)));
            }
            fullsEnded[0] += budget == R ? 1 : 0;
            t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return out;
    }

    /**
     * In NNI's order an iteration of {@code R = 81} runs brackets 4, 3, 2 and 1 (138 new configurations) before its
     * five full trainings. With separate streams every full training is random search's next configuration; with one
     * stream the halving brackets took random search's first 138.
     */
    @Test
    void fullTrainingsAreRandomSearchsConfigurationsInOrderWhateverHalvesBetween() throws Exception {
        int trials = 2 * 206; // two iterations: 121 + 49 + 21 + 10 + 5 trials each
        Run separate = run(tuner("separate streams in NNI's order"), 0, trials, new int[1]);
        Run oneStream = run(tuner("one stream in NNI's order"), 0, trials, new int[1]);
        List<String> schedule = List.of("0-4", "0-3", "0-2", "0-1", "0-0", "1-4", "1-3", "1-2", "1-1", "1-0");
        assertEquals(schedule, separate.brackets());
        assertEquals(schedule, oneStream.brackets());
        List<JsonObject> full = separate.fullTrainings();
        assertEquals(10, full.size());
        List<JsonObject> random = run(tuner(RANDOM_SEARCH), 0, full.size(), new int[1]).fullTrainings();
        assertEquals(random, full, "separate streams: the full trainings are random search's first 10, in order");
        List<JsonObject> single = oneStream.fullTrainings();
        for (int i = 0; i < full.size(); i++) {
            assertNotEquals(random.get(i), single.get(i), "one stream: random search's draw " + i + " was halved");
        }
        assertEquals(without(oneStream.params().get(0)), random.get(0), "one stream: the largest bracket took it");
    }

    /**
     * After five full trainings (the first four flat) the largest bracket cuts the second bracket of full trainings
     * short: four of its draws, random search's 7th to 10th, wait for the next bracket of full trainings, through
     * the largest brackets that follow and through a snapshot; a resumed run is the same.
     */
    @Test
    void drawsGivenBackWaitForTheNextFullTrainingsAndTravelWithTheSnapshot() throws Exception {
        HyperbandTuner a = tuner("separate streams");
        int[] fullsEnded = new int[1];
        Run first = run(a, 0, 7, fullsEnded);
        assertEquals(List.of("0-0", "1-0", "2-4"), first.brackets());
        JsonValue state = Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
        List<JsonObject> random = run(tuner(RANDOM_SEARCH), 0, 10, new int[1]).fullTrainings();
        assertEquals(random.subList(6, 10), givenBack(state), "random search's 7th to 10th wait");
        HyperbandTuner b = tuner("separate streams");
        b.restore(state);
        assertEquals(a.snapshot(), b.snapshot());
        Run going = run(a, 7, 7 + 3 * 121, fullsEnded.clone());
        assertEquals(going, run(b, 7, 7 + 3 * 121, fullsEnded.clone()));
        assertEquals(List.of("2-4", "3-4", "4-4", "5-4"), going.brackets());
        assertEquals(random.subList(6, 10), givenBack(a.snapshot()), "still waiting after three largest brackets");
    }

    private static List<JsonObject> givenBack(JsonValue state) {
        JsonValue g = ((JsonObject) ((JsonObject) state).get("engine")).get("givenBack");
        assertTrue(g instanceof JsonArray, "draws given back are in the state: " + g);
        List<JsonObject> out = new ArrayList<>();
        ((JsonArray) g).values().forEach(v -> out.add((JsonObject) v));
        return out;
    }
}
