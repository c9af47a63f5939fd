package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code largest_first} (issue 13 session 20, {@link LargestFirst}): a run whose largest bracket could start early at
 * all ({@code R = 81}: its potential 1.27 reaches {@code early_margin} 1.0) opens with it instead of waiting for full
 * trainings; shorter horizons, whose largest bracket can never start early, run as before, and so does a run with the
 * early start off (random search's arm of the benchmark). One worker, trials trained one at a time.
 */
class HyperbandLargestFirstTest {
    private static final JsonObject SPACE =
        (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");

    /** {@code a} with {@code largest_first} false: the opening of sessions 7-19 (full trainings first). */
    static HyperbandArgs fullTrainingsFirst(HyperbandArgs a) {
        return a.withLargestFirst(false);
    }

    private static HyperbandTuner tuner(int r, Double earlyMargin, boolean largestFirst) {
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("minimize").withR(r).withEta(3)
            .withEarlyMargin(earlyMargin).withLargestFirst(largestFirst).withSeed(11L), 11L,
            new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC()));
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static List<String> run(HyperbandTuner t, long from, long to) throws Exception {
        return HyperbandRecheckAllTest.run(t, from, to); // one at a time, ranks that hold: x + 1/epoch
    }

    @Test
    void aLongHorizonOpensWithTheLargestBracketThenTheChecksDecide() throws Exception {
        List<String> sessions7to19 = run(tuner(81, null, false), 0, 130);
        assertTrue(sessions7to19.subList(0, 5).stream().allMatch(w -> w.startsWith("0-0_0_")),
            "main's rule opens with full trainings: " + sessions7to19.subList(0, 5));
        List<String> now = run(tuner(81, null, true), 0, 130);
        for (int i = 0; i < 81; i++) {
            assertEquals("0-4_0_" + i, now.get(i), "the largest bracket's first round, 81 configurations (1 epoch)");
        }
        assertTrue(now.subList(81, 121).stream().allMatch(w -> w.startsWith("0-4_")),
            "its rounds at 3, 9, 27 and 81 epochs follow (one worker): " + now.subList(81, 121));
        assertTrue(now.get(120).startsWith("0-4_4_"), "its winner, the bracket's last round (R): " + now.get(120));
        assertEquals("0-0_0_81", now.get(121),
            "then no check passes on no full training: full trainings, counters contiguous: " + now.subList(118, 130));
    }

    @Test
    void shorterHorizonsAndARunWithoutTheEarlyStartAreUnchanged() throws Exception {
        for (int r : new int[] {20, 27}) {
            List<String> before = run(tuner(r, null, false), 0, 150);
            assertEquals(before, run(tuner(r, null, true), 0, 150),
                "R = " + r + ": the largest bracket's potential is below early_margin, nothing changes");
        }
        // early_margin -1 (as in the benchmark's random-search arm): the opening is off too
        List<String> noEarlyStart = run(tuner(81, -1.0, false), 0, 40);
        assertEquals(noEarlyStart, run(tuner(81, -1.0, true), 0, 40), "early_margin -1: nothing changes");
        assertTrue(noEarlyStart.subList(0, 10).stream().allMatch(w -> w.contains("-0_0_")),
            "full trainings first: " + noEarlyStart);
        assertNotEquals(run(tuner(81, 1.3, true), 0, 1), run(tuner(81, 1.2, true), 0, 1),
            "the potential of R = 81 (1.27) lies between 1.2 and 1.3");
    }

    @Test
    void aResumedRunGoesOnAsTheKilledOneDid() throws Exception {
        HyperbandTuner a = tuner(81, null, true);
        List<String> before = run(a, 0, 40);
        assertTrue(before.stream().allMatch(w -> w.startsWith("0-4_0_")), "inside the first round: " + before);
        JsonValue state = Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
        HyperbandTuner b = tuner(81, null, true);
        b.restore(state);
        assertEquals(a.snapshot(), b.snapshot());
        List<String> going = run(a, 40, 300);
        assertEquals(going, run(b, 40, 300), "the restored tuner issues what the killed one would have");
        assertEquals(1, going.stream().filter(w -> w.startsWith("0-4_4_")).count(),
            "one opening bracket, not a second one after the restore: " + going);
    }
}
