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
import org.junit.jupiter.api.Test;

/** With trials in flight the parent trial is chosen more greedily; sequential runs are hyperopt's. */
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

    private static double shareFromTheBest(AnnealSampler s, List<double[]> inFlight, int n) {
        int best = 0;
        for (int i = 0; i < n; i++) {
            best += s.suggest(inFlight)[0] < 0.5 ? 1 : 0;
        }
        return best / (double) n;
    }

    @Test
    void theMeanRankFallsWithTheTrialsInFlightDownToTheBestTrial() {
        assertEquals(2.0, ParentFocus.DEFAULT.meanRank(0));
        assertEquals(1.5, ParentFocus.DEFAULT.meanRank(2), 1e-12);
        assertEquals(1.25, ParentFocus.DEFAULT.meanRank(3), 1e-12);
        assertEquals(1.0, ParentFocus.DEFAULT.meanRank(4));
        assertEquals(1.0, ParentFocus.DEFAULT.meanRank(16));
        assertEquals(2.0, ParentFocus.NONE.meanRank(64));
        assertThrows(IllegalArgumentException.class, () -> new ParentFocus(-0.1));
    }

    @Test
    void withThreeInFlightMostSuggestionsAreDrawnAroundTheBestTrial() {
        List<double[]> inFlight = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            inFlight.add(new double[] {0.5 + 0.01 * k});
        }
        int n = 4000;
        // hyperopt: the best trial is the parent with probability 1 / 2; with the focus 1 / 1.25
        assertEquals(0.5, shareFromTheBest(sampler(ParentFocus.NONE, 1), inFlight, n), 0.03);
        assertEquals(0.8, shareFromTheBest(sampler(ParentFocus.DEFAULT, 1), inFlight, n), 0.03);
        inFlight.add(new double[] {0.6});
        assertEquals(1.0, shareFromTheBest(sampler(ParentFocus.DEFAULT, 2), inFlight, n), 0.001);
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
