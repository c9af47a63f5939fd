package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code ranked_halving} (issue 13 session 32, {@link RankedHalving}): where the full trainings' values at a bracket's
 * rungs rank their best finals, that bracket starts whatever the payoff checks say, up to k halving brackets in a row,
 * then full trainings add evidence; where the curves cross the run is what it was without the key. The checks are set
 * as in the benchmark's random-search arm (no payoff check ever passes), so every halving bracket here is the rule's.
 * One worker, trials trained one at a time, {@code R = 27} ({@code sMax = 3}).
 */
class HyperbandRankedHalvingTest {
    private static final JsonObject SPACE =
        (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");
    /** Small {@code x} learns fast and ends best: the order at every epoch is the final order. */
    private static final DoubleBinaryOperator RANKED = (x, e) -> x + 1.0 / e;
    /** Small {@code x} leads until epoch 13 (rungs 1, 3 and 9), then large {@code x} passes it and ends best. */
    private static final DoubleBinaryOperator CROSSING = (x, e) -> (1 - x) + 3 * x * Math.exp(-e / 12.0);

    private static HyperbandTuner tuner(int rankedHalving) {
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("minimize").withR(27)
            .withEta(3).withScreenMargin(-1.0).withPayoffMargin(10.0).withEarlyMargin(-1.0).withRepeatLargest(-1.0)
            .withRealizedShare(-1.0).withRankedHalving(rankedHalving).withSeed(5L), 5L,
            new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC()));
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static List<String> run(HyperbandTuner t, long from, long to, DoubleBinaryOperator curve)
        throws Exception {
        return HyperbandRecheckAllTest.run(t, from, to, curve);
    }

    /** The brackets in the order they started, as {@code s} (from wire ids {@code "<hb>-<s>_<round>_<n>"}). */
    private static List<Integer> bracketOrder(List<String> wire) {
        LinkedHashSet<String> keys = new LinkedHashSet<>();
        wire.forEach(w -> keys.add(w.substring(0, w.indexOf('_'))));
        List<Integer> out = new ArrayList<>();
        keys.forEach(k -> out.add(Integer.parseInt(k.substring(k.indexOf('-') + 1))));
        return out;
    }

    @Test
    void whereTheRungsRankTheFinalsHalvingBracketsRunInRunsOfKBetweenFullTrainings() throws Exception {
        List<Integer> off = bracketOrder(run(tuner(-1), 0, 400, RANKED));
        assertTrue(off.stream().allMatch(s -> s == 0), "without the key no check passes: full trainings " + off);
        for (int k : new int[] {1, 3}) {
            List<String> wire = run(tuner(k), 0, 400, RANKED);
            assertTrue(wire.subList(0, RankedHalving.EARLY_CURVES).stream().allMatch(w -> w.contains("-0_0_")),
                "full trainings until there are " + RankedHalving.EARLY_CURVES + " to measure: " + wire);
            // one worker: a bracket is decided before the last training of the previous one has ended, so on
            // twelve trainings alone the first halving bracket would follow four brackets of full trainings (16)
            int firstHalving = 0;
            while (wire.get(firstHalving).contains("-0_0_")) {
                firstHalving++;
            }
            assertTrue(firstHalving < RankedHalving.MIN_CURVES + 4,
                "a best half in the same order at every rung starts halving on fewer than twelve trainings: " + wire);
            List<Integer> order = bracketOrder(wire);
            assertTrue(order.contains(3), "the largest bracket is ranked (every rung ranks) and starts: " + order);
            assertFalse(order.contains(1), "a bracket that halves once is never the rule's: " + order);
            int inARow = 0;
            int longest = 0;
            for (int s : order) {
                inARow = s > 0 ? inARow + 1 : 0;
                longest = Math.max(longest, inARow);
            }
            assertEquals(k, longest, "at most k halving brackets in a row, and k reached: " + order);
        }
    }

    @Test
    void whereCurvesCrossTheRunIsTheSameAsWithoutTheKey() throws Exception {
        List<String> off = run(tuner(-1), 0, 300, CROSSING);
        assertEquals(off, run(tuner(3), 0, 300, CROSSING), "the best half's order crosses: the rule never fires");
        assertNotEquals(off, run(tuner(3), 0, 300, RANKED), "the same checks on ranked curves do halve");
    }

    @Test
    void aRestoredRunGoesOnAsTheUninterruptedOne() throws Exception {
        for (long cut : new long[] {5, 30, 61}) { // before the first ranked bracket, inside a run, later
            HyperbandTuner a = tuner(3);
            run(a, 0, cut, RANKED);
            JsonValue state = Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
            HyperbandTuner b = tuner(3);
            b.restore(state);
            List<String> going = run(a, cut, 300, RANKED);
            assertEquals(going, run(b, cut, 300, RANKED), "cut at " + cut + ": the restored run issues the same");
            assertTrue(bracketOrder(going).stream().anyMatch(s -> s > 0), "halving brackets follow: " + going);
        }
    }

