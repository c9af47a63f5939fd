package dev.tunerd.tuners.anneal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** tunerd's scout chain ({@link Restarts}) and spread limit ({@link SpreadLimit}), checked on their own rules. */
class AnnealAdditionsTest {
    private static final SearchSpace UNIT = SearchSpace.parse(JsonObject.builder().put("x", JsonObject.builder()
        .put("_type", "uniform").put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build(),
        SearchSpace.ALL_TYPES);

    private static AnnealSampler sampler(long seed, Restarts restarts, SpreadLimit spread) {
        return new AnnealSampler(UNIT, new Rng(seed), AnnealSampler.Liar.NONE,
            new AnnealAdditions(Exploration.NONE, restarts, spread));
    }

    @Test
    void spreadLimitCapsHyperoptsWindowAtTheSpreadAndFloorsItAtATenth() {
        SpreadLimit l = SpreadLimit.DEFAULT;
        assertEquals(0.03, l.limit(0.25, 0.03), 1e-15);
        assertEquals(0.25, l.limit(0.25, 0.6), 1e-15);
        assertEquals(0.025, l.limit(0.25, 0.001), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> new SpreadLimit(1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Restarts(0.2, 20, 0, 10));
    }

    @Test
    void onceTheBestTrialsAgreeTheWindowShrinksToTheirSpread() {
        AnnealSampler limited = sampler(1, Restarts.NONE, SpreadLimit.DEFAULT);
        AnnealSampler hyperopt = sampler(1, Restarts.NONE, SpreadLimit.NONE);
        for (int i = 0; i < 30; i++) {
            // the ten best lie in [0.300, 0.336]; twenty worse ones above 0.6
            double x = i < 10 ? 0.30 + 0.004 * i : 0.6 + 0.01 * i;
            double loss = i < 10 ? i : 100 + i;
            limited.observe(new double[] {x}, loss);
            hyperopt.observe(new double[] {x}, loss);
        }
        int hyperoptOutside = 0;
        for (int i = 0; i < 2000; i++) {
            double x = limited.suggest(List.of())[0];
            // centred on a good trial (or, rarely, a worse one above 0.6) in a window 0.036 wide, not 0.25
            assertTrue(x >= 0.282 - 1e-12 && x <= 0.354 + 1e-12 || x > 0.6, "x " + x);
            double y = hyperopt.suggest(List.of())[0];
            hyperoptOutside += (y < 0.282 || y > 0.354) && y < 0.6 ? 1 : 0;
        }
        assertTrue(hyperoptOutside > 500, "hyperopt's window is 0.25 wide: " + hyperoptOutside);
    }

    @Test
    void noScoutWhileTheBestKeepsImproving() {
        Restarts always = new Restarts(1, 20, 50, 10);
        AnnealSampler improving = sampler(2, always, SpreadLimit.NONE);
        AnnealSampler stagnating = sampler(2, always, SpreadLimit.NONE);
        for (int i = 0; i < 30; i++) {
            improving.observe(new double[] {0.3}, 30 - i);
            stagnating.observe(new double[] {0.3}, 1 + i);
        }
        int farStagnating = 0;
        for (int i = 0; i < 2000; i++) {
            double x = improving.suggest(List.of())[0];
            assertTrue(Math.abs(x - 0.3) <= 0.125 + 1e-12, "hyperopt's window of a quarter around 0.3: " + x);
            farStagnating += Math.abs(stagnating.suggest(List.of())[0] - 0.3) > 0.125 ? 1 : 0;
        }
        // stagnating for 29 trials: every suggestion is the scout's, a prior draw (its pool is empty)
        assertEquals(0.75, farStagnating / 2000.0, 0.04);
    }

    @Test
    void theScoutAnnealsOnItsOwnTrialsAndStartsAgainFromThePriorAfterLengthOfThem() {
        int length = 40;
        int nearBeforeRestart = 0;
        int nearAfterRestart = 0;
        int runs = 300;
        for (int seed = 0; seed < runs; seed++) {
            AnnealSampler s = sampler(seed, new Restarts(1, 20, length, 10), SpreadLimit.NONE);
            for (int i = 0; i < 30; i++) {
                s.observe(new double[] {0.3}, 1);
            }
            // the scout's trials are all worse than the main chain's best (0.3), so the run keeps stagnating
            double last = Double.NaN;
            for (int k = 0; k <= length; k++) {
                last = s.suggest(List.of())[0];
                if (k == length - 1) {
                    nearBeforeRestart += Math.abs(last - 0.8) < 0.15 ? 1 : 0;
                }
                if (k < length) {
                    s.observe(new double[] {last}, 5 + Math.abs(last - 0.8));
                }
            }
            nearAfterRestart += Math.abs(last - 0.8) < 0.15 ? 1 : 0;
        }
        // before: annealed towards its own best at 0.8 (the main chain would centre on 0.3); after: a prior draw
        assertTrue(nearBeforeRestart > 0.85 * runs, "scout converged on its own trials: " + nearBeforeRestart);
        assertEquals(0.3, nearAfterRestart / (double) runs, 0.08);
    }

    @Test
    void theTunerRunsTheSamplersAlgorithmThroughJsonScoutIncluded() throws NoMoreTrialsException {
        JsonObject raw = JsonObject.builder()
            .put("a", JsonObject.builder().put("_type", "uniform")
                .put("_value", JsonArray.of(JsonFloat.of(-5), JsonFloat.of(10))).build())
            .put("b", JsonObject.builder().put("_type", "loguniform")
                .put("_value", JsonArray.of(JsonFloat.of(1e-4), JsonFloat.of(1))).build()).build();
        SearchSpace space = SearchSpace.parse(raw, SearchSpace.ALL_TYPES);
        AnnealTuner tuner = new AnnealTuner(AlgorithmContext.standalone(),
            new AnnealClassArgs(OptimizeMode.MINIMIZE, 7L));
        tuner.updateSearchSpace(raw);
        AnnealSampler sampler = new AnnealSampler(space, new Rng(7), AnnealSampler.Liar.NONE, AnnealAdditions.DEFAULT);
        for (long id = 0; id < 150; id++) {
            JsonObject params = (JsonObject) tuner.generateParameters(id);
            double[] x = space.deformat(params);
            double[] direct = sampler.suggest(List.of());
            assertArrayEquals(direct, x, 1e-9, "trial " + id);
            // a bumpy loss with a secondary basin, so the run stagnates and the scout runs
            double loss = Math.min(Math.pow(x[0] - 7, 2), 1 + Math.pow(x[0] + 3, 2)) + Math.abs(x[1] + 4);
            tuner.receiveTrialResult(new TrialResult(id, params, JsonFloat.of(loss), false, Optional.empty()));
            tuner.trialEnd(id, true);
            sampler.observe(direct, loss);
        }
    }
}
