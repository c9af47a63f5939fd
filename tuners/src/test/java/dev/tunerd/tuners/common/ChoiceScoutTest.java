package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import org.junit.jupiter.api.Test;

class ChoiceScoutTest {
    /** A choice of three options (index 0) and a rate on a log range (index 1). */
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parse(
        "{\"opt\": {\"_type\": \"choice\", \"_value\": [\"sgd\", \"adam\", \"adamw\"]},"
            + " \"lr\": {\"_type\": \"loguniform\", \"_value\": [0.00001, 1.0]}}"), SearchSpace.ALL_TYPES);
    /** Choices among numbers only (a batch size), and a one-option named choice. */
    private static final SearchSpace NUMERIC = SearchSpace.parse(Json.parse(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"k\": {\"_type\": \"choice\", \"_value\": [\"only\"]},"
            + " \"b\": {\"_type\": \"choice\", \"_value\": [16, 32, 64.5]}}"), SearchSpace.ALL_TYPES);
    /** A named choice whose first branch holds another named choice (active only under it). */
    private static final SearchSpace NESTED = SearchSpace.parse(Json.parse(
        "{\"opt\": {\"_type\": \"choice\", \"_value\": [{\"_name\": \"a\", \"act\": {\"_type\": \"choice\","
            + " \"_value\": [\"x\", \"y\", \"z\"]}}, {\"_name\": \"b\"}]}}"), SearchSpace.ALL_TYPES);

    private static ParameterSpec opt() {
        return SPACE.parameters().get(0);
    }

    @Test
    void eachOptionIsScoutedNTimesInTurnWithTheOtherParametersFromTheirPriorThenNeverAgain() {
        ChoiceScout scout = new ChoiceScout(10);
        Rng rng = Rng.withSeed(5);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 30; i++) {
            assertTrue(scout.due(SPACE), "scout " + i + " of 3 x 10");
            double[] x = scout.draw(SPACE, rng);
            int[] c = {scout.count(opt(), 0), scout.count(opt(), 1), scout.count(opt(), 2)};
            assertTrue(Math.max(c[0], Math.max(c[1], c[2])) - Math.min(c[0], Math.min(c[1], c[2])) <= 1,
                "the least-scouted option goes next: " + c[0] + "/" + c[1] + "/" + c[2]);
            lo = Math.min(lo, x[1]);
            hi = Math.max(hi, x[1]);
        }
        assertFalse(scout.due(SPACE), "every option scouted 10 times: never again");
        assertEquals(30, scout.draws());
        for (int o = 0; o < 3; o++) {
            assertEquals(10, scout.count(opt(), o), "option " + o);
        }
        assertTrue(lo < Math.log(1e-4) && hi > Math.log(1e-1), "the rate spans its prior: " + Math.exp(lo) + " .. "
            + Math.exp(hi));
    }

    @Test
    void tiesAreBrokenAtRandom() {
        int[] first = new int[3];
        for (int seed = 0; seed < 300; seed++) {
            first[(int) new ChoiceScout(1).draw(SPACE, Rng.withSeed(seed))[0]]++;
        }
        assertTrue(first[0] > 60 && first[1] > 60 && first[2] > 60, "each option first in about a third of the runs: "
            + first[0] + "/" + first[1] + "/" + first[2]);
    }

    @Test
    void offOrWithoutANamedChoiceOfTwoOptionsNoScoutIsDue() {
        assertFalse(new ChoiceScout(0).due(SPACE), "off");
        assertFalse(new ChoiceScout(10).due(NUMERIC), "a one-option choice and a choice among numbers");
    }

    @Test
    void aChoiceWithOneOptionThatIsNotANumberIsNamedAndOnlyNamedChoicesAreScouted() {
        SearchSpace mixed = SearchSpace.parse(Json.parse(
            "{\"m\": {\"_type\": \"choice\", \"_value\": [1, \"auto\"]},"
                + " \"b\": {\"_type\": \"choice\", \"_value\": [1, 2]}}"),
            SearchSpace.ALL_TYPES);
        assertTrue(ChoiceScout.isNamedChoice(mixed.parameters().get(0)));
        assertFalse(ChoiceScout.isNamedChoice(mixed.parameters().get(1)));
        ChoiceScout scout = new ChoiceScout(50);
        Rng rng = Rng.withSeed(9);
        int[] b = new int[2];
        for (int i = 0; i < 100; i++) {
            b[(int) scout.draw(mixed, rng)[1]]++;
        }
        assertEquals(50, scout.count(mixed.parameters().get(0), 1), "the named choice is balanced");
        assertTrue(b[0] > 30 && b[1] > 30, "a choice among numbers is drawn from its prior: " + b[0] + " / " + b[1]);
    }

    @Test
    void aNestedNamedChoiceIsScoutedUnderItsBranchAndTheScoutsStopAtTheirBound() {
        ChoiceScout scout = new ChoiceScout(4);
        Rng rng = Rng.withSeed(11);
        int n = 0;
        while (scout.due(NESTED)) {
            scout.draw(NESTED, rng);
            n++;
            assertTrue(n <= 4 * 5, "at most N times the named options: " + n);
        }
        assertEquals(4 * 5, n, "the nested choice is short of N under the bound when its branch is not taken enough");
        ParameterSpec act = NESTED.parameters().get(1);
        assertEquals("act", act.name());
        for (int o = 0; o < 3; o++) {
            assertTrue(scout.count(act, o) >= 1, "the nested choice's option " + o + ": " + scout.count(act, o));
        }
        assertTrue(scout.count(NESTED.parameters().get(0), 0) >= 4, "its branch was taken for it");
        assertTrue(scout.count(NESTED.parameters().get(0), 1) >= 4);
    }

    @Test
    void theCountsTravelWithASnapshotAndTheRestoredScoutGoesOnAsTheOriginal() {
        ChoiceScout a = new ChoiceScout(10);
        Rng ra = Rng.withSeed(3);
        for (int i = 0; i < 7; i++) {
            a.draw(SPACE, ra);
        }
        ChoiceScout b = new ChoiceScout(10);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.toJson())));
        Rng rb = new Rng(ra.state());
        assertEquals(7, b.draws());
        while (a.due(SPACE)) {
            assertTrue(b.due(SPACE));
            assertEquals(a.draw(SPACE, ra)[0], b.draw(SPACE, rb)[0]);
        }
        assertFalse(b.due(SPACE));
        b.restore(null);
        assertEquals(0, b.draws(), "a snapshot without scouts starts from none");
        assertTrue(b.due(SPACE));
    }

    @Test
    void aBrokenSnapshotIsRefusedWithWhatIsWrong() {
        ChoiceScout s = new ChoiceScout(10);
        for (String bad : new String[] {"[]", "{\"options\": {}}", "{\"draws\": -1, \"options\": {}}",
            "{\"draws\": 2, \"options\": []}", "{\"draws\": 2, \"options\": {\"opt\": {\"sgd\": 3}}}",
            "{\"draws\": 2, \"options\": {\"opt\": {\"sgd\": 1.5}}}", "{\"draws\": 2, \"options\": {\"opt\": 1}}"}) {
            String m = assertThrows(IllegalArgumentException.class, () -> s.restore(Json.parse(bad)), bad).getMessage();
            assertTrue(m.contains("choice_scout") || m.contains("draws"), bad + ": " + m);
        }
    }

    @Test
    void aCountOutOfRangeNamesTheKeyAndTheRange() {
        for (int bad : new int[] {-1, 1001}) {
            assertEquals("choice_scout must be an integer between 0 and 1000, got " + bad,
                assertThrows(IllegalArgumentException.class, () -> new ChoiceScout(bad)).getMessage());
        }
    }
}
