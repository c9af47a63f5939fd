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
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import dev.tunerd.tuners.common.RungValue;
import org.junit.jupiter.api.Test;

/**
 * BOHB's {@code rung_share} (issue 13 session 26): a round ranks its trials by the value of their last reports, so a
 * trial whose last report alone is lucky does not go on, in one run and across a snapshot taken within the window.
 */
class BohbRungShareTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");

    /** The three losses reported at budget 3 by the round's trials, in issue order: the first is lucky on its last. */
    private static final double[][] ROUND_ONE = {{0.9, 0.9, 0.1}, {0.3, 0.3, 0.3}, {0.8, 0.8, 0.8}};

    private static BohbTuner tuner(Double share) {
        BohbTuner t = new BohbTuner(BohbArgs.builder().optimizeMode("minimize").minBudget(1).maxBudget(9).eta(3)
            .rankAgreement(-1.0).rungShare(share).seed(5L).build(), 5L, AlgorithmContext.standalone());
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static JsonObject issue(BohbTuner t, long id) {
        return (JsonObject) t.generateMultipleParameters(List.of(id)).get(0);
    }

    private static int budget(JsonObject p) {
        return (int) ((JsonInt) p.get("TRIAL_BUDGET")).value();
    }

    private static void report(BohbTuner t, long id, int sequence, double loss) {
        t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, sequence, JsonFloat.of(loss)));
    }

    private static void finish(BohbTuner t, long id, double loss) {
        t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(loss), false, Optional.empty()));
        t.trialEnd(id, true);
    }

    /**
     * Plays bracket 2 up to its last round: nine configurations at budget 1, then its three best at budget 3 reporting
     * {@link #ROUND_ONE} (the last report also as FINAL); {@code pause} may replace the tuner after two reports each
     * (a snapshot and restore). Returns the configuration sent on to budget 9, and the three of round one in order.
     */
    private static List<JsonObject> play(BohbTuner start, UnaryOperator<BohbTuner> pause) {
        BohbTuner t = start;
        for (long id = 0; id < 9; id++) {
            JsonObject p = issue(t, id);
            assertEquals(1, budget(p));
            report(t, id, 0, 0.5 + id / 100.0);
            finish(t, id, 0.5 + id / 100.0);
        }
        List<JsonObject> round = new ArrayList<>();
        for (long id = 9; id < 12; id++) {
            JsonObject p = issue(t, id);
            assertEquals(3, budget(p), "round one of bracket 2");
            round.add(p);
        }
        for (int step = 0; step < 2; step++) {
            for (int i = 0; i < 3; i++) {
                report(t, 9 + i, step, ROUND_ONE[i][step]);
            }
        }
        t = pause.apply(t);
        for (int i = 0; i < 3; i++) {
            report(t, 9 + i, 2, ROUND_ONE[i][2]);
            finish(t, 9 + i, ROUND_ONE[i][2]);
        }
        JsonObject next = issue(t, 12);
        assertEquals(9, budget(next), "the round's best goes on at once");
        List<JsonObject> out = new ArrayList<>(List.of(next));
        out.addAll(round);
        return out;
    }

    private static JsonObject plain(JsonObject p) {
        return BohbTuner.withoutBudget(p);
    }

    @Test
    void theLastReportAlonePromotesTheLuckyTrialAndAWindowTheSteadyOne() {
        List<JsonObject> last = play(tuner(null), t -> t);
        assertEquals(plain(last.get(1)), plain(last.get(0)), "NNI's reading: 0.1 on the last report wins");
        List<JsonObject> mean = play(tuner(1.0), t -> t);
        assertEquals(plain(mean.get(2)), plain(mean.get(0)), "mean 0.3 beats mean 0.63 of the lucky trial");
    }

    @Test
    void theModelOfABudgetIsFedTheWindowsValue() {
        BohbTuner t = tuner(1.0);
        play(t, x -> x);
        List<Double> atThree = new ArrayList<>();
        JsonObject own = (JsonObject) ((JsonObject) t.snapshot()).get("own");
        for (JsonValue r : ((JsonArray) own.get("results")).values()) {
            List<JsonValue> f = ((JsonArray) r).values();
            if (f.get(0).asDouble() == 3) {
                atThree.add(f.get(2).asDouble());
            }
        }
        assertEquals(3, atThree.size());
        assertEquals((0.9 + 0.9 + 0.1) / 3, atThree.get(0), 1e-12);
        assertEquals(0.3, atThree.get(1), 1e-12);
    }

    @Test
    void aSnapshotWithinTheWindowResumesToTheSamePromotion() {
        List<JsonObject> straight = play(tuner(1.0), t -> t);
        List<JsonObject> resumed = play(tuner(1.0), t -> {
            JsonValue state = t.snapshot();
            assertTrue(((JsonObject) state).get("reports") instanceof JsonObject, "the running trials' reports");
            BohbTuner fresh = tuner(1.0);
            fresh.restore(Json.parse(Json.write(state)));
            fresh.restoreFinished();
            return fresh;
        });
        assertEquals(straight, resumed);
        List<JsonObject> forgetful = play(tuner(1.0), t -> { // the same state without the reports: another promotion
            JsonObject.Builder state = JsonObject.builder();
            ((JsonObject) t.snapshot()).members().forEach((k, v) -> {
                if (!k.equals("reports")) {
                    state.put(k, v);
                }
            });
            BohbTuner fresh = tuner(1.0);
            fresh.restore(state.build());
            fresh.restoreFinished();
            return fresh;
        });
        assertNotEquals(plain(straight.get(0)), plain(forgetful.get(0)), "the window's reports are what decides");
    }

    @Test
    void aShareOutsideItsRangeNamesTheKey() {
        for (double bad : new double[] {-0.5, 1.01}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BohbArgs.builder().rungShare(bad).build());
            assertEquals("rung_share must be between 0 and 1, got " + bad, e.getMessage());
        }
        assertEquals(RungValue.LAST, BohbArgs.builder().build().rungValue(), "NNI's reading by default");
    }
}
