package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The batch portfolio ({@link BatchPortfolio}): a suggestion is greedy only while too few trials in flight lie near
 * the best observation and the good set lies in one basin, never without trials in flight (sequential draws
 * unchanged), and a greedy suggestion lands next to the best observation.
 */
class BatchPortfolioTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));

    @Test
    void greedyWhileTooFewTrialsInFlightLieNearTheBest() {
        BatchPortfolio rule = new BatchPortfolio(0.25, 1, 0.25, 1, 10, 2, 0, 0);
        double[] best = {0.5, 0.5};
        double[] bandwidths = {0.1, 0.1};
        PendingRows pending = new PendingRows(new boolean[] {false, false});
        pending.add(new double[] {0.1, 0.1});
        assertFalse(rule.greedy(10, pending, best, bandwidths), "one trial in flight: fewer than minInFlight");
        pending.add(new double[] {0.9, 0.2});
        pending.add(new double[] {0.2, 0.8});
        assertTrue(rule.greedy(10, pending, best, bandwidths), "none of 3 near: 0 < 0.25 * 4");
        assertFalse(rule.greedy(9, pending, best, bandwidths), "before 10 observations");
        assertFalse(BatchPortfolio.NONE.greedy(100, pending, best, bandwidths), "off");
        pending.add(new double[] {0.55, 0.5}); // 0.5 bandwidths away: near
        assertEquals(1, pending.countNear(best, bandwidths, 1));
        assertTrue(rule.greedy(10, pending, best, bandwidths), "1 of 4 near: 1 < 0.25 * 5");
        pending.add(new double[] {0.5, 0.42}); // 0.8 bandwidths away: near
        pending.add(new double[] {0.58, 0.58}); // 1.13 bandwidths away: not near
        assertEquals(2, pending.countNear(best, bandwidths, 1));
        assertFalse(rule.greedy(10, pending, best, bandwidths), "2 of 6 near: 2 >= 0.25 * 7");
        // a categorical option that differs is far, whatever the numeric distance
        PendingRows options = new PendingRows(new boolean[] {false, true});
        options.add(new double[] {0.5, 1});
        options.add(new double[] {0.5, 0});
        assertEquals(1, options.countNear(new double[] {0.5, 0}, bandwidths, 1));
        assertThrows(IllegalArgumentException.class, () -> new BatchPortfolio(1.5, 1, 0.25, 1, 0, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new BatchPortfolio(0.5, 0, 0.25, 1, 0, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new BatchPortfolio(0.5, 1, 0.25, 1, 0, 0, 0, 0));
    }

    @Test
    void aSmallBatchStopsItsGreedySlotsAfterSmallUntilObservations() {
        // 4 in flight, none near the best: session 14's rule keeps a greedy slot whatever the observations
        BatchPortfolio always = new BatchPortfolio(0.125, 1, 0.5, 1, 10, 1, 0, 0);
        BatchPortfolio stop = always.withSmallBatches(8, 100, 100, 1);
        double[] best = {0.5, 0.5};
        double[] bandwidths = {0.1, 0.1};
        PendingRows four = new PendingRows(new boolean[] {false, false});
        for (int i = 0; i < 4; i++) {
            four.add(new double[] {0.1 + 0.2 * i, 0.05});
        }
        assertTrue(always.greedy(150, four, best, bandwidths), "main: greedy at 150 observations");
        assertTrue(stop.greedy(99, four, best, bandwidths), "before the stop as before");
        assertFalse(stop.greedy(100, four, best, bandwidths), "a small batch from 100 observations: no greedy slot");
        assertFalse(stop.greedy(150, four, best, bandwidths));
        // a large batch is not small: its greedy slots go on
        PendingRows sixteen = new PendingRows(new boolean[] {false, false});
        for (int i = 0; i < 16; i++) {
            sixteen.add(new double[] {0.05 + 0.05 * i, 0.05});
        }
        assertTrue(stop.greedy(150, sixteen, best, bandwidths), "16 in flight: not a small batch");
        assertEquals(1, stop.odds(150, 16));
        // odds that fade: 0.5 up to 40 observations, 0.25 at 100, 0 from 160; one draw decides in between
        BatchPortfolio fade = always.withSmallBatches(8, 40, 160, 0.5);
        assertEquals(0.5, fade.odds(20, 4), 1e-12);
        assertEquals(0.25, fade.odds(100, 4), 1e-12);
        assertEquals(0, fade.odds(160, 4));
        int taken = 0;
        Rng rng = new Rng(3);
        for (int i = 0; i < 4000; i++) {
            taken += fade.greedy(100, four, best, bandwidths, rng) ? 1 : 0;
        }
        assertEquals(1000, taken, 100, "about a quarter of the draws greedy at 100 observations");
        assertThrows(IllegalArgumentException.class, () -> always.withSmallBatches(8, 100, 99, 1));
        assertThrows(IllegalArgumentException.class, () -> always.withSmallBatches(8, 10, 20, 1.5));
    }

    @Test
    void byDefaultUpToFourInFlightTakeFewerGreedySlotsLateWhileLargerBatchesKeepThem() {
        BatchPortfolio rule = TpeArgs.PORTFOLIO;
        assertEquals(1, rule.odds(20, 4), "early in a run as in session 14");
        assertEquals(0.5, rule.odds(110, 4), 1e-12, "halfway between 20 and 200 observations");
        assertEquals(0, rule.odds(200, 4));
        assertEquals(0, rule.odds(200, 2));
        assertEquals(1, rule.odds(200, 5), "5 in flight is not a small batch");
        assertEquals(1, rule.odds(500, 16));
        double[] best = {0.5, 0.5};
        double[] bandwidths = {0.1, 0.1};
        PendingRows four = new PendingRows(new boolean[] {false, false});
        for (int i = 0; i < 4; i++) {
            four.add(new double[] {0.1 + 0.2 * i, 0.05});
        }
        int taken = 0;
        Rng rng = new Rng(11);
        for (int i = 0; i < 2000; i++) {
            taken += rule.greedy(170, four, best, bandwidths, rng) ? 1 : 0;
        }
        // odds (200 - 170) / 180 = 1/6 at 170 observations; session 14's rule took every one of them
        assertEquals(2000 / 6.0, taken, 60, "greedy suggestions of 4 in flight at 170 observations");
    }

    @Test
    void theGateAdmitsOnlyAGoodSetWithinOneBasin() {
        BatchPortfolio gated = new BatchPortfolio(0.125, 1, 0.5, 1, 10, 1, 0, 6);
        boolean[] numeric = {false, false};
        double[] bandwidths = {0.05, 0.05};
        double[] tight = {0.5, 0.5, 0.6, 0.45, 0.7, 0.52}; // spans 0.2 = 4 bandwidths, 0.07
        double[] wide = {0.5, 0.5, 0.6, 0.45, 0.9, 0.52}; // spans 0.4 = 8 bandwidths in x
        assertTrue(gated.admits(tight, 3, numeric, bandwidths));
        assertFalse(gated.admits(wide, 3, numeric, bandwidths));
        assertTrue(gated.admits(wide, 2, numeric, bandwidths), "the first two rows only");
        BatchPortfolio open = new BatchPortfolio(0.125, 1, 0.5, 1, 10, 1, 0, 0);
        assertTrue(open.admits(wide, 3, numeric, bandwidths), "gate 0: whatever the good set");
        assertEquals(TpeArgs.PORTFOLIO, TpeArgs.defaults().settings().portfolio());
        assertTrue(TpeArgs.PORTFOLIO.share() > 0 && TpeArgs.PORTFOLIO.gate() > 0, "on by default, gated");
        assertThrows(IllegalArgumentException.class, () -> new BatchPortfolio(0.5, 1, 0.25, 1, 0, 1, 0, -1));
    }

    @Test
    void sequentialDrawsAreUnchangedAndGreedySuggestionsLandNextToTheBest() {
        TpeSettings plain = TpeArgs.defaults().settings().withPortfolio(BatchPortfolio.NONE);
        TpeSettings all = plain.withPortfolio(new BatchPortfolio(1, 1, 0.25, 1, 10, 1, 0, 0));
        assertEquals(BatchPortfolio.NONE, TpeArgs.multiFidelitySettings().portfolio(), "BOHB's and ASHA's models");
        UnitSpace space = new UnitSpace(SPECS);
        // nothing in flight: the same draws with and without the rule
        TpeSampler a = new TpeSampler(space, plain, new Rng(5));
        TpeSampler b = new TpeSampler(space, all, new Rng(5));
        for (int t = 0; t < 60; t++) {
            double[] x = a.suggest(List.of());
            double[] y = b.suggest(List.of());
            assertEquals(x[0], y[0]);
            assertEquals(x[1], y[1]);
            a.observe(x, loss(x));
            b.observe(y, loss(y));
        }
        // trials in flight far from the best: with the rule every suggestion refines the best observation
        double with = 0;
        double without = 0;
        for (int seed = 0; seed < 20; seed++) {
            Rng data = new Rng(100 + seed);
            TpeSampler p = new TpeSampler(space, plain, new Rng(seed));
            TpeSampler g = new TpeSampler(space, all, new Rng(seed));
            double[] best = null;
            for (int t = 0; t < 40; t++) {
                double[] x = {data.nextDouble(), data.nextDouble()};
                p.observe(x, loss(x));
                g.observe(x, loss(x));
                best = best == null || loss(x) < loss(best) ? x : best;
            }
            List<double[]> inFlight = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                inFlight.add(new double[] {0.05 + 0.01 * i, 0.95});
            }
            with += distance(g.suggest(inFlight), best);
            without += distance(p.suggest(inFlight), best);
        }
        // 40 observations, 6 good: bandwidth 1 / (1.5 * 6 + 1) = 0.1; a refinement moves a quarter of it per axis
        assertTrue(with / 20 < 0.1, "mean distance from the best with the rule: " + with / 20);
        assertTrue(without > 2 * with, "without: " + without / 20 + ", with: " + with / 20);
    }

    private static double loss(double[] x) {
        return Math.abs(x[0] - 0.3) + Math.abs(x[1] - 0.6);
    }

    private static double distance(double[] a, double[] b) {
        return Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
}
