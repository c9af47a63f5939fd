package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import java.util.ArrayList;
import java.util.List;
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

    /** {@code n} tried configurations with option {@code option} and a rate of 1e-3 (internal: log). */
    private static List<double[]> tried(int option, int n, List<double[]> into) {
        for (int i = 0; i < n; i++) {
            into.add(new double[] {option, Math.log(1e-3)});
        }
        return into;
    }

    @Test
    void aScoutTakesTheLeastTriedOptionWithTheOtherParametersFromTheirPrior() {
        List<double[]> tried = tried(2, 3, tried(0, 1, tried(1, 9, new ArrayList<>())));
        Rng rng = Rng.withSeed(5);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 300; i++) {
            double[] x = ChoiceScout.draw(SPACE, tried, rng);
            assertEquals(0, x[0], "sgd was tried least (1 against 9 and 3)");
            lo = Math.min(lo, x[1]);
            hi = Math.max(hi, x[1]);
        }
        assertTrue(lo < Math.log(1e-4) && hi > Math.log(1e-1), "the rate spans its prior, not the tried 1e-3: "
            + Math.exp(lo) + " .. " + Math.exp(hi));
    }

    @Test
    void tiesAreBrokenAtRandomAndAnOptionNeverTriedComesFirst() {
        List<double[]> tried = tried(2, 5, tried(1, 2, tried(0, 2, new ArrayList<>())));
        Rng rng = Rng.withSeed(6);
        int[] seen = new int[3];
        for (int i = 0; i < 200; i++) {
            seen[(int) ChoiceScout.draw(SPACE, tried, rng)[0]]++;
        }
        assertEquals(0, seen[2], "the most tried option is never scouted");
        assertTrue(seen[0] > 60 && seen[1] > 60, "both tied options are scouted: " + seen[0] + " / " + seen[1]);
        assertEquals(1, ChoiceScout.draw(SPACE, tried(0, 4, tried(2, 1, new ArrayList<>())), rng)[0],
            "an option no configuration has tried");
    }

    @Test
    void noRandomNumberIsDrawnWhenOffOrWithoutANamedChoiceOfTwoOptions() {
        Rng a = Rng.withSeed(7);
        Rng b = Rng.withSeed(7);
        assertFalse(new ChoiceScout(0).scouts(SPACE, a), "off");
        assertFalse(new ChoiceScout(1).scouts(NUMERIC, a), "a one-option choice and a choice among numbers");
        assertEquals(b.state(), a.state(), "the generator did not move: runs without scouting are those of before");
    }

    @Test
    void aChoiceWithOneOptionThatIsNotANumberIsNamed() {
        SearchSpace mixed = SearchSpace.parse(Json.parse(
            "{\"m\": {\"_type\": \"choice\", \"_value\": [1, \"auto\"]},"
                + " \"b\": {\"_type\": \"choice\", \"_value\": [1, 2]}}"),
            SearchSpace.ALL_TYPES);
        assertTrue(ChoiceScout.isNamedChoice(mixed.parameters().get(0)));
        assertFalse(ChoiceScout.isNamedChoice(mixed.parameters().get(1)));
        List<double[]> tried = List.of(new double[] {0, 0}, new double[] {0, 1});
        Rng rng = Rng.withSeed(9);
        int[] b = new int[2];
        for (int i = 0; i < 100; i++) {
            double[] x = ChoiceScout.draw(mixed, tried, rng);
            assertEquals(1, x[0], "the named choice's least-tried option");
            b[(int) x[1]]++;
        }
        assertTrue(b[0] > 20 && b[1] > 20, "a choice among numbers is drawn from its prior: " + b[0] + " / " + b[1]);
    }

    @Test
    void theShareIsTheProbabilityOfAScout() {
        ChoiceScout scout = new ChoiceScout(0.25);
        Rng rng = Rng.withSeed(8);
        int n = 0;
        for (int i = 0; i < 4000; i++) {
            n += scout.scouts(SPACE, rng) ? 1 : 0;
        }
        assertTrue(n > 880 && n < 1120, "about a quarter: " + n);
        assertTrue(new ChoiceScout(1).scouts(SPACE, rng), "share 1: always");
    }

    @Test
    void aShareOutOfRangeNamesTheKeyAndTheRange() {
        for (double bad : new double[] {-0.1, 1.5, Double.NaN}) {
            assertEquals("choice_scout must be between 0 and 1, got " + bad,
                assertThrows(IllegalArgumentException.class, () -> new ChoiceScout(bad)).getMessage());
        }
    }
}
