package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The local step while trials are in flight ({@link FlightRefine}): it replaces only the numbers it sets, leaves a
 * local step that is off alone, changes no draw without trials in flight, and with trials in flight moves a
 * refinement by its own step.
 */
class FlightRefineTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1),
        Specs.uniform("z", 0, 1));

    private static TpeSettings with(LocalRefine refine, FlightRefine flight) {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), d.independentShare(),
            d.independentAfter(), d.liar(), d.diversity(), ExplorationFloor.NONE, d.independentInFlight(),
            d.goodInFlight(), SecondBasin.NONE, refine, SpreadStartup.NONE, 0, BatchPortfolio.NONE, flight);
    }

    @Test
    void replacesOnlyWhatItSets() {
        LocalRefine base = new LocalRefine(0.3, 30, 0.25, 1, 0.5);
        assertSame(base, FlightRefine.NONE.inFlight(base));
        assertSame(LocalRefine.NONE, new FlightRefine(2, 3, 0.5, -1, 1, 0).inFlight(LocalRefine.NONE));
        assertEquals(new LocalRefine(0.3, 30, 2, 1, 0.5), new FlightRefine(2, 0, -1, -1, 1, 0).inFlight(base));
        assertEquals(new LocalRefine(0.6, 30, 0.25, 3, 0.5), new FlightRefine(0, 3, 0.6, -1, 1, 0).inFlight(base));
        assertEquals(new LocalRefine(0.3, 30, 0.25, 1, 0.2), new FlightRefine(0, 0, -1, 0.2, 1, 0).inFlight(base));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(-1, 0, -1, -1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(1, -1, -1, -1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(1, 0, 1.5, -1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(1, 0, 0.5, 2, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(1, 0, 0.5, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(1, 0, 0.5, 0, 1, -1));
        FlightRefine window = new FlightRefine(0, 0, -1, 0, 8, 100);
        assertTrue(window.applies(8, 99) && window.applies(16, 0));
        assertTrue(!window.applies(7, 50) && !window.applies(0, 50) && !window.applies(16, 100));
        assertTrue(new FlightRefine(0, 0, -1, 0, 1, 0).applies(1, 100000));
        assertEquals(FlightRefine.NONE, TpeArgs.multiFidelitySettings().flightRefine());
        assertEquals(2, TpeArgs.defaults().settings().flightRefine().probes(),
            "the default: at most 2 coordinate moves of the best in flight");
        assertTrue(TpeArgs.defaults().settings().flightRefine().applies(16, 99));
        assertTrue(!TpeArgs.defaults().settings().flightRefine().applies(4, 50), "4 in flight as sequential");
    }

    @Test
    void sequentialDrawsAreTheSameDrawForDraw() {
        LocalRefine base = new LocalRefine(0.5, 20, 0.25, 1, 0.5);
        for (int seed = 0; seed < 5; seed++) {
            TpeSampler plain = new TpeSampler(new UnitSpace(SPECS), with(base, FlightRefine.NONE), new Rng(seed));
            TpeSampler flight = new TpeSampler(new UnitSpace(SPECS), with(base, new FlightRefine(2, 3, 1, 1, 1, 0, 1)),
                new Rng(seed));
            LocalRefineTest.observeRandom(new Rng(500 + seed), 30, plain, flight);
            for (int t = 0; t < 40; t++) {
                double[] a = plain.suggest(List.of());
                double[] b = flight.suggest(List.of());
                assertArrayEquals(a, b);
                double loss = Math.abs(a[0] - 0.2) + Math.abs(a[1] - 0.7) + Math.abs(a[2] - 0.4);
                plain.observe(a, loss);
                flight.observe(b, loss);
            }
        }
    }

    @Test
    void withTrialsInFlightARefinementTakesItsOwnStep() {
        // every suggestion a refinement of the best: a twentieth of a bandwidth sequentially, four bandwidths in
        // flight; a trial in flight far from the best leaves the diversity rule out of it
        LocalRefine base = new LocalRefine(1, 50, 0.05, 1, 0);
        double small = 0;
        double large = 0;
        for (int seed = 0; seed < 20; seed++) {
            TpeSampler plain = new TpeSampler(new UnitSpace(SPECS), with(base, FlightRefine.NONE), new Rng(seed));
            TpeSampler flight = new TpeSampler(new UnitSpace(SPECS), with(base, new FlightRefine(4, 0, -1, -1, 1, 0)),
                new Rng(seed));
            double[] best = LocalRefineTest.observeRandom(new Rng(700 + seed), 60, plain, flight);
            List<double[]> running = List.of(new double[] {0.95, 0.05, 0.95});
            small += distance(plain.suggest(running), best);
            large += distance(flight.suggest(running), best);
        }
        assertTrue(large > 2 * small, "larger steps in flight: " + large + " vs " + small);
    }

    @Test
    void withTrialsInFlightLocalSuggestionsAreRefinementsWhenFlipIsZero() {
        // sequentially every local suggestion is a coordinate move (two of three coordinates exactly the best's); in
        // flight with flip 0 every one is a refinement (every coordinate moved, all next to the best)
        LocalRefine flips = new LocalRefine(1, 50, 0.05, 1, 1);
        FlightRefine refinesInFlight = new FlightRefine(0, 0, -1, 0, 1, 0);
        List<double[]> running = List.of(new double[] {0.95, 0.05, 0.95});
        for (int seed = 0; seed < 20; seed++) {
            TpeSampler s = new TpeSampler(new UnitSpace(SPECS), with(flips, refinesInFlight), new Rng(seed));
            double[] best = LocalRefineTest.observeRandom(new Rng(900 + seed), 60, s);
            double[] sequential = s.suggest(List.of());
            double[] inFlight = s.suggest(running);
            int sameSequential = 0;
            int sameInFlight = 0;
            for (int j = 0; j < 3; j++) {
                sameSequential += sequential[j] == best[j] ? 1 : 0;
                sameInFlight += inFlight[j] == best[j] ? 1 : 0;
                assertTrue(Math.abs(inFlight[j] - best[j]) < 0.02, "a refinement stays next to the best");
            }
            assertEquals(2, sameSequential, "a coordinate move sequentially");
            assertEquals(0, sameInFlight, "a refinement in flight");
        }
    }

    @Test
    void coordinateMovesInFlightAreLimitedAndTakeAnotherCoordinate() {
        // every local suggestion a coordinate move; one trial in flight is a coordinate move of the best along x.
        // With a limit of 1 the suggestion in flight is a refinement (no coordinate equal to the best's); with a
        // limit of 2 it is a coordinate move along y or z (x kept at the best's); without a limit x is redrawn too
        LocalRefine flips = new LocalRefine(1, 50, 0.05, 1, 1);
        int redrawnX = 0;
        for (int seed = 0; seed < 30; seed++) {
            for (int limit = 0; limit <= 2; limit++) {
                TpeSampler s = new TpeSampler(new UnitSpace(SPECS),
                    with(flips, new FlightRefine(0, 0, -1, -1, 1, 0, limit)), new Rng(seed));
                double[] best = LocalRefineTest.observeRandom(new Rng(1100 + seed), 60, s);
                double[] probe = best.clone();
                probe[0] = best[0] > 0.5 ? 0.02 : 0.98;
                double[] x = s.suggest(List.of(probe));
                int same = 0;
                for (int j = 0; j < 3; j++) {
                    same += x[j] == best[j] ? 1 : 0;
                }
                if (limit == 1) {
                    assertEquals(0, same, "the limit reached: a refinement");
                } else {
                    assertEquals(2, same, "a coordinate move");
                }
                if (limit == 2) {
                    assertEquals(best[0], x[0], "x is being moved in flight already");
                } else if (limit == 0) {
                    redrawnX += x[0] != best[0] ? 1 : 0;
                }
            }
        }
        assertTrue(redrawnX > 3, "without a limit x is redrawn as often as the others: " + redrawnX);
        assertThrows(IllegalArgumentException.class, () -> new FlightRefine(0, 0, -1, -1, 1, 0, -1));
        assertEquals(0, new FlightRefine(0, 0, -1, -1, 1, 0).probes());
    }

    private static double distance(double[] x, double[] y) {
        return Math.abs(x[0] - y[0]) + Math.abs(x[1] - y[1]) + Math.abs(x[2] - y[2]);
    }
}
