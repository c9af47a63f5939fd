package dev.tunerd.tuners.anneal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

/** hyperopt's annealing rules, checked on their own arithmetic. */
class AnnealSamplerTest {
    private static final SearchSpace UNIT = SearchSpace.parse(JsonObject.builder().put("x", JsonObject.builder()
        .put("_type", "uniform").put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build(),
        SearchSpace.ALL_TYPES);

    private static AnnealSampler observedAt(SearchSpace space, double value, int times, long seed) {
        AnnealSampler s = new AnnealSampler(space, new Rng(seed), AnnealSampler.Liar.MIN, AnnealAdditions.NONE);
        for (int i = 0; i < times; i++) {
            s.observe(new double[] {value}, 1.0);
        }
        return s;
    }

    @Test
    void neighbourhoodShrinksAsOneOverOnePlusATenthOfTheObservations() {
        assertEquals(1.0, AnnealSampler.shrink(0));
        assertEquals(0.5, AnnealSampler.shrink(10));
        assertEquals(0.1, AnnealSampler.shrink(90), 1e-15);
    }

    @Test
    void uniformDrawsStayInAWindowOfTheShrunkWidthShiftedInsideTheBounds() {
        AnnealSampler middle = observedAt(UNIT, 0.3, 90, 1);
        AnnealSampler edge = observedAt(UNIT, 0.0, 90, 2);
        double lo = 1;
        double hi = 0;
        for (int i = 0; i < 2000; i++) {
            double x = middle.suggest(List.of())[0];
            assertTrue(x >= 0.25 && x <= 0.35, "x " + x);
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            double y = edge.suggest(List.of())[0];
            assertTrue(y >= 0 && y <= 0.1, "y " + y);
        }
        assertTrue(lo < 0.26 && hi > 0.34, "the whole window is used: " + lo + ".." + hi);
    }

    @Test
    void theDiversityRuleDrawsAgainNearATrialInFlight() {
        // 90 observations at 0.3: the window is 0.1 wide around 0.3; a trial in flight at 0.3 rejects draws closer
        // than 0.3 windows (0.03), which are redrawn up to 50 times
        AnnealAdditions on = new AnnealAdditions(Exploration.NONE, Restarts.NONE, SpreadLimit.NONE,
            new Diversity(0.3, 50));
        AnnealSampler s = new AnnealSampler(UNIT, new Rng(3), AnnealSampler.Liar.NONE, on);
        AnnealSampler plain = new AnnealSampler(UNIT, new Rng(3), AnnealSampler.Liar.NONE, AnnealAdditions.NONE);
        for (int i = 0; i < 90; i++) {
            s.observe(new double[] {0.3}, 1.0);
            plain.observe(new double[] {0.3}, 1.0);
        }
        List<double[]> inFlight = List.of(new double[] {0.3});
        int closeWith = 0;
        int closeWithout = 0;
        for (int i = 0; i < 500; i++) {
            closeWith += Math.abs(s.suggest(inFlight)[0] - 0.3) < 0.03 ? 1 : 0;
            closeWithout += Math.abs(plain.suggest(inFlight)[0] - 0.3) < 0.03 ? 1 : 0;
        }
        // a uniform draw on [0.25, 0.35] falls within 0.03 of 0.3 with probability 0.6
        assertTrue(closeWithout > 250, "without the rule: " + closeWithout);
        assertTrue(closeWith < 10, "with the rule: " + closeWith);
        AnnealSampler fresh = new AnnealSampler(UNIT, new Rng(7), AnnealSampler.Liar.NONE, on);
        AnnealSampler freshPlain = new AnnealSampler(UNIT, new Rng(7), AnnealSampler.Liar.NONE, AnnealAdditions.NONE);
        for (int i = 0; i < 90; i++) {
            fresh.observe(new double[] {0.3}, 1.0);
            freshPlain.observe(new double[] {0.3}, 1.0);
        }
        assertEquals(freshPlain.suggest(List.of())[0], fresh.suggest(List.of())[0], "nothing in flight: hyperopt's");
    }

    @Test
    void exploratorySuggestionsDrawAQuarterOfTheValuesFromTheWholeRangeOnceTwentyTrialsCompleted() {
        AnnealSampler early = new AnnealSampler(UNIT, new Rng(5), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.DEFAULT, Restarts.NONE, SpreadLimit.NONE));
        AnnealSampler late = new AnnealSampler(UNIT, new Rng(6), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.DEFAULT, Restarts.NONE, SpreadLimit.NONE));
        for (int i = 0; i < 90; i++) {
            if (i < 19) {
                early.observe(new double[] {0.3}, 1.0);
            }
            late.observe(new double[] {0.3}, 1.0);
        }
        int outside = 0;
        int n = 4000;
        for (int i = 0; i < n; i++) {
            double e = early.suggest(List.of())[0];
            assertTrue(Math.abs(e - 0.3) <= 0.5 / 2.9 + 1e-12, "19 trials: no exploration yet, " + e);
            double x = late.suggest(List.of())[0];
            assertTrue(x >= 0 && x <= 1, "x " + x);
            outside += x < 0.25 || x > 0.35 ? 1 : 0;
        }
        // explored: uniform over [0, 1], so 90% of them fall outside the shrunk window [0.25, 0.35]
        assertEquals(0.25 * 0.9, outside / (double) n, 0.025);
    }

    @Test
    void choiceKeepsTheChosenTrialsOptionWithProbabilityOneMinusShrinkPlusItsPriorShare() {
        SearchSpace space = SearchSpace.parse(JsonObject.builder().put("c", JsonObject.builder()
            .put("_type", "choice").put("_value", JsonArray.of(JsonString.of("a"), JsonString.of("b"),
                JsonString.of("c"), JsonString.of("d"))).build()).build(), SearchSpace.ALL_TYPES);
        AnnealSampler s = observedAt(space, 2, 90, 3);
        int kept = 0;
        int n = 4000;
        for (int i = 0; i < n; i++) {
            kept += s.suggest(List.of())[0] == 2 ? 1 : 0;
        }
        assertEquals(0.9 + 0.1 / 4, kept / (double) n, 0.015);
    }

    @Test
    void liesForTrialsInFlightAreWithdrawnAfterTheSuggestion() {
        AnnealSampler lied = observedAt(UNIT, 0.3, 20, 4);
        AnnealSampler plain = observedAt(UNIT, 0.3, 20, 4);
        lied.observe(new double[] {0.8}, 0.5);
        plain.observe(new double[] {0.8}, 0.5);
        lied.suggest(List.of(new double[] {0.6}, new double[] {0.1}));
        plain.suggest(List.of());
        for (int i = 0; i < 10; i++) {
            assertArrayEquals(plain.suggest(List.of()), lied.suggest(List.of()));
        }
    }
}
