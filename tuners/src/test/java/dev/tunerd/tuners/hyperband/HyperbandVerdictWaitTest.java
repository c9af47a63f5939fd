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
 * {@code wait_for_verdict} (issue 13 session 25): with several workers, while a largest bracket started on thin
 * evidence has no verdict yet, a free worker waits instead of starting another bracket on the same evidence.
 * {@code R = 81}, the payoff check's defaults otherwise.
 */
class HyperbandVerdictWaitTest {
    /** Ranks that hold at every budget: the early start passes on the first four full trainings. */
    private static final DoubleBinaryOperator HOLD = (x, e) -> x + 1.0 / e;
    /**
     * A trap: configurations with {@code x < 0.15} lead at every budget below {@code R} and end worst; a largest
     * bracket's winner is one of them, while the first full trainings (drawn from the seed's stream) hold none.
     */
    private static final DoubleBinaryOperator TRAP = (x, e) -> x < 0.15 ? (e < 81 ? x : 5) : x + 1.0 / e;

    private static HyperbandArgs args(Boolean waitForVerdict) {
        return HyperbandArgs.defaults().withSpendRace(-1.0).withOptimizeMode("minimize").withR(81).withEta(3)
            .withWaitForVerdict(waitForVerdict).withSeed(1L);
    }

    /** The bracket keys ({@code "<hb>-<s>"}) of {@code wire} in the order they first appear. */
    private static List<String> brackets(List<String> wire) {
        return wire.stream().map(w -> w.substring(0, w.indexOf('_'))).distinct().toList();
    }

    /** The brackets started before the first configuration of a largest bracket's last round was issued. */
    private static List<String> beforeFirstWinner(List<String> wire) {
        int first = 0;
        while (!wire.get(first).contains("-4_4_")) {
            first++;
        }
        return brackets(wire.subList(0, first));
    }

    private static List<String> run(HyperbandArgs a, DoubleBinaryOperator curve, int workers, int trials,
                                    HyperbandArgs restoreEachRequest) {
        // restoreEachRequest: restored from the snapshot before every request, still in the resume's replay
        Map<Long, JsonValue> paid = new HashMap<>();
        List<String> wire = HyperbandWorkersTest.run(HyperbandWorkersTest.tuner(a, paid), paid, curve, workers, trials,
            restoreEachRequest, true);
        assertEquals(trials, wire.size(), "every request paid in the end: " + brackets(wire));
        return wire;
    }

    /**
     * Four workers, ranks that hold: the early start passes on the first four full trainings, which end together.
     * Main's rule repeats the largest bracket on that evidence before the first one's winner has been trained; with
     * the wait no other bracket starts (not even full trainings: the workers wait) until the winner's verdict, and
     * since the winner wins, largest brackets then run back to back.
     */
    @Test
    void withFourWorkersNoBracketStartsOnThinEvidenceBeforeTheFirstWinnersVerdict() {
        List<String> main = run(args(null), HOLD, 4, 700, null);
        List<String> waits = run(args(true), HOLD, 4, 700, null);
        assertTrue(beforeFirstWinner(main).size() >= 3, "main: " + brackets(main));
        assertEquals(List.of("0-0", "1-4"), beforeFirstWinner(waits), "wait_for_verdict: " + brackets(waits));
        assertEquals(List.of("0-0", "1-4", "2-4", "3-4"), brackets(waits).subList(0, 4), "the winner wins");
        assertEquals(main, run(args(false), HOLD, 4, 700, null), "false is main's rule");
    }

    /**
     * The trap with four workers: main's rule starts two or three largest brackets on the first four trainings before
     * the first winner ends; with the wait one, and (its winner loses) full trainings follow.
     */
    @Test
    void withFourWorkersALosingFirstWinnerCostsOneLargestBracketOnly() {
        List<String> main = run(args(null), TRAP, 4, 500, null);
        List<String> waits = run(args(true), TRAP, 4, 500, null);
        assertTrue(beforeFirstWinner(main).stream().filter(k -> k.endsWith("-4")).count() >= 2, "main: " + brackets(main));
        assertEquals(List.of("0-0", "1-4"), beforeFirstWinner(waits), "wait_for_verdict: " + brackets(waits));
        assertEquals(List.of("0-0", "1-4", "1-0"), brackets(waits).subList(0, 3), "the winner loses: full trainings");
    }

    /** With one worker the first winner's verdict comes before any other bracket starts: the same run as main's. */
    @Test
    void withOneWorkerTheRunIsMains() {
        assertEquals(run(args(null), HOLD, 1, 400, null), run(args(true), HOLD, 1, 400, null), "ranks that hold");
        assertEquals(run(args(null), TRAP, 1, 400, null), run(args(true), TRAP, 1, 400, null), "the trap");
    }

    /** A resumed run waits as the killed one did: restored from its snapshot before every request, the same ids. */
    @Test
    void aRunRestoredBeforeEveryRequestIssuesTheSameIds() {
        HyperbandArgs a = args(true);
        for (DoubleBinaryOperator curve : List.of(HOLD, TRAP)) {
            List<String> straight = run(a, curve, 4, 400, null);
            assertEquals(straight, run(a, curve, 4, 400, a), "resumed at every request: a different run");
        }
    }

    @Test
    void theDefaultIsMainsRule() {
        assertEquals(false, HyperbandArgs.defaults().withSpendRace(-1.0).waitForVerdict());
        assertEquals(false, HyperbandArgs.DEFAULT_WAIT_FOR_VERDICT);
    }
}
