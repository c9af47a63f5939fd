package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TPE's start-up spread while trials are in flight ({@link SpreadStartup}): the farthest candidate on the torus is
 * taken, a differing option counts as its set distance, a sequential run draws as without the rule, and a batch of
 * start-up suggestions is spread wider than independent draws.
 */
class SpreadStartupTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));

    private static TpeSettings with(SpreadStartup spread) {
        return TpeArgs.defaults().settings().withSpread(spread);
    }

    /** A prior that hands out the given points in turn. */
    private static java.util.function.Consumer<double[]> fixed(double[]... points) {
        Iterator<double[]> it = List.of(points).iterator();
        return c -> System.arraycopy(it.next(), 0, c, 0, c.length);
    }

    @Test
    void takesTheFarthestCandidateOnTheTorus() {
        SpreadStartup spread = new SpreadStartup(3, 0, 0.25);
        boolean[] numeric = {false, false};
        PendingRows pending = new PendingRows(numeric);
        pending.add(new double[] {0.05, 0.5});
        double[] observed = {0.5, 0.9};
        double[] out = new double[2];
        // squared distances to the nearest row: (0.95, 0.5) 0.01 on the torus (0.3625 in the cube, where it would be
        // the farthest), (0.55, 0.45) 0.205, (0.3, 0.1) 0.08
        spread.draw(fixed(new double[] {0.95, 0.5}, new double[] {0.55, 0.45}, new double[] {0.3, 0.1}),
            new double[2], out, pending, observed, 1, numeric);
        assertArrayEquals(new double[] {0.55, 0.45}, out, 1e-12);
        assertEquals(0.01, spread.distance2(new double[] {0.95, 0.5}, new double[] {0.05, 0.5}, 0, numeric), 1e-12);
    }

    @Test
    void aDifferentOptionAddsTheCategoryDistance() {
        boolean[] kinds = {false, true};
        SpreadStartup spread = new SpreadStartup(2, 0, 0.25);
        assertEquals(0.25 + 0.04, spread.distance2(new double[] {0.3, 1}, new double[] {0.1, 2}, 0, kinds), 1e-12);
        assertEquals(0.04, spread.distance2(new double[] {0.3, 1}, new double[] {0.1, 1}, 0, kinds), 1e-12);
        PendingRows pending = new PendingRows(kinds);
        pending.add(new double[] {0.5, 0});
        double[] out = new double[2];
        // same option 0.4 away (0.16) against another option 0.1 away (0.25 + 0.01)
        spread.draw(fixed(new double[] {0.9, 0}, new double[] {0.6, 1}), new double[2], out, pending, new double[0], 0,
            kinds);
        assertArrayEquals(new double[] {0.6, 1}, out, 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new SpreadStartup(-1, 0, 0.25));
        assertThrows(IllegalArgumentException.class, () -> new SpreadStartup(16, -1, 0.25));
        assertThrows(IllegalArgumentException.class, () -> new SpreadStartup(16, 0, -1));
    }

    @Test
    void onlyWithTrialsInFlight() {
        SpreadStartup spread = new SpreadStartup(16, 3, 0.25);
        assertFalse(spread.spreads(0));
        assertTrue(spread.spreads(1));
        assertFalse(new SpreadStartup(1, 0, 0.25).spreads(5), "one candidate is a plain draw");
        assertEquals(5, spread.startup(5, 0));
        assertEquals(3, spread.startup(5, 4));
        assertEquals(5, new SpreadStartup(16, 0, 0.25).startup(5, 4));
        assertEquals(SpreadStartup.NONE, TpeArgs.multiFidelitySettings().spread(), "BOHB's and ASHA's TPE models");
        assertFalse(SpreadStartup.NONE.spreads(16));
    }

    @Test
    void sequentialDrawsAreUnchanged() {
        UnitSpace space = new UnitSpace(SPECS);
        TpeSampler plain = new TpeSampler(space, with(SpreadStartup.NONE), new Rng(11));
        TpeSampler spread = new TpeSampler(space, with(new SpreadStartup(16, 2, 0.25)), new Rng(11));
        for (int t = 0; t < 30; t++) {
            double[] a = plain.suggest(List.of());
            double[] b = spread.suggest(List.of());
            assertArrayEquals(a, b, 0.0, "suggestion " + t);
            double loss = Math.abs(a[0] - 0.3) + Math.abs(a[1] - 0.6);
            plain.observe(a, loss);
            spread.observe(b, loss);
        }
    }

    /** The smallest torus distance between two of a first batch of 16 start-up suggestions, over 50 runs. */
    private static double meanClosestPair(SpreadStartup rule) {
        double sum = 0;
        for (int seed = 0; seed < 50; seed++) {
            TpeSampler sampler = new TpeSampler(new UnitSpace(SPECS), with(rule), new Rng(seed));
            List<double[]> running = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                running.add(sampler.suggest(running));
            }
            double closest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 16; i++) {
                for (int j = 0; j < i; j++) {
                    closest = Math.min(closest, rule.distance2(running.get(i), running.get(j), 0,
                        new boolean[] {false, false}));
                }
            }
            sum += Math.sqrt(closest);
        }
        return sum / 50;
    }

    @Test
    void aFirstBatchIsSpreadWiderThanIndependentDraws() {
        double plain = meanClosestPair(new SpreadStartup(1, 0, 0.25));
        double spread = meanClosestPair(new SpreadStartup(16, 0, 0.25));
        // 16 uniform points in the unit square: the closest pair is ~0.05 apart; the spread batch is much farther
        assertTrue(spread > 2 * plain, "closest pair " + spread + " against " + plain);
    }
}
