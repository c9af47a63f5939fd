package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BOHB draws a first round one configuration per request from the model frozen at the bracket's start ({@link
 * FrozenModel}): the configurations, ids and budgets sent are those of the whole-round draw, request for request,
 * whatever arrives between the draws (results out of order, failures, FINALs after a trial's end, several workers),
 * and a tuner restored while updates are held back goes on as the uninterrupted one.
 */
class BohbFrozenModelTest {
    private static BohbTuner tuner(String sampler, boolean wholeRound, boolean serial) {
        return tuner(sampler, wholeRound, serial, AlgorithmContext.standalone());
    }

    /** {@code sampler}: {@code tpe} or {@code kde}, with {@code +scout} for {@code choice_scout: 6}. */
    private static BohbTuner tuner(String sampler, boolean wholeRound, boolean serial, AlgorithmContext context) {
        boolean scout = sampler.endsWith("+scout");
        BohbArgs.Builder b = BohbArgs.builder().optimizeMode("minimize").minBudget(1).maxBudget(9).eta(3)
            .randomFraction(0.1).rankAgreement(-1.0).seed(33L).sampler(sampler.replace("+scout", ""))
            .choiceScout(scout ? 6 : null);
        if (serial) {
            b.execMode("serial");
        }
        BohbTuner t = new BohbTuner(b.build(), 33L, context, wholeRound);
        t.updateSearchSpace(BohbDrawOnIssueTest.SPACE);
        return t;
    }

    private static int held(BohbTuner t) {
        JsonValue held = ((JsonObject) ((JsonObject) t.snapshot()).get("own")).get("held");
        return held == null ? 0 : ((JsonArray) held).values().size();
    }

    /**
     * A run with {@code workers} workers; each step asks for the free workers, then ends one running trial picked by
     * {@code script}'s stream: mostly with an intermediate result and a FINAL, sometimes failed, sometimes with its
     * FINAL after the end (a late revision). {@code pauseAt}: the step where a restored tuner replaces the live one
     * (-1: never); {@code heldAtPause} gets how many updates were held back then. Returns every configuration sent
     * with its wire id, in order (owed requests when the tuner pays them through its sender).
     */
    private static List<String> run(String sampler, boolean wholeRound, boolean serial, int workers, long script,
                                    int steps, int pauseAt, List<Integer> heldAtPause) {
        List<Long> paid = new ArrayList<>();
        List<JsonObject> paidParams = new ArrayList<>();
        AlgorithmContext context = new AlgorithmContext((id, p) -> {
            paid.add(id);
            paidParams.add((JsonObject) p);
        }, Optional.empty(), java.time.Clock.systemUTC());
        BohbTuner t = tuner(sampler, wholeRound, serial, context);
        Random r = new Random(script);
        int owed = 0;
        List<String> sent = new ArrayList<>();
        List<Long> running = new ArrayList<>();
        List<JsonObject> params = new ArrayList<>();
        long next = 0;
        for (int step = 0; step < steps; step++) {
            if (step == pauseAt) {
                heldAtPause.add(held(t));
                BohbTuner back = tuner(sampler, wholeRound, serial, context);
                back.restore(Json.parse(Json.writeAllowingNonFinite(t.snapshot())));
                t = back;
            }
            List<Long> ask = new ArrayList<>();
            for (int w = running.size() + owed; w < workers; w++) {
                ask.add(next++);
            }
            List<JsonValue> got = ask.isEmpty() ? List.of() : t.generateMultipleParameters(ask);
            for (int i = 0; i < got.size(); i++) {
                start(t, ask.get(i), (JsonObject) got.get(i), sent, params, running);
            }
            owed += ask.size() - got.size();
            if (running.isEmpty()) {
                continue;
            }
            long id = running.remove(r.nextInt(running.size()));
            JsonObject p = params.get((int) id);
            double value = BohbDrawOnIssueTest.loss(p) + 0.05 * r.nextDouble();
            t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 0, JsonFloat.of(value + 0.1)));
            double u = r.nextDouble();
            if (u < 0.1) {
                t.trialEnd(id, false);
            } else if (u < 0.25) {
                t.trialEnd(id, true); // ends on its intermediate result; the FINAL revises it
                t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(value), false, Optional.empty()));
            } else {
                t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(value), false, Optional.empty()));
                t.trialEnd(id, true);
            }
            for (int i = 0; i < paid.size(); i++) {
                start(t, paid.get(i), paidParams.get(i), sent, params, running);
                owed--;
            }
            paid.clear();
            paidParams.clear();
        }
        return sent;
    }

    private static void start(BohbTuner t, long id, JsonObject p, List<String> sent, List<JsonObject> params,
                              List<Long> running) {
        sent.add(t.wireParameterId(id) + " " + p);
        while (params.size() <= id) {
            params.add(null);
        }
        params.set((int) id, p);
        running.add(id);
    }

    @ParameterizedTest
    @CsvSource({"tpe, 1, false", "tpe, 4, false", "tpe, 3, true", "kde, 1, false", "kde, 4, false", "kde, 3, true",
        "tpe+scout, 1, false", "tpe+scout, 4, false", "kde+scout, 4, false"})
    void lazyDrawsSendWhatTheWholeRoundDrawSent(String sampler, int workers, boolean serial) {
        for (long script = 1; script <= 3; script++) {
            List<String> whole = run(sampler, true, serial, workers, script, 150, -1, new ArrayList<>());
            List<String> lazy = run(sampler, false, serial, workers, script, 150, -1, new ArrayList<>());
            assertTrue(whole.size() > 100, "the run reaches several brackets: " + whole.size());
            assertEquals(whole, lazy, "script " + script);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpe", "kde", "tpe+scout"})
    void aTunerRestoredWhileUpdatesAreHeldGoesOnAsTheUninterruptedOne(String sampler) {
        List<String> whole = run(sampler, true, false, 4, 7, 120, -1, new ArrayList<>());
        List<Integer> held = new ArrayList<>();
        for (int pause : new int[] {2, 3, 6, 11, 17, 29, 43, 58, 71, 90}) {
            assertEquals(whole, run(sampler, false, false, 4, 7, 120, pause, held), "restored at step " + pause);
        }
        assertTrue(held.stream().filter(h -> h > 0).count() >= 3, "pauses with updates held back: " + held);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpe", "kde"})
    void theModelCatchesUpOnlyWhenTheRoundsLastConfigurationIsDrawn(String sampler) {
        BohbTuner t = tuner(sampler, false, false);
        for (long id = 0; id < 9; id++) { // bracket 2's nine first-round configurations, each ended before the next
            JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
            if (id < 8) {
                assertEquals(-1, t.modelBudget(), "frozen at the bracket's start: no model yet (" + id + ")");
            }
            assertEquals(id < 8 ? 2 * id : 0, held(t), "results and ends held while the round is drawn in part: " + id);
            double value = BohbDrawOnIssueTest.loss(p);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(value), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        assertNotEquals(-1, t.modelBudget(), "the round drawn, the nine results reach the model");
        assertEquals(0, held(t));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[\"feed\", 99]", "[\"grow\", 1]", "[\"ended\", 1]", "[\"revise\", 1]"})
    void aSnapshotWithAMalformedHeldUpdateIsRefused(String update) {
        BohbTuner t = tuner("tpe", false, false);
        JsonObject p = (JsonObject) t.generateMultipleParameters(List.of(0L)).get(0);
        double value = BohbDrawOnIssueTest.loss(p);
        t.receiveTrialResult(new TrialResult(0L, p, JsonFloat.of(value), false, Optional.empty()));
        t.trialEnd(0L, true);
        String text = Json.writeAllowingNonFinite(t.snapshot());
        int at = text.indexOf("\"held\": [");
        assertTrue(at >= 0, text);
        String broken = text.substring(0, at) + "\"held\": [" + update + ", " + text.substring(at + 9);
        BohbTuner fresh = tuner("tpe", false, false);
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> fresh.restore(Json.parse(broken)));
        assertTrue(e.getMessage().contains("held update") || e.getMessage().contains("ended"), e.getMessage());
    }
}
