package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code spend_race} (issue 13 session 26): the halving brackets and the full trainings race at equal spend, and a
 * halving bracket the other checks would start is allowed only while its arm's epochs stay within a bound of the
 * full trainings'. {@code R = 81}, the payoff check's defaults otherwise.
 */
class HyperbandSpendRaceTest {
    private static final int R = 81;
    private static final long LARGEST = SpendRace.cost(BracketPlan.hyperband(R, 3), 4);

    /**
     * Good but never the best: every early value ranks by {@code x} (the halving keeps the smallest), and at {@code R}
     * the configurations above 0.96 end far below everything else. The largest bracket's winners (final about 0.3)
     * beat the few full trainings they are compared with (share of better ones about 0.04, under 0.5 / 6), so the
     * winners' rule repeats it.
     */
    static final DoubleBinaryOperator TRAP = (x, e) -> e < R ? x + 1.0 / e : x > 0.94 ? 1 - x : 0.3 + x;

    static HyperbandArgs args(Double spendRace, Double raceTrailing) {
        return HyperbandArgs.defaults().withRankedHalving(-1)
            .withOptimizeMode("minimize").withR(R).withEta(3).withSpendRace(spendRace)
            .withRaceTrailing(raceTrailing).withSeed(1L);
    }

    private static List<String> oneWorker(HyperbandArgs a, int trials) throws Exception {
        return HyperbandRecheckAllTest.run(HyperbandWorkersTest.tuner(a, new HashMap<>()), 0, trials, TRAP);
    }

    private static List<String> fourWorkers(HyperbandArgs a, int trials, HyperbandArgs restoreEachRequest) {
        return fourWorkers(a, trials, restoreEachRequest, TRAP);
    }

    /** Four workers on {@code curve}, restored from the snapshot before every request when that is given. */
    static List<String> fourWorkers(HyperbandArgs a, int trials, HyperbandArgs restoreEachRequest,
                                    DoubleBinaryOperator curve) {
        Map<Long, JsonValue> paid = new HashMap<>();
        return HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(a, paid), paid, curve, 4, trials,
            restoreEachRequest, true);
    }

    static String key(String wire) {
        return wire.substring(0, wire.indexOf('_'));
    }

    static long fullTrainings(List<String> wire) {
        return wire.stream().filter(w -> key(w).endsWith("-0")).count();
    }

    static List<String> brackets(List<String> wire) {
        return wire.stream().map(HyperbandSpendRaceTest::key).distinct().toList();
    }

    /**
     * Whenever a halving bracket starts, the halving brackets' planned epochs (with it) are at most {@code bound}
     * times the full trainings' issued so far.
     */
    static void assertWithinBound(List<String> wire, double bound) {
        Set<String> seen = new LinkedHashSet<>();
        long full = 0;
        long halving = 0;
        for (String w : wire) {
            String k = key(w);
            if (k.endsWith("-0")) {
                full += R;
            } else if (seen.add(k)) {
                halving += SpendRace.cost(BracketPlan.hyperband(R, 3), Integer.parseInt(k.substring(k.indexOf('-') + 1)));
                assertTrue(halving <= bound * full, k + " starts with " + halving + " halving epochs against " + full);
            }
        }
    }

    /**
     * One worker: main (no race) trains 40 full trainings, then the winners win and the largest bracket repeats to the
     * end of the run. With the race (lead bound 1, trailing bound 0) the first largest bracket's winner is weighed
     * against the full trainings of the same epochs, loses, and every bracket after it trains fully: Hyperband is
     * random search from there.
     */
    @Test
    void theGovernorTurnsARepeatingLargestBracketIntoFullTrainings() throws Exception {
        List<String> main = oneWorker(args(-1.0, null), 1500);
        assertEquals(40, fullTrainings(main), "main: " + brackets(main));
        assertTrue(brackets(main).stream().skip(9).allMatch(k -> k.endsWith("-4")) && brackets(main).size() > 15,
            "main repeats the largest bracket: " + brackets(main));
        List<String> race = oneWorker(args(1.0, 0.0), 1500);
        assertEquals(main.subList(0, 40 + 121), race.subList(0, 40 + 121), "the same run up to the first winner");
        assertEquals(List.of("8-4"), brackets(race).stream().filter(k -> !k.endsWith("-0")).toList(),
            "one largest bracket, then full trainings only: " + brackets(race));
        assertEquals(1500 - 121, fullTrainings(race));
        assertWithinBound(race, 1.0);
    }

    /**
     * While the halving brackets lead (or nothing is known yet), their epochs stay within {@code spend_race} times the
     * full trainings'; the ranks that hold give a race that alternates at equal spend instead of main's repeats.
     */
    @Test
    void whileTheHalvingBracketsLeadTheirEpochsStayWithinTheBound() throws Exception {
        DoubleBinaryOperator hold = (x, e) -> x + 1.0 / e;
        List<String> main = HyperbandRecheckAllTest.run(HyperbandWorkersTest.tuner(args(-1.0, null), new HashMap<>()),
            0, 1200, hold);
        List<String> race = HyperbandRecheckAllTest.run(HyperbandWorkersTest.tuner(args(1.0, 0.25), new HashMap<>()),
            0, 1200, hold);
        assertWithinBound(race, 1.0);
        assertTrue(fullTrainings(race) > 4 * fullTrainings(main), fullTrainings(race) + " full trainings against main's "
            + fullTrainings(main));
        assertTrue(brackets(race).stream().filter(k -> k.endsWith("-4")).count() > 5, "still halving: " + brackets(race));
        List<String> wider = HyperbandRecheckAllTest.run(HyperbandWorkersTest.tuner(args(3.0, 0.25), new HashMap<>()),
            0, 1200, hold);
        assertWithinBound(wider, 3.0);
        assertTrue(fullTrainings(wider) < fullTrainings(race), "a wider bound, fewer full trainings");
    }

    /** Four workers: a bound kept with trainings in flight, and a resumed run holds as the killed one did. */
    @Test
    void withFourWorkersARunRestoredBeforeEveryRequestIssuesTheSameIds() {
        HyperbandArgs a = args(1.0, 0.0);
        List<String> straight = fourWorkers(a, 900, null);
        assertEquals(straight, fourWorkers(a, 900, a), "restored from the snapshot before every request");
        assertWithinBound(straight, 1.0);
        assertTrue(fullTrainings(straight) > 5 * fullTrainings(fourWorkers(args(-1.0, null), 900, null)),
            "the race's full trainings against main's: " + brackets(straight));
    }

    @Test
    void onByDefaultAndTheRangesAreChecked() throws Exception {
        assertEquals(2.0, HyperbandArgs.defaults().spendRace(), "on by default since issue 13 session 26");
        assertEquals(oneWorker(args(-1.0, null), 400), oneWorker(args(-1.0, 0.0), 400), "off: race_trailing unread");
        String message = assertThrows(IllegalArgumentException.class, () -> args(-0.5, null)).getMessage();
        assertTrue(message.startsWith("spend_race must be -1 or between 0 and 100"), message);
        message = assertThrows(IllegalArgumentException.class, () -> args(2.0, 101.0)).getMessage();
        assertTrue(message.startsWith("race_trailing must be between 0 and 100"), message);
    }
}