    /** Curves (values at rungs 0..2 of {@code sMax = 3}, then the final) whose final is {@code i / n}. */
    private static List<double[]> curves(int n, DoubleBinaryOperator rung) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double f = (double) i / n;
            out.add(new double[] {rung.applyAsDouble(f, 0), rung.applyAsDouble(f, 1), rung.applyAsDouble(f, 2), f});
        }
        return out;
    }

    @Test
    void aBracketIsRankedWhenTheBestHalfKeepsItsOrderAtEveryRungItHalvesAt() {
        RankedHalving rule = new RankedHalving(BracketPlan.hyperband(27, 3), 3);
        List<double[]> ordered = curves(12, (f, k) -> f + 1 - k * 0.3);
        assertTrue(rule.ranked(ordered, 3) && rule.ranked(ordered, 2), "ordered at every rung");
        assertFalse(rule.ranked(ordered, 1), "one halving alone is never enough");
        assertFalse(rule.ranked(ordered.subList(0, RankedHalving.EARLY_CURVES - 1), 3),
            "fewer than " + RankedHalving.EARLY_CURVES + " trainings");
        // the worst half scrambled at every rung (diverging fast learners): the best half decides, still ranked
        List<double[]> worstScrambled = curves(12, (f, k) -> f < 0.5 ? f : 1.2 - f);
        assertTrue(rule.ranked(worstScrambled, 3), "only the best half is read");
        // the best half reversed at the first rung only: the largest bracket is not ranked, the next one is
        List<double[]> firstRungCrosses = curves(12, (f, k) -> k == 0 ? -f : f);
        assertFalse(rule.ranked(firstRungCrosses, 3));
        assertTrue(rule.ranked(firstRungCrosses, 2), "bracket 2 halves at rungs 1 and 2 only");
        // a training without a value at a rung is left out where that rung is needed
        List<double[]> gaps = new ArrayList<>(ordered);
        gaps.set(3, new double[] {Double.NaN, gaps.get(3)[1], gaps.get(3)[2], gaps.get(3)[3]});
        assertTrue(rule.ranked(gaps, 3), "11 usable for bracket 3, all in order");
        List<double[]> fewGaps = gaps.subList(0, RankedHalving.EARLY_CURVES);
        assertFalse(rule.ranked(fewGaps, 3), (RankedHalving.EARLY_CURVES - 1) + " usable for bracket 3");
        assertTrue(rule.ranked(fewGaps, 2), RankedHalving.EARLY_CURVES + " usable for bracket 2");
        assertEquals(1.0, RankedHalving.tau(ordered, 0, 3), 1e-12);
        assertEquals(-1.0, RankedHalving.tau(curves(12, (f, k) -> -f), 0, 3), 1e-12);
    }

    @Test
    void onFewerThanTwelveTrainingsEveryPairOfTheBestHalfMustKeepItsOrder() {
        RankedHalving rule = new RankedHalving(BracketPlan.hyperband(27, 3), 3);
        // finals 0, 1/n, ...: the best two (final 0 and 1/n) swapped at every rung, the rest in order
        DoubleBinaryOperator oneSwap = (f, k) -> f == 0 ? 0.15 : f;
        for (int n = RankedHalving.EARLY_CURVES; n < RankedHalving.MIN_CURVES; n++) {
            assertTrue(rule.ranked(curves(n, (f, k) -> f + 1 - k * 0.3), 3), n + " trainings in order");
            assertFalse(rule.ranked(curves(n, oneSwap), 3), n + " trainings, one pair of the best half swapped");
        }
        // from twelve on, tau 0.6 is enough: one pair out of fifteen swapped leaves 13/15
        assertTrue(rule.ranked(curves(RankedHalving.MIN_CURVES, (f, k) -> f == 0 ? 1.5 / 12 : f), 3),
            "12 trainings, one pair swapped");
        assertFalse(rule.ranked(curves(RankedHalving.MIN_CURVES - 1, (f, k) -> f == 0 ? 1.5 / 11 : f), 3),
            "11 trainings, one pair swapped");
    }

    @Test
    void whereMainsCheckSaysTheLargestBracketPaysTheRuleStandsAside() {
        BracketPlan plan = BracketPlan.hyperband(27, 3);
        RankedHalving rule = new RankedHalving(plan, 3);
        BracketEngine engine = new BracketEngine(plan, false, true);
        List<double[]> ordered = curves(12, (f, k) -> f + 1 - k * 0.3);
        int[] asked = {0};
        assertTrue(rule.starts(engine, ordered, 3, () -> { asked[0]++; return false; }), "ranked, main declines");
        assertEquals(1, asked[0], "main's check read once, after the ranking");
        assertTrue(rule.restarts(engine, ordered, () -> false));
        assertFalse(rule.starts(engine, ordered, 3, () -> true), "main's check passes: main decides alone");
        assertFalse(rule.restarts(engine, ordered, () -> true));
        asked[0] = 0;
        assertFalse(rule.starts(engine, curves(12, (f, k) -> -f), 3, () -> { asked[0]++; return false; }));
        assertEquals(0, asked[0], "main's check (a replay) is not read where the bracket is not ranked");
    }
}
