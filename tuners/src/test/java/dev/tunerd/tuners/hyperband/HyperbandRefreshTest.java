package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code refresh_every} (issue 13 session 22): a win of the largest bracket's winners against a small sample of full
 * trainings lifts the bracket's repeat limit only {@code k} brackets at a time; then a bracket of full trainings runs
 * to its end and the win is judged again on the larger sample. {@code R = 81}, the payoff check's defaults otherwise.
 */
class HyperbandRefreshTest {
    /** Ranks that hold at every budget: the early start passes and the largest bracket's winners beat every training. */
    private static final DoubleBinaryOperator HOLD = (x, e) -> x + 1.0 / e;

    static HyperbandArgs args(Integer refreshEvery, Integer refreshBelow) {
        return HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize").withR(81).withEta(3).withRefreshEvery(refreshEvery)
            .withRefreshBelow(refreshBelow).withSeed(1L);
    }

    /** The bracket keys ({@code "<hb>-<s>"}) of {@code wire} in the order they first appear. */
    private static List<String> brackets(List<String> wire) {
        return wire.stream().map(w -> w.substring(0, w.indexOf('_'))).distinct().toList();
    }

    /** Configurations trained from scratch to the full budget ({@code s = 0}) in {@code wire}. */
    private static long fullTrainings(List<String> wire) {
        return wire.stream().filter(w -> w.substring(0, w.indexOf('_')).endsWith("-0")).count();
    }

    private static List<String> oneWorker(HyperbandArgs a, int trials) throws Exception {
        return HyperbandRecheckAllTest.run(HyperbandWorkersTest.tuner(a, new HashMap<>()), 0, trials, HOLD);
    }

    private static List<String> fourWorkers(HyperbandArgs a, int trials, HyperbandArgs restoreEachRequest) {
        // restoreEachRequest: restored from the snapshot before every request, still in the resume's replay
        Map<Long, JsonValue> paid = new HashMap<>();
        return HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(a, paid), paid, HOLD, 4, trials,
            restoreEachRequest, true);
    }

    /**
     * One worker, ranks that hold: the early start passes on the first trainings, the first winner beats them, and
     * sessions 15-23's rule (refresh off) repeats the largest bracket to the end of the run on those five full
     * trainings; the defaults (since session 24: {@code refresh_every 8, refresh_below 15}) add full trainings after
     * eight largest brackets. With {@code refresh_every 2} a bracket of full trainings runs to its end after two largest brackets (ten trainings), the
     * win is judged again on them and, as it holds, the largest bracket repeats; with {@code refresh_below 15} once
     * more (fifteen).
     */
    @Test
    void aWinOnFewFullTrainingsIsJudgedAgainOnMoreAfterKLargestBrackets() throws Exception {
        List<String> main = oneWorker(args(-1, null), 1200);
        assertEquals(5, fullTrainings(main), "off: " + brackets(main));
        assertTrue(brackets(main).stream().skip(1).allMatch(k -> k.endsWith("-4")), "off: " + brackets(main));
        List<String> defaults = oneWorker(args(null, null), 1200);
        assertEquals(main.subList(0, 8 * 121 + 5), defaults.subList(0, 8 * 121 + 5), "the defaults' first eight brackets");
        assertEquals(List.of("0-0", "1-4", "2-4", "3-4", "4-4", "5-4", "6-4", "7-4", "8-4", "8-0"),
            brackets(defaults).subList(0, 10), "the defaults: a refresh after eight largest brackets");
        assertTrue(fullTrainings(defaults) > 5, "the defaults' refresh: " + brackets(defaults));
        List<String> ten = oneWorker(args(2, 10), 1200);
        assertEquals(List.of("0-0", "1-4", "2-4", "2-0"), brackets(ten).subList(0, 4), "refresh_every 2");
        assertEquals(10, fullTrainings(ten), "the refresh's full trainings run to their end " + brackets(ten));
        assertTrue(brackets(ten).stream().skip(4).allMatch(k -> k.endsWith("-4")), "the win holds on ten");
        List<String> fifteen = oneWorker(args(2, 15), 1200);
        assertEquals(15, fullTrainings(fifteen), "refresh_below 15: " + brackets(fifteen));
        assertEquals(List.of("2-0", "3-4", "4-4", "4-0"), brackets(fifteen).subList(3, 7), "refresh_below 15");
        assertEquals(main, oneWorker(args(-1, 15), 1200), "off");
    }

    /** Four workers: a resumed run holds as the killed one did (restored before every request, the same ids). */
    @Test
    void aRunRestoredBeforeEveryRequestIssuesTheSameIds() {
        HyperbandArgs a = args(2, 15);
        List<String> straight = fourWorkers(a, 700, null);
        assertTrue(straight.equals(fourWorkers(a, 700, a)), "resumed at every request: a different run");
        assertTrue(brackets(straight).contains("3-0"), "a refresh after two largest brackets " + brackets(straight));
        assertTrue(fullTrainings(straight) > fullTrainings(fourWorkers(args(-1, null), 700, null)), "off");
    }

    @Test
    void theDefaultsRefreshAfterEightOnFewerThanFifteenAndTheRangesAreChecked() {
        HyperbandArgs defaults = args(null, null);
        assertEquals(8, defaults.refreshEvery());
        assertEquals(15, defaults.refreshBelow());
        String message = assertThrows(IllegalArgumentException.class, () -> args(0, null)).getMessage();
        assertTrue(message.startsWith("refresh_every must be -1 or between 1 and 100"), message);
        message = assertThrows(IllegalArgumentException.class, () -> args(2, 4)).getMessage();
        assertTrue(message.startsWith("refresh_below must be between 5 and 100"), message);
    }
}
