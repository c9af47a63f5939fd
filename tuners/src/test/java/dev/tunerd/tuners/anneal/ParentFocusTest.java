package dev.tunerd.tuners.anneal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * With trials in flight each parameter draws its own parent (by default) or the one parent is chosen more greedily
 * (the first pass's rule); sequential runs are hyperopt's either way.
 */
class ParentFocusTest {
    private static final SearchSpace UNIT = SearchSpace.parse(JsonObject.builder().put("x", JsonObject.builder()
        .put("_type", "uniform").put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build(),
        SearchSpace.ALL_TYPES);

    private static AnnealSampler sampler(ParentFocus focus, long seed) {
        AnnealSampler s = new AnnealSampler(UNIT, new Rng(seed), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.NONE, Restarts.NONE, SpreadLimit.NONE, Diversity.NONE, focus));
        // the best trial alone at 0.1, 89 worse ones at 0.9: the window is 0.1 wide, so a draw below 0.5 has the
        // best trial as its parent
        s.observe(new double[] {0.1}, 0.0);
        for (int i = 0; i < 89; i++) {
            s.observe(new double[] {0.9}, 1.0 + i);
        }
        return s;
    }

    /** Share of {@code n} suggestions of {@code s} (with {@code inFlight} in flight) that {@code hit} accepts. */
    private static double share(AnnealSampler s, List<double[]> inFlight, int n, Predicate<double[]> hit) {
        int hits = 0;
        for (int i = 0; i < n; i++) {
            hits += hit.test(s.suggest(inFlight)) ? 1 : 0;
        }
        return hits / (double) n;
    }

    private static double shareFromTheBest(AnnealSampler s, List<double[]> inFlight, int n) {
        return share(s, inFlight, n, x -> x[0] < 0.5);
    }

    @Test
    void theMeanRankFallsWithTheTrialsInFlightDownToTheBestTrial() {
        assertEquals(2.0, ParentFocus.GREEDY.meanRank(0));
        assertEquals(1.5, ParentFocus.GREEDY.meanRank(2), 1e-12);
        assertEquals(1.25, ParentFocus.GREEDY.meanRank(3), 1e-12);
        assertEquals(1.0, ParentFocus.GREEDY.meanRank(4));
        assertEquals(1.0, ParentFocus.GREEDY.meanRank(16));
        assertEquals(2.0, ParentFocus.NONE.meanRank(64));
        assertEquals(2.0, ParentFocus.DEFAULT.meanRank(0));
        assertEquals(1.0, ParentFocus.DEFAULT.meanRank(7));
        assertEquals(1.25, ParentFocus.DEFAULT.meanRank(8));
        assertEquals(1.25, ParentFocus.DEFAULT.meanRank(16));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(-0.1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(0.25, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(0.25, 1.25, 0));
    }

    @Test
    void withThreeInFlightMostSuggestionsAreDrawnAroundTheBestTrial() {
        List<double[]> inFlight = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            inFlight.add(new double[] {0.5 + 0.01 * k});
        }
        int n = 4000;
        // hyperopt: the best trial is the parent with probability 1 / 2; with the greedy focus 1 / 1.25 (the default
        // too: three in flight are too few to recombine); recombining from 1 in flight (one parameter here) with
        // mean rank 1.5: 1 / 1.5
        assertEquals(0.5, shareFromTheBest(sampler(ParentFocus.NONE, 1), inFlight, n), 0.03);
        assertEquals(0.8, shareFromTheBest(sampler(ParentFocus.GREEDY, 1), inFlight, n), 0.03);
        assertEquals(0.8, shareFromTheBest(sampler(ParentFocus.DEFAULT, 1), inFlight, n), 0.03);
        assertEquals(2 / 3.0, shareFromTheBest(sampler(new ParentFocus(0.25, 1.5, 1), 1), inFlight, n), 0.03);
        inFlight.add(new double[] {0.6});
        assertEquals(1.0, shareFromTheBest(sampler(ParentFocus.GREEDY, 2), inFlight, n), 0.001);
    }

    private static final SearchSpace SQUARE = SearchSpace.parse(JsonObject.builder()
        .put("x", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build())
        .put("y", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build(), SearchSpace.ALL_TYPES);

    /**
     * Share of {@code n} suggestions that take x from the best trial (0.1, 0.1) and y from the runner-up (0.9, 0.9)
     * or the other way round; 88 worse trials sit at (0.5, 0.5) and the window is about 0.1 wide.
     */
    private static double mixedShare(ParentFocus focus, List<double[]> inFlight, int n) {
        AnnealSampler s = new AnnealSampler(SQUARE, new Rng(5), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.NONE, Restarts.NONE, SpreadLimit.NONE, Diversity.NONE, focus));
        s.observe(new double[] {0.1, 0.1}, 0.0);
        s.observe(new double[] {0.9, 0.9}, 1.0);
        for (int i = 0; i < 88; i++) {
            s.observe(new double[] {0.5, 0.5}, 2.0 + i);
        }
        return share(s, inFlight, n, x -> (x[0] < 0.3 && x[1] > 0.7) || (x[0] > 0.7 && x[1] < 0.3));
    }

    /** Eight points in flight on the square, (x + 0.01 k, y). */
    private static List<double[]> eightInFlight(double x, double y) {
        List<double[]> inFlight = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            inFlight.add(new double[] {x + 0.01 * k, y});
        }
        return inFlight;
    }

    @Test
    void withTrialsInFlightEachParameterDrawsItsOwnParent() {
        List<double[]> inFlight = eightInFlight(0.3, 0.7);
        int n = 4000;
        // each parameter: the best trial with probability 1 / 1.25 = 0.8, the runner-up 0.16; mixed 2 (0.8)(0.16)
        assertEquals(0.256, mixedShare(RECOMBINE_ONLY, inFlight, n), 0.035);
        // by default the run here has stalled, so 30% of the suggestions are drawn around the runner-up (0.9, 0.9),
        // which lies outside the best trial's window: never mixed
        assertEquals(0.7 * 0.256, mixedShare(ParentFocus.DEFAULT, inFlight, n), 0.035);
        // one parent per suggestion: never mixed, in flight or not, nor with fewer than 8 in flight
        assertEquals(0.0, mixedShare(ParentFocus.GREEDY, inFlight, n));
        assertEquals(0.0, mixedShare(ParentFocus.DEFAULT, List.of(), n));
        assertEquals(0.0, mixedShare(ParentFocus.DEFAULT, inFlight.subList(0, 7), n));
    }

    private static final ParentFocus RECOMBINE_ONLY = new ParentFocus(0.25, 1.25, 8);

    /**
     * Share of {@code n} suggestions near (0.9, 0.9): the best trial is at (0.1, 0.1), five runners-up inside its
     * window (about 0.1 wide), the sixth best at (0.9, 0.9) and 83 worse trials at (0.1, 0.1); when {@code improve},
     * the last observation is a new best at (0.1, 0.1).
     */
    private static double awayShare(ParentFocus focus, List<double[]> inFlight, boolean improve, int n) {
        AnnealSampler s = new AnnealSampler(SQUARE, new Rng(11), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.NONE, Restarts.NONE, SpreadLimit.NONE, Diversity.NONE, focus));
        s.observe(new double[] {0.1, 0.1}, 0.0);
        for (int i = 0; i < 5; i++) {
            s.observe(new double[] {0.11 + 0.005 * i, 0.09 + 0.005 * i}, 0.1 + 0.1 * i);
        }
        s.observe(new double[] {0.9, 0.9}, 1.0);
        for (int i = 0; i < (improve ? 82 : 83); i++) {
            s.observe(new double[] {0.1, 0.1}, 2.0 + i);
        }
        if (improve) {
            s.observe(new double[] {0.1, 0.1}, -1.0);
        }
        return share(s, inFlight, n, x -> x[0] > 0.7 && x[1] > 0.7);
    }

    @Test
    void aStalledRunWithManyInFlightDrawsAShareAroundTheBestTrialElsewhere() {
        List<double[]> inFlight = eightInFlight(0.1, 0.1);
        int n = 4000;
        assertEquals(0.3, awayShare(ParentFocus.DEFAULT, inFlight, false, n), 0.03);
        assertEquals(0.6, awayShare(new ParentFocus(0.25, 1.25, 8, 0.6, 10), inFlight, false, n), 0.03);
        // the recombined draws reach the sixth best with probability 0.2^6 per parameter
        assertEquals(0.0, awayShare(RECOMBINE_ONLY, inFlight, false, n), 0.002);
        // not stalled (a new best just came), fewer than 8 in flight, or nothing in flight (hyperopt: rank 6
        // exactly with probability 2^-7 = 0.008)
        assertEquals(0.0, awayShare(ParentFocus.DEFAULT, inFlight, true, n), 0.002);
        assertEquals(0.0, awayShare(ParentFocus.DEFAULT, inFlight.subList(0, 7), false, n), 0.002);
        assertEquals(0.008, awayShare(ParentFocus.DEFAULT, List.of(), false, n), 0.006);
    }

    @Test
    void theShareElsewhereIsValidated() {
        assertEquals(0.3, ParentFocus.DEFAULT.elsewhereShare());
        assertEquals(10, ParentFocus.DEFAULT.elsewherePatience());
        assertEquals(0.0, ParentFocus.GREEDY.elsewhereShare());
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(0.25, 1.25, 8, 1.1, 10));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(0.25, 1.25, 8, -0.1, 10));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(0.25, 1.25, 8, 0.3, -1));
    }

    @Test
    void nothingInFlightDrawsExactlyAsHyperopt() {
        AnnealSampler focused = sampler(ParentFocus.DEFAULT, 9);
        AnnealSampler plain = sampler(ParentFocus.NONE, 9);
        for (int i = 0; i < 200; i++) {
            assertArrayEquals(plain.suggest(List.of()), focused.suggest(List.of()));
        }
    }
}
