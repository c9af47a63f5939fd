package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hyperband's schedule, promotions, failures, serial credit and snapshots, at the tuner level. */
class HyperbandTunerTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"c\": {\"_type\": \"choice\", \"_value\": [1, 2]}}");
    private final List<Long> sentIds = new ArrayList<>();
    private long nextId;

    private HyperbandTuner tuner(int r, String mode) {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> sentIds.add(id), Optional.empty(), Clock.systemUTC());
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(r).withEta(3)
            .withExecMode(mode).withRankAgreement(-1.0).withSeed(1L), 1L, ctx);
        t.updateSearchSpace(SPACE);
        return t;
    }

    private List<Long> ids(int n) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(nextId++);
        }
        return out;
    }

    private static int budget(JsonValue p) {
        return (int) ((JsonInt) ((JsonObject) p).get("TRIAL_BUDGET")).value();
    }

    private static TrialResult result(long id, double v) {
        return new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(v), false, Optional.empty());
    }

    @Test
    void nnisScheduleForR81() {
        BracketPlan plan = BracketPlan.hyperband(81, 3);
        assertEquals(4, plan.sMax());
        // round 0 of s = 4..0 as NNI's code and the paper's Table 1 compute it (NNI's docstring table is wrong)
        int[][] expected = {{81, 1}, {34, 3}, {15, 9}, {8, 27}, {5, 81}};
        for (int s = 4; s >= 0; s--) {
            assertEquals(expected[4 - s][0], plan.configs(s, 0), "n of bracket " + s);
            assertEquals(expected[4 - s][1], plan.budget(s, 0), "r of bracket " + s);
        }
        assertEquals(1, plan.configs(4, 4));
        assertEquals(81, plan.budget(4, 4));
        assertEquals(2, plan.configs(1, 1));
    }

    @Test
    void firstRequestGivesBracketOneIdsWithBudgetOneAsInTheSpecExample() {
        HyperbandTuner t = tuner(3, "parallelism");
        List<Long> ids = ids(2);
        List<JsonValue> ps = t.generateMultipleParameters(ids);
        assertEquals(2, ps.size());
        assertEquals("0-1_0_0", t.wireParameterId(ids.get(0)));
        assertEquals("0-1_0_1", t.wireParameterId(ids.get(1)));
        assertEquals(List.of("x", "c", "TRIAL_BUDGET"), List.copyOf(((JsonObject) ps.get(0)).keys()));
        assertEquals(1, budget(ps.get(0)));
    }

    @Test
    void theBestThirdIsPromotedByItsLastValueWhenTheRoundEnds() {
        HyperbandTuner t = tuner(9, "parallelism"); // sMax 2: bracket 2 starts 9 configs at budget 1
        List<Long> first = ids(9);
        assertEquals(9, t.generateMultipleParameters(first).size());
        for (int i = 0; i < 9; i++) {
            long id = first.get(i);
            if (i == 4) { // no final: its last intermediate counts
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 0, JsonFloat.of(0.1)));
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 2, JsonFloat.of(0.95)));
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 1, JsonFloat.of(0.2)));
            } else {
                t.receiveTrialResult(result(id, i / 10.0));
            }
        }
        for (int i = 0; i < 8; i++) {
            t.trialEnd(first.get(i), true);
        }
        List<Long> more = ids(1);
        t.generateMultipleParameters(more);
        assertTrue(t.wireParameterId(more.get(0)).startsWith("0-1_0_"), "round 1 waits: a new bracket starts");
        t.trialEnd(first.get(8), true);
        List<Long> promoted = ids(3);
        List<JsonValue> ps = t.generateMultipleParameters(promoted);
        assertEquals(List.of("0-2_1_4", "0-2_1_8", "0-2_1_7"), promoted.stream().map(t::wireParameterId).toList());
        ps.forEach(p -> assertEquals(3, budget(p)));
    }

    /**
     * Round 0 of bracket 2 (R 9: nine configurations at budget 1); trial 4 reports only an intermediate 0.2 and ends
     * before its FINAL; the others report FINALs i / 10 and end, so the round is promoted by 0.2 for trial 4: 8, 7, 6.
     * Returns the ids of round 0.
     */
    private List<Long> roundPromotedBeforeALateFinal(HyperbandTuner t) {
        List<Long> first = ids(9);
        assertEquals(9, t.generateMultipleParameters(first).size());
        for (int i = 0; i < 9; i++) {
            long id = first.get(i);
            if (i == 4) {
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 0, JsonFloat.of(0.2)));
            } else {
                t.receiveTrialResult(result(id, i / 10.0));
            }
        }
        t.trialEnd(first.get(4), true);
        for (int i = 0; i < 9; i++) {
            t.trialEnd(first.get(i), true);
        }
        return first;
    }

    @Test
    void aFinalAfterItsTrialsEndAndItsRoundsPromotionTakesTheQueuedPlaceOfTheConfigurationItOvertakes() {
        HyperbandTuner t = tuner(9, "parallelism");
        long late = roundPromotedBeforeALateFinal(t).get(4);
        assertEquals(List.of("0-2_1_8"), issueNamed(t, 1));
        t.receiveTrialResult(result(late, 0.95)); // late: now the best of round 0
        List<String> rest = issueNamed(t, 3);
        assertEquals(List.of("0-2_1_7", "0-2_1_4"), rest.subList(0, 2),
            "configuration 4 replaces 6, which was queued and not issued yet");
        assertTrue(rest.get(2).startsWith("0-1_0_"), "then a new bracket: 6 is not trained at 3 " + rest);
    }

    /** Issues {@code n} new ids and returns their wire ids. */
    private List<String> issueNamed(HyperbandTuner t, int n) {
        List<Long> issued = ids(n);
        t.generateMultipleParameters(issued);
        return issued.stream().map(t::wireParameterId).toList();
    }

    @Test
    void aFinalAfterEveryPromotionWasIssuedAddsItsConfigurationToTheNextRound() {
        HyperbandTuner t = tuner(9, "parallelism");
        List<Long> first = roundPromotedBeforeALateFinal(t);
        List<Long> promoted = ids(3);
        t.generateMultipleParameters(promoted);
        assertEquals(List.of("0-2_1_8", "0-2_1_7", "0-2_1_6"), promoted.stream().map(t::wireParameterId).toList());
        t.receiveTrialResult(result(first.get(4), 0.95));
        t.receiveTrialResult(result(first.get(4), 0.99)); // a duplicate changes nothing more
        List<Long> more = ids(2);
        List<JsonValue> ps = t.generateMultipleParameters(more);
        assertEquals("0-2_1_4", t.wireParameterId(more.get(0)), "trained at budget 3, no configuration twice");
        assertEquals(3, budget(ps.get(0)));
        assertTrue(t.wireParameterId(more.get(1)).startsWith("0-1_0_"), t.wireParameterId(more.get(1)));
        // round 1 now has four configurations; it ends when all four did, and its best goes on to budget 9
        List<Long> round1 = new ArrayList<>(promoted);
        round1.add(more.get(0));
        for (int i = 0; i < 4; i++) {
            t.receiveTrialResult(result(round1.get(i), i == 3 ? 2.0 : 1.0));
            t.trialEnd(round1.get(i), true);
        }
        List<Long> top = ids(1);
        assertEquals(9, budget(t.generateMultipleParameters(top).get(0)));
        assertEquals("0-2_2_4", t.wireParameterId(top.get(0)));
    }

    @Test
    void aFinalAfterARoundThatHadNoResultAtAllRevivesItsBracket() {
        HyperbandTuner t = tuner(3, "parallelism"); // bracket 1: three configurations at 1, then one at 3
        List<Long> first = ids(3);
        t.generateMultipleParameters(first);
        first.forEach(id -> t.trialEnd(id, false));
        List<Long> next = ids(1);
        t.generateMultipleParameters(next);
        assertEquals("0-0_0_3", t.wireParameterId(next.get(0)), "the bracket ended: bracket 0 starts");
        t.receiveTrialResult(result(first.get(1), 0.5));
        List<Long> promoted = ids(1);
        List<JsonValue> ps = t.generateMultipleParameters(promoted);
        assertEquals("0-1_1_1", t.wireParameterId(promoted.get(0)));
        assertEquals(3, budget(ps.get(0)));
    }

    @Test
    void aRoundWhoseTrialsAllFailedEndsItsBracketAndSerialModeMovesOn() {
        HyperbandTuner t = tuner(3, "serial"); // sMax 1: bracket 1 = 3 configs at 1, then 1 at 3
        List<Long> first = ids(4);
        assertEquals(3, t.generateMultipleParameters(first).size(), "the fourth request waits (NO)");
        first.subList(0, 3).forEach(id -> t.trialEnd(id, false));
        assertEquals(List.of(first.get(3)), sentIds, "the owed id is paid by the next bracket");
        assertEquals("0-0_0_3", t.wireParameterId(first.get(3)));
    }

    @Test
    void serialModeOwesRequestsUntilThePromotionIsReady() {
        HyperbandTuner t = tuner(3, "serial");
        List<Long> first = ids(5);
        assertEquals(3, t.generateMultipleParameters(first).size());
        t.receiveTrialResult(result(first.get(0), 0.2));
        t.receiveTrialResult(result(first.get(1), 0.9));
        t.trialEnd(first.get(0), true);
        t.trialEnd(first.get(1), true);
        assertEquals(List.of(), sentIds);
        t.trialEnd(first.get(2), false); // ended without a result: not promoted, the round still completes
        // the promotion pays one owed id; bracket 1 then generated its last round, so serial mode starts bracket 0
        assertEquals(List.of(first.get(3), first.get(4)), sentIds);
        assertEquals("0-1_1_1", t.wireParameterId(first.get(3)));
        assertEquals("0-0_0_3", t.wireParameterId(first.get(4)));
    }

    /**
     * A journal repeats the calls made after the last state: a trial end repeated on the restored tuner must pay the
     * same owed id as before the kill (its set was issued then), so owed ids travel with the state; once the replay is
     * over ({@code restoreFinished}) they are dropped, since a restarted manager asks again.
     */
    @Test
    void owedIdsTravelWithTheStateUntilTheReplayIsFinished() {
        HyperbandTuner t = tuner(3, "serial");
        List<Long> first = ids(5);
        assertEquals(3, t.generateMultipleParameters(first).size());
        JsonValue saved = Json.parse(Json.writeAllowingNonFinite(t.snapshot()));
        for (boolean finished : new boolean[] {false, true}) {
            sentIds.clear();
            HyperbandTuner b = tuner(3, "serial");
            b.restore(saved);
            if (finished) {
                b.restoreFinished();
            }
            b.receiveTrialResult(result(first.get(0), 0.2));
            for (int i = 0; i < 3; i++) {
                b.trialEnd(first.get(i), true);
            }
            assertEquals(finished ? List.of() : List.of(first.get(3), first.get(4)), sentIds, "finished " + finished);
        }
    }

    /**
     * Gives {@code t} the search space, runs its first trial (a full training: no evidence yet) with intermediate
     * results 11, 12, ... for epochs 1..{@code epochs} only, then its FINAL (30) and EN; returns the trial's id.
     */
    private long fullTrainingEndedAfterEpoch(HyperbandTuner t, int epochs) throws Exception {
        t.updateSearchSpace(SPACE);
        long id = nextId++;
        assertEquals(9, budget(t.generateParameters(id)), "no evidence yet: a full training");
        for (int e = 1; e <= epochs; e++) {
            t.receiveIntermediateResult(new IntermediateResult(id, "T", e - 1, JsonFloat.of(10.0 + e)));
        }
        t.receiveTrialResult(result(id, 30.0));
        t.trialEnd(id, true);
        return id;
    }

    /**
     * The daemon hands intermediate results over on the assessor's queue, so a full training's last ones may come
     * after its end or never: the evidence reads each budget at its own epoch, not in proportion to what arrived.
     */
    @Test
    void aFullTrainingWhoseLastIntermediateResultsNeverArrivedIsReadAtTheRightBudgets() throws Exception {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> sentIds.add(id), Optional.empty(), Clock.systemUTC());
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(9).withEta(3)
            .withSeed(1L), 1L, ctx);
        fullTrainingEndedAfterEpoch(t, 5); // epochs 6..9 still queued when the trial ended
        JsonValue evidence = ((JsonObject) t.snapshot()).get("agreement");
        assertEquals(Json.parse("[[-11.0, -13.0, -30.0]]"), Json.parse(Json.writeAllowingNonFinite(evidence)),
            "epoch 1 and epoch 3 (losses), then the final value");
    }

    /**
     * The daemon hands intermediate results over on the assessor's queue, FINAL and EN on the tuner's: a full
     * training's values at the rungs may come after its end. They still count (before session 7 the budget was left
     * out of that training's evidence), also across a snapshot taken while they are awaited.
     */
    @Test
    void intermediateResultsAfterTheEndOfAFullTrainingStillGiveItsValuesAtTheRungs() throws Exception {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> sentIds.add(id), Optional.empty(), Clock.systemUTC());
        HyperbandTuner a = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(9).withEta(3)
            .withSeed(1L), 1L, ctx);
        long id = fullTrainingEndedAfterEpoch(a, 2);
        HyperbandTuner b = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(9).withEta(3)
            .withSeed(1L), 1L, ctx);
        b.updateSearchSpace(SPACE);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        for (HyperbandTuner t : List.of(a, b)) {
            assertEquals(Json.parse("[]"), Json.parse(Json.writeAllowingNonFinite(((JsonObject) t.snapshot())
                .get("agreement"))), "epoch 3 is awaited");
            for (int e = 3; e <= 9; e++) { // after FINAL and EN
                t.receiveIntermediateResult(new IntermediateResult(id, "T", e - 1, JsonFloat.of(10.0 + e)));
            }
            JsonObject state = (JsonObject) t.snapshot();
            assertEquals(Json.parse("[[-11.0, -13.0, -30.0]]"), Json.parse(Json.writeAllowingNonFinite(
                state.get("agreement"))), "epoch 1 and epoch 3 (losses), then the final value");
            assertEquals(JsonObject.EMPTY, state.get("awaiting"));
        }
    }

    @Test
    void aStateTakenMidCurveKeepsTheRankChecksEvidenceOfThatFullTraining() throws Exception {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> sentIds.add(id), Optional.empty(), Clock.systemUTC());
        HyperbandTuner a = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(9).withEta(3)
            .withRankAgreement(0.6).withSeed(1L), 1L, ctx);
        a.updateSearchSpace(SPACE);
        long id = nextId++;
        assertEquals(9, budget(a.generateParameters(id)), "no evidence yet: a full training");
        for (int e = 0; e < 5; e++) {
            a.receiveIntermediateResult(new IntermediateResult(id, "T", e, JsonFloat.of(e + 1.0)));
        }
        HyperbandTuner b = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(9).withEta(3)
            .withRankAgreement(0.6).withSeed(1L), 1L, ctx);
        b.updateSearchSpace(SPACE);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        for (HyperbandTuner t : List.of(a, b)) { // the rest of the curve, as a resume replays it
            for (int e = 5; e < 9; e++) {
                t.receiveIntermediateResult(new IntermediateResult(id, "T", e, JsonFloat.of(10.0 - e)));
            }
            t.receiveTrialResult(result(id, 1.0));
            t.trialEnd(id, true);
        }
        assertEquals(a.snapshot(), b.snapshot(), "the restored tuner read the whole curve at the smaller budgets");
    }

    @Test
    void aRestoredTunerContinuesItsBracketsWithoutRepeatingAConfigurationAtABudget() {
        HyperbandTuner a = tuner(9, "parallelism");
        List<Long> first = ids(9);
        List<JsonValue> ps = a.generateMultipleParameters(first);
        JsonValue saved = a.snapshot();
        HyperbandTuner b = tuner(9, "parallelism");
        b.restore(Json.parse(Json.writeAllowingNonFinite(saved)));
        for (int i = 0; i < 9; i++) {
            b.receiveTrialResult(result(first.get(i), i));
            b.trialEnd(first.get(i), true);
        }
        List<Long> next = ids(4);
        List<JsonValue> after = b.generateMultipleParameters(next);
        Set<String> names = new HashSet<>();
        first.forEach(id -> names.add(b.wireParameterId(id)));
        next.forEach(id -> assertTrue(names.add(b.wireParameterId(id)), "no id named twice"));
        assertEquals(List.of("0-2_1_8", "0-2_1_7", "0-2_1_6"), next.subList(0, 3).stream().map(b::wireParameterId)
            .toList());
        assertEquals(strip(ps.get(8)), strip(after.get(0)), "the promoted configuration is the same one");
        assertNotEquals(ps.get(8), after.get(0), "at a larger budget");
        assertEquals(a.snapshot(), saved, "taking a snapshot changes nothing");
    }

    @Test
    void wireIdsOfAPreviousRunAreNotReissued() {
        HyperbandTuner t = tuner(3, "parallelism");
        t.wireIdsInUse(List.of("0-1_0_0", "0-1_0_5", "2-0_0_7", "junk"));
        List<Long> id = ids(1);
        t.generateMultipleParameters(id);
        assertEquals("3-1_0_8", t.wireParameterId(id.get(0)));
    }

    /** A resume without state (session 32): names continue past the bound an earlier run recorded, iteration too. */
    @Test
    void namesContinuePastTheCounterBoundOfAnEarlierRun() {
        HyperbandTuner first = tuner(9, "parallelism");
        List<Long> a = ids(7);
        first.generateMultipleParameters(a);
        List<String> earlier = a.stream().map(first::wireParameterId).toList();
        assertEquals(9, first.nameCounterBound(), "bracket 2 drew its nine configurations");
        HyperbandTuner t = tuner(9, "parallelism");
        t.continueNamesFrom(first.nameCounterBound());
        List<Long> b = ids(2);
        t.generateMultipleParameters(b);
        assertEquals(List.of("9-2_0_9", "9-2_0_10"), b.stream().map(t::wireParameterId).toList(), earlier.toString());
    }

    @Test
    void aSpaceUsingTheBudgetKeyIsRefused() {
        HyperbandTuner t = tuner(3, "parallelism");
        var e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace((JsonObject) Json.parse(
            "{\"TRIAL_BUDGET\": {\"_type\": \"choice\", \"_value\": [1]}}")));
        assertTrue(e.getMessage().contains("TRIAL_BUDGET"), e.getMessage());
    }

    @Test
    void classArgsOutOfRangeNameTheKey() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HyperbandArgs.defaults().withR(0))
            .getMessage().startsWith("R must be between 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HyperbandArgs.defaults().withEta(1))
            .getMessage().startsWith("eta must be between 2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HyperbandArgs.defaults().withExecMode("x"))
            .getMessage().startsWith("exec_mode must be"));
        assertEquals(60, HyperbandArgs.defaults().R());
        assertEquals(null, HyperbandArgs.defaults().rankAgreement(), "the payoff check");
    }

    private static JsonObject strip(JsonValue p) {
        JsonObject.Builder b = JsonObject.builder();
        ((JsonObject) p).members().forEach((k, v) -> {
            if (!k.equals("TRIAL_BUDGET")) {
                b.put(k, v);
            }
        });
        return b.build();
    }
}
