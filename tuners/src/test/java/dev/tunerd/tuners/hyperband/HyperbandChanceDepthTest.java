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
 * What a pass of the checks by chance may cost before the largest bracket's own winners judge it (issue 13 session
 * 22): {@code chance_depth} (with several workers, largest brackets waiting for their winner at once while no winner
 * has won) and {@code winner_veto} (with one worker, a winner that ended after the last issue vetoes the next largest
 * bracket). {@code R = 81}, the payoff check's defaults otherwise.
 */
class HyperbandChanceDepthTest {
    /** Ranks that hold at every budget: the early start passes on the first four full trainings. */
    private static final DoubleBinaryOperator HOLD = (x, e) -> x + 1.0 / e;
    /**
     * A trap: configurations with {@code x < 0.15} lead at every budget below {@code R} and end worst; a largest
     * bracket's winner is one of them, while the first full trainings (drawn from the seed's stream) hold none.
     */
    private static final DoubleBinaryOperator TRAP = (x, e) -> x < 0.15 ? (e < 81 ? x : 5) : x + 1.0 / e;

    static HyperbandArgs args(Integer chanceDepth, Boolean winnerVeto) {
        return HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize").withR(81).withEta(3).withChanceDepth(chanceDepth)
            .withWinnerVeto(winnerVeto).withSeed(1L);
    }

    /** The bracket keys ({@code "<hb>-<s>"}) of {@code wire} in the order they first appear. */
    private static List<String> brackets(List<String> wire) {
        return wire.stream().map(w -> w.substring(0, w.indexOf('_'))).distinct().toList();
    }

    /** Largest brackets ({@code "-4"}) started before the first configuration of a largest bracket's last round. */
    private static long largestBeforeFirstWinner(List<String> wire) {
        int first = 0;
        while (!wire.get(first).contains("-4_4_")) {
            first++;
        }
        return brackets(wire.subList(0, first)).stream().filter(k -> k.endsWith("-4")).count();
    }

    private static List<String> fourWorkers(HyperbandArgs a, DoubleBinaryOperator curve, int trials,
                                            HyperbandArgs restoreEachRequest) {
        // restoreEachRequest: restored from the snapshot before every request, still in the resume's replay
        Map<Long, JsonValue> paid = new HashMap<>();
        return HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(a, paid), paid, curve, 4, trials,
            restoreEachRequest, true);
    }

    /**
     * Four workers, ranks that hold: the early start passes on the first four trainings. Main's rule starts a second
     * largest bracket on that evidence before the first one's winner has been trained (the repeat limit counts
     * brackets started, three); with {@code chance_depth 1} the free workers train full trainings until the
     * winner's verdict, then (it wins) largest brackets run back to back as before.
     */
    @Test
    void withFourWorkersOneLargestBracketWaitsForItsWinnerBeforeTheNextStarts() {
        List<String> main = fourWorkers(args(null, null), HOLD, 700, null);
        List<String> bounded = fourWorkers(args(1, null), HOLD, 700, null);
        assertTrue(largestBeforeFirstWinner(main) >= 2, "main: " + brackets(main));
        assertEquals(1, largestBeforeFirstWinner(bounded), "chance_depth 1: " + brackets(bounded));
        assertEquals(List.of("0-0", "1-4", "1-0"), brackets(bounded).subList(0, 3), "full trainings meanwhile");
        assertTrue(brackets(bounded).stream().filter(k -> k.endsWith("-4")).count() >= 5,
            "the winner wins: largest brackets back to back " + brackets(bounded));
        assertEquals(2, largestBeforeFirstWinner(fourWorkers(args(2, null), HOLD, 700, null)), "chance_depth 2");
    }

    /** A resumed run holds as the killed one did: restored from its snapshot before every request, the same ids. */
    @Test
    void aRunRestoredBeforeEveryRequestIssuesTheSameIds() {
        HyperbandArgs a = args(1, true);
        List<String> straight = fourWorkers(a, TRAP, 500, null);
        assertTrue(straight.equals(fourWorkers(a, TRAP, 500, a)), "resumed at every request: a different run");
        assertTrue(brackets(straight).contains("1-0"), "the rule held a largest bracket " + brackets(straight));
    }

    /**
     * One worker, the trap: the first largest bracket starts early and its winner ends worst. Main's rule decides the
     * next bracket on the winners that had ended at the last issue, which leave that winner out, and starts a second
     * largest bracket on the same evidence; with {@code winner_veto} the losing winner vetoes it and full trainings
     * follow.
     */
    @Test
    void withOneWorkerALosingWinnerThatHasJustEndedVetoesTheNextLargestBracket() throws Exception {
        int n = 5 + 2 * 121 + 5 + 1;
        List<String> main = brackets(HyperbandRecheckAllTest.run(tuner(args(null, null)), 0, n, TRAP));
        List<String> vetoed = brackets(HyperbandRecheckAllTest.run(tuner(args(null, true)), 0, n, TRAP));
        assertEquals(List.of("0-0", "1-4", "2-4"), main.subList(0, 3), "main");
        assertEquals(List.of("0-0", "1-4", "1-0"), vetoed.subList(0, 3), "winner_veto");
        assertEquals(main, brackets(HyperbandRecheckAllTest.run(tuner(args(null, false)), 0, n, TRAP)), "off");
    }

    @Test
    void theDefaultsAreMainsRulesAndTheRangeIsChecked() {
        HyperbandArgs defaults = args(null, null);
        assertEquals(-1, defaults.chanceDepth());
        assertEquals(false, defaults.winnerVeto());
        String message = assertThrows(IllegalArgumentException.class, () -> args(0, null)).getMessage();
        assertTrue(message.startsWith("chance_depth must be -1 or between 1 and 100"), message);
    }

    private static HyperbandTuner tuner(HyperbandArgs a) {
        return HyperbandWorkersTest.tuner(a, new HashMap<>());
    }
}
