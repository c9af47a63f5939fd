package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code hold_for_decisions} (issue 13 session 19, {@link DecisionHold}) with 4 workers in virtual time
 * ({@link HyperbandWorkersTest#run}), on curves whose ranks hold at every budget, so the early start lets the largest
 * bracket ({@code R = 81}) start on the first four full trainings.
 */
class HyperbandDecisionHoldTest {
    private static final DoubleBinaryOperator HOLDS = (x, e) -> x + 1.0 / e;

    /** Opening with full trainings ({@code largest_first} false), the opening these tests measure the hold on. */
    private static HyperbandArgs args(boolean hold) {
        return HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize").withR(81).withEta(3).withHoldForDecisions(hold)
            .withLargestFirst(false).withSeed(1L);
    }

    private static List<String> run(boolean hold, int workers) {
        Map<Long, JsonValue> paid = new HashMap<>();
        return HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(args(hold), paid), paid, HOLDS, workers, 400);
    }

    private static int fullTrainingsFirst(List<String> wire) {
        return HyperbandWorkersTest.fullTrainingsBeforeHalving(wire).values().stream().mapToInt(Integer::intValue)
            .sum();
    }

    /** New full trainings issued after the first largest bracket's first configuration and before its winner. */
    private static long fullTrainingsAlongsideFirstLargest(List<String> wire) {
        int start = fullTrainingsFirst(wire);
        String key = wire.get(start).substring(0, wire.get(start).indexOf('_'));
        int winner = wire.indexOf(wire.stream().filter(w -> w.startsWith(key + "_4_")).findFirst().orElseThrow());
        return wire.subList(start, winner).stream().filter(w -> w.contains("-0_0_")).count();
    }

    @Test
    void theFirstLargestBracketStartsOnTheFourTrainingsThatEndTogetherAndKeepsTheWorkers() {
        List<String> sessions7to18 = run(false, 4);
        List<String> held = run(true, 4);
        // main's rule: the first three of the four ends (one step apart) each start a full training, the fourth the
        // largest bracket, whose 1-epoch round then runs on one worker beside three 81-epoch trainings
        assertEquals(7, fullTrainingsFirst(sessions7to18), "sessions 7-18: " + sessions7to18.subList(0, 12));
        assertEquals(4, fullTrainingsFirst(held), "held: the largest bracket right after the first four: "
            + held.subList(0, 12));
        assertTrue(held.subList(4, 8).stream().allMatch(w -> w.contains("-4_0_")),
            "the four workers on the largest bracket's first round: " + held.subList(0, 12));
        assertEquals(0, fullTrainingsAlongsideFirstLargest(held),
            "no new full training while the first largest bracket's rounds before its winner's train: " + held);
        assertEquals(sessions7to18.subList(0, 4), held.subList(0, 4), "the same first four full trainings");
    }

    @Test
    void oneWorkerNeverWaits() {
        assertEquals(run(false, 1), run(true, 1), "with one worker nothing is in flight at a request");
    }

    @Test
    void aResumedRunWaitsWhereTheKilledOneDid() {
        Map<Long, JsonValue> paid = new HashMap<>();
        List<String> restored = HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(args(true), paid), paid, HOLDS,
            4, 400, args(true), true);
        assertEquals(run(true, 4), restored, "restored from its snapshot before every request, owed ids with it");
    }
}
