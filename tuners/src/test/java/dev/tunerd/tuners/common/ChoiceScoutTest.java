package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

    /** A model that has settled on "adam" at a rate of 1e-3. */
    private static double[] adam() {
        return new double[] {1, Math.log(1e-3)};
    }

    @Test
    void everyOtherModelDrawScoutsTheNeglectedOptionsAcrossTheirPriorUntilEachIsInNConfigurations() {
        ChoiceScout scout = new ChoiceScout(10);
        Rng rng = Rng.withSeed(5);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        boolean last = false;
        for (int i = 0; i < 200; i++) {
            boolean due = scout.due(SPACE);
            assertFalse(due && last, "never two scouts in a row (draw " + i + ")");
            double[] x = due ? scout.draw(SPACE, rng) : adam();
            if (due) {
                assertTrue(scout.count(opt(), (int) x[0]) <= Math.min(scout.count(opt(), 0), scout.count(opt(), 2)),
                    "the least-tried option but the model's favourite, draw " + i);
                lo = Math.min(lo, x[1]);
                hi = Math.max(hi, x[1]);
            }
            scout.record(SPACE, x, !due);
            last = due;
        }
        assertEquals(10, scout.count(opt(), 0), "sgd: N draws from the prior, all of them scouts");
        assertEquals(10, scout.count(opt(), 2), "adamw too");
        assertTrue(scout.count(opt(), 1) <= 1 && scout.draws() <= 21, "the model's favourite is not scouted (one"
            + " tie at the start at most, before the model proposed anything): " + scout.draws());
        assertFalse(scout.due(SPACE), "never again");
        assertTrue(lo < Math.log(3e-4) && hi > Math.log(1e-1), "the rate spans its prior, not 1e-3: " + Math.exp(lo)
            + " .. " + Math.exp(hi));
    }

    @Test
    void theModelsOwnDrawsOfAnOptionDoNotCountButItsFavouriteIsNeverScouted() {
        ChoiceScout scout = new ChoiceScout(4);
        Rng rng = Rng.withSeed(8);
        double[] sgdAtAdamsRate = {0, Math.log(1e-3)};
        int sgdScouts = 0;
        int modelDraws = 0;
        for (int i = 0; i < 120; i++) {
            boolean due = scout.due(SPACE);
            double[] x = due ? scout.draw(SPACE, rng) : modelDraws++ % 3 == 2 ? sgdAtAdamsRate : adam();
            sgdScouts += due && x[0] == 0 ? 1 : 0;
            assertFalse(due && modelDraws > 0 && x[0] == 1, "adam, the model's favourite, is not scouted (draw " + i
                + ")");
            scout.record(SPACE, x, !due);
        }
        assertEquals(4, scout.count(opt(), 0), "sgd: 4 draws from the prior, however often the model proposed it");
        assertEquals(4, sgdScouts, "all of them scouts");
        assertFalse(scout.due(SPACE));
    }

    @Test
    void anOptionsScoutsSpreadOverTheOtherParametersPrior() {
        int spread = 0;
        int independent = 0;
        for (int seed = 0; seed < 200; seed++) {
            ChoiceScout scout = new ChoiceScout(5);
            for (int i = 0; i < 9; i++) {
                scout.record(SPACE, new double[] {1 + i % 2, 0}, false); // adam and adamw tried: sgd is scouted
            }
            Rng rng = Rng.withSeed(seed);
            boolean[] fifths = new boolean[5];
            boolean[] drawn = new boolean[5];
            for (int k = 0; k < 5; k++) {
                double[] x = scout.draw(SPACE, rng);
                assertEquals(0, x[0], "sgd each time (the scouts are not recorded)");
                fifths[fifth(x[1])] = true;
                drawn[fifth(Math.log(1e-5) + rng.nextDouble() * Math.log(1e5))] = true;
            }
            for (int f = 0; f < 5; f++) {
                spread += fifths[f] ? 1 : 0;
                independent += drawn[f] ? 1 : 0;
            }
        }
        assertTrue(spread >= 4.2 * 200, "five scouts of an option cover nearly every fifth of the rate's range: "
            + spread / 200.0 + " (independent draws " + independent / 200.0 + ")");
        assertTrue(independent < 3.6 * 200, "independent draws do not: " + independent / 200.0);
    }

    /** The fifth of the rate's log range (1e-5 .. 1) that internal value {@code logRate} lies in. */
    private static int fifth(double logRate) {
        return Math.min(4, (int) Math.floor((logRate - Math.log(1e-5)) / Math.log(1e5) * 5));
    }

    @Test
    void aScoutDrawsEachParameterFromItsPrior() {
        SearchSpace normal = SearchSpace.parse(Json.parse(
            "{\"o\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\"]},"
                + " \"n\": {\"_type\": \"normal\", \"_value\": [3, 2]},"
                + " \"b\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}}"), SearchSpace.ALL_TYPES);
        assertEquals(3, ScoutSpread.fromPrior(normal.parameters().get(1), 0.5), 1e-9, "a normal's median");
        assertEquals(5, ScoutSpread.fromPrior(normal.parameters().get(1), 0.8413447), 1e-4, "one sigma above");
        assertEquals(2, ScoutSpread.fromPrior(normal.parameters().get(2), 0.99), "a numeric choice by its bins");
        assertEquals(0, ScoutSpread.fromPrior(normal.parameters().get(2), 0.0));
        assertEquals(Math.log(1e-5), ScoutSpread.fromPrior(opt1(), 0), 1e-9, "a log range linearly in its log");
    }

    private static ParameterSpec opt1() {
        return SPACE.parameters().get(1);
    }

    @Test
    void anOptionTheModelProposesEnoughIsNeverScouted() {
        ChoiceScout scout = new ChoiceScout(3);
        for (int i = 0; i < 9; i++) {
            scout.record(SPACE, new double[] {i % 3, 0}, false);
        }
        assertFalse(scout.due(SPACE), "each option in 3 configurations already");
        assertEquals(0, scout.draws());
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
    void offOrWithoutANamedChoiceOfTwoOptionsNoScoutIsDueAndNothingIsCounted() {
        ChoiceScout off = new ChoiceScout(0);
        off.record(SPACE, adam(), false);
        assertFalse(off.due(SPACE), "off");
        assertEquals(0, off.count(opt(), 1), "off counts nothing");
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
        ChoiceScout scout = new ChoiceScout(1000);
        Rng rng = Rng.withSeed(9);
        int[] b = new int[2];
        for (int i = 0; i < 100; i++) {
            double[] x = scout.draw(mixed, rng);
            scout.record(mixed, x, false);
            b[(int) x[1]]++;
        }
        assertEquals(50, scout.count(mixed.parameters().get(0), 1), "the named choice is balanced");
        assertEquals(0, scout.count(mixed.parameters().get(1), 0), "a choice among numbers is not counted");
        assertTrue(b[0] > 30 && b[1] > 30, "a choice among numbers is drawn from its prior: " + b[0] + " / " + b[1]);
    }

    @Test
    void aNestedNamedChoiceIsScoutedUnderItsBranchAndTheScoutsStopAtTheirBound() {
        ChoiceScout scout = new ChoiceScout(4);
        Rng rng = Rng.withSeed(11);
        double[] modelsB = {1, Double.NaN}; // the model keeps to branch "b", where "act" is inactive
        for (int i = 0; i < 200; i++) {
            scout.record(NESTED, scout.due(NESTED) ? scout.draw(NESTED, rng) : modelsB, false);
        }
        assertFalse(scout.due(NESTED));
        assertTrue(scout.draws() <= 4 * 5, "at most N times the named options: " + scout.draws());
        ParameterSpec act = NESTED.parameters().get(1);
        assertEquals("act", act.name());
        for (int o = 0; o < 3; o++) {
            assertTrue(scout.count(act, o) >= 1, "the nested choice's option " + o + ": " + scout.count(act, o));
        }
        assertTrue(scout.count(NESTED.parameters().get(0), 0) >= 4, "its branch was taken for it");
    }

    @Test
    void theCountsTravelWithASnapshotAndTheRestoredScoutGoesOnAsTheOriginal() {
        ChoiceScout a = new ChoiceScout(10);
        Rng ra = Rng.withSeed(3);
        for (int i = 0; i < 7; i++) {
            boolean due = a.due(SPACE);
            a.record(SPACE, due ? a.draw(SPACE, ra) : i % 2 == 0 ? adam() : new double[] {0, -3}, !due);
        }
        ChoiceScout b = new ChoiceScout(10);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.toJson())));
        Rng rb = new Rng(ra.state());
        assertEquals(a.draws(), b.draws());
        for (int i = 0; i < 60; i++) {
            boolean due = a.due(SPACE);
            assertEquals(due, b.due(SPACE), "draw " + i);
            double[] x = due ? a.draw(SPACE, ra) : adam();
            double[] y = due ? b.draw(SPACE, rb) : adam();
            assertArrayEquals(x, y, "draw " + i + ": the option and the spread rate");
            a.record(SPACE, x, !due);
            b.record(SPACE, y, !due);
        }
        assertFalse(b.due(SPACE));
        b.restore(null);
        assertEquals(0, b.draws(), "a snapshot without scouts starts from none");
        assertTrue(b.due(SPACE));
    }

    @Test
    void aBrokenSnapshotIsRefusedWithWhatIsWrong() {
        ChoiceScout s = new ChoiceScout(10);
        for (String bad : new String[] {"[]", "{\"last\": false, \"tried\": {}}",
            "{\"draws\": -1, \"last\": false, \"tried\": {}}", "{\"draws\": 2, \"last\": 1, \"tried\": {}}",
            "{\"draws\": 2, \"last\": true, \"tried\": []}",
            "{\"draws\": 2, \"last\": true, \"tried\": {\"opt\": {\"sgd\": -3}}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {\"opt\": {\"sgd\": 1.5}}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {\"opt\": 1}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {}, \"proposed\": {\"opt\": {\"sgd\": -1}}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {}, \"spread\": {\"drawn\": {}}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {}, \"spread\": {\"base\": 1.5, \"drawn\": {}}}",
            "{\"draws\": 2, \"last\": true, \"tried\": {}, \"spread\": {\"base\": 1, \"drawn\": {\"x\": -2}}}"}) {
            String m = assertThrows(IllegalArgumentException.class, () -> s.restore(Json.parse(bad)), bad).getMessage();
            assertTrue(m.contains("choice_scout") || m.contains("draws") || m.contains("base"), bad + ": " + m);
        }
    }

    @Test
    void theScoutsAreOnByDefaultWithFiveDrawsPerOption() {
        assertEquals(5, ChoiceScout.checked(null), "choice_scout absent from the classArgs");
        assertEquals(0, ChoiceScout.checked(0), "0 turns it off");
    }

    @Test
    void aCountOutOfRangeNamesTheKeyAndTheRange() {
        for (int bad : new int[] {-1, 1001}) {
            assertEquals("choice_scout must be an integer between 0 and 1000, got " + bad,
                assertThrows(IllegalArgumentException.class, () -> new ChoiceScout(bad)).getMessage());
        }
    }
}
