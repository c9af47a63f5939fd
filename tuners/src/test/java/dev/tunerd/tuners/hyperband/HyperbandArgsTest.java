package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.ArgsRecords;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** {@link HyperbandArgs#defaults()} and its withers against the classArgs parser's way of binding the record. */
class HyperbandArgsTest {

    /** A component, a valid value other than its default, and the wither that sets it. */
    private record Case(String component, Object value, BiFunction<HyperbandArgs, Object, HyperbandArgs> with) {
    }

    private static final List<Case> CASES = List.of(
        new Case("optimizeMode", "minimize", (a, v) -> a.withOptimizeMode((String) v)),
        new Case("R", 81, (a, v) -> a.withR((Integer) v)),
        new Case("eta", 4, (a, v) -> a.withEta((Integer) v)),
        new Case("execMode", "serial", (a, v) -> a.withExecMode((String) v)),
        new Case("rankAgreement", 0.6, (a, v) -> a.withRankAgreement((Double) v)),
        new Case("payoffMargin", 0.7, (a, v) -> a.withPayoffMargin((Double) v)),
        new Case("screenMargin", -1.0, (a, v) -> a.withScreenMargin((Double) v)),
        new Case("repeatLargest", 2.5, (a, v) -> a.withRepeatLargest((Double) v)),
        new Case("earlyMargin", 3.5, (a, v) -> a.withEarlyMargin((Double) v)),
        new Case("realizedShare", 0.25, (a, v) -> a.withRealizedShare((Double) v)),
        new Case("thinMargin", 4.5, (a, v) -> a.withThinMargin((Double) v)),
        new Case("realizedFloor", 6, (a, v) -> a.withRealizedFloor((Integer) v)),
        new Case("realizedWinners", 7, (a, v) -> a.withRealizedWinners((Integer) v)),
        new Case("repeatLosing", !HyperbandArgs.DEFAULT_REPEAT_LOSING, (a, v) -> a.withRepeatLosing((Boolean) v)),
        new Case("separateStreams", !HyperbandArgs.DEFAULT_SEPARATE_STREAMS,
            (a, v) -> a.withSeparateStreams((Boolean) v)),
        new Case("recheckAll", !HyperbandArgs.DEFAULT_RECHECK_ALL, (a, v) -> a.withRecheckAll((Boolean) v)),
        new Case("holdForDecisions", !HyperbandArgs.DEFAULT_HOLD_FOR_DECISIONS,
            (a, v) -> a.withHoldForDecisions((Boolean) v)),
        new Case("largestFirst", !HyperbandArgs.DEFAULT_LARGEST_FIRST, (a, v) -> a.withLargestFirst((Boolean) v)),
        new Case("firmMargin", 5.5, (a, v) -> a.withFirmMargin((Double) v)),
        new Case("chanceDepth", 8, (a, v) -> a.withChanceDepth((Integer) v)),
        new Case("winnerVeto", !HyperbandArgs.DEFAULT_WINNER_VETO, (a, v) -> a.withWinnerVeto((Boolean) v)),
        new Case("refreshEvery", 9, (a, v) -> a.withRefreshEvery((Integer) v)),
        new Case("refreshBelow", 11, (a, v) -> a.withRefreshBelow((Integer) v)),
        new Case("waitForVerdict", !HyperbandArgs.DEFAULT_WAIT_FOR_VERDICT,
            (a, v) -> a.withWaitForVerdict((Boolean) v)),
        new Case("spendRace", 2.5, (a, v) -> a.withSpendRace((Double) v)),
        new Case("raceTrailing", 0.5, (a, v) -> a.withRaceTrailing((Double) v)),
        new Case("raceOutlook", 50.0, (a, v) -> a.withRaceOutlook((Double) v)),
        new Case("promoteBy", "value", (a, v) -> a.withPromoteBy((String) v)),
        new Case("replayByModel", !HyperbandArgs.DEFAULT_REPLAY_BY_MODEL, (a, v) -> a.withReplayByModel((Boolean) v)),
        new Case("rankedHalving", 7, (a, v) -> a.withRankedHalving((Integer) v)),
        new Case("rankedChance", 0.05, (a, v) -> a.withRankedChance((Double) v)),
        new Case("seed", 12L, (a, v) -> a.withSeed((Long) v)));

    private static HyperbandArgs parsed(String component, Object value) throws Exception {
        return ArgsRecords.parsed(HyperbandArgs.class, component, value);
    }

    @Test
    void defaultsAreTheEmptyClassArgs() throws Exception {
        HyperbandArgs d = HyperbandArgs.defaults();
        assertEquals(parsed(null, null), d);
        assertEquals("maximize", d.optimizeMode(), "NNI's default");
        assertEquals(60, d.R(), "NNI's default");
        assertEquals(3, d.eta(), "NNI's default");
        assertEquals("parallelism", d.execMode(), "NNI's default");
        assertNull(d.rankAgreement(), "absent: the payoff check decides");
        assertEquals(HyperbandArgs.DEFAULT_PAYOFF_MARGIN, d.payoffMargin());
        assertEquals(HyperbandArgs.DEFAULT_REFRESH_BELOW, d.refreshBelow());
        assertNull(d.seed(), "absent: the provider draws one");
    }

    /** Each wither sets its own component, to what the parser makes of that key alone, and leaves the rest. */
    @Test
    void eachWitherChangesOnlyItsKey() throws Exception {
        assertEquals(ArgsRecords.components(HyperbandArgs.class), CASES.stream().map(Case::component).toList(),
            "one case per component, in order");
        HyperbandArgs d = HyperbandArgs.defaults();
        for (Case c : CASES) {
            HyperbandArgs changed = c.with().apply(d, c.value());
            assertEquals(parsed(c.component(), c.value()), changed, c.component());
            ArgsRecords.assertOnlyChanged(d, changed, c.component(), c.value());
            assertEquals(d, c.with().apply(changed, null), c.component() + ": null is the key's default again");
        }
    }

    /** A wither validates as the parser does: the range check is the record's compact constructor, and only it. */
    @Test
    void withersValidateAsTheParser() throws Exception {
        String viaWither = assertThrows(IllegalArgumentException.class,
            () -> HyperbandArgs.defaults().withPayoffMargin(-0.5)).getMessage();
        Exception viaParser = assertThrows(Exception.class, () -> parsed("payoffMargin", -0.5));
        assertEquals(viaParser.getCause().getMessage(), viaWither);
        assertTrue(viaWither.startsWith("payoff_margin must be between 0 and 10"), viaWither);
    }

    /** {@code promote_by} is one of three words; anything else is refused with the key and the words named. */
    @Test
    void promoteByIsValidatedAtTheEdge() throws Exception {
        assertEquals("auto", HyperbandArgs.defaults().promoteBy(), "the guarded prediction by default (session 29)");
        for (String ok : new String[] {"value", "model", "auto"}) {
            assertEquals(ok, HyperbandArgs.defaults().withPromoteBy(ok).promoteBy());
        }
        String message = assertThrows(IllegalArgumentException.class,
            () -> HyperbandArgs.defaults().withPromoteBy("Model")).getMessage();
        assertTrue(message.startsWith("promote_by must be \"value\", \"model\" or \"auto\""), message);
        Exception viaParser = assertThrows(Exception.class, () -> parsed("promoteBy", "ranks"));
        assertTrue(viaParser.getCause().getMessage().startsWith("promote_by must be"), viaParser.toString());
    }

    /** {@code ranked_halving}: -1 (off) or 1..100; anything else is refused with the key and the range named. */
    @Test
    void rankedHalvingIsValidatedAtTheEdge() throws Exception {
        assertEquals(RankedHalving.DEFAULT_RUN, HyperbandArgs.defaults().rankedHalving());
        assertEquals(-1, HyperbandArgs.defaults().withRankedHalving(-1).rankedHalving());
        for (int bad : new int[] {0, -2, 101}) {
            String message = assertThrows(IllegalArgumentException.class,
                () -> HyperbandArgs.defaults().withRankedHalving(bad)).getMessage();
            assertTrue(message.startsWith("ranked_halving must be -1 or between 1 and 100"), message);
        }
        Exception viaParser = assertThrows(Exception.class, () -> parsed("rankedHalving", 0));
        assertTrue(viaParser.getCause().getMessage().startsWith("ranked_halving must be -1 or between 1 and 100"),
            viaParser.toString());
    }

    /** {@code ranked_chance}: -1 (off) or 0..1; anything else is refused with the key and the range named. */
    @Test
    void rankedChanceIsValidatedAtTheEdge() throws Exception {
        assertEquals(RankedChance.DEFAULT_ALPHA, HyperbandArgs.defaults().rankedChance());
        assertEquals(-1, HyperbandArgs.defaults().withRankedChance(-1.0).rankedChance());
        assertEquals(0.5, HyperbandArgs.defaults().withRankedChance(0.5).rankedChance());
        for (double bad : new double[] {-0.5, 1.5, Double.NaN, -2}) {
            String message = assertThrows(IllegalArgumentException.class,
                () -> HyperbandArgs.defaults().withRankedChance(bad)).getMessage();
            assertTrue(message.startsWith("ranked_chance must be -1 or between 0 and 1"), message);
        }
        Exception viaParser = assertThrows(Exception.class, () -> parsed("rankedChance", 2.0));
        assertTrue(viaParser.getCause().getMessage().startsWith("ranked_chance must be -1 or between 0 and 1"),
            viaParser.toString());
    }
}
