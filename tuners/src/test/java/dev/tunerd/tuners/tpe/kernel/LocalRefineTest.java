package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * TPE's local step ({@link LocalRefine}): a coordinate move changes exactly one numeric coordinate of one of the best
 * observations, a refinement stays within a few steps of one, nothing is drawn before the step applies, and through
 * the sampler a local suggestion starts from the best observation.
 */
class LocalRefineTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1),
        Specs.uniform("z", 0, 1));

    private static TpeSettings with(LocalRefine refine) {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), d.independentShare(),
            d.independentAfter(), d.liar(), d.diversity(), ExplorationFloor.NONE, d.independentInFlight(),
            d.goodInFlight(), SecondBasin.NONE, refine);
    }

    /** Shows {@code n} uniform points with an L1 loss to every sampler; the best of them (also FlightRefineTest's). */
    static double[] observeRandom(Rng data, int n, TpeSampler... samplers) {
        double[] best = null;
        double bestLoss = Double.POSITIVE_INFINITY;
        for (int t = 0; t < n; t++) {
            double[] x = {data.nextDouble(), data.nextDouble(), data.nextDouble()};
            double loss = Math.abs(x[0] - 0.2) + Math.abs(x[1] - 0.7) + Math.abs(x[2] - 0.4);
            for (TpeSampler s : samplers) {
                s.observe(x, loss);
            }
            if (loss < bestLoss) {
                bestLoss = loss;
                best = x;
            }
        }
        return best;
    }

    @Test
    void drawsNothingWhenOffOrTooEarly() {
        Rng rng = new Rng(7);
        long state = rng.state();
        assertEquals(LocalRefine.Move.NONE, LocalRefine.NONE.draw(500, 3, rng));
        LocalRefine step = new LocalRefine(1, 40, 0.25, 1, 0.5);
        assertEquals(LocalRefine.Move.NONE, step.draw(39, 3, rng));
        assertEquals(state, rng.state());
        int flips = 0;
        for (int i = 0; i < 2000; i++) {
            LocalRefine.Move m = step.draw(40, 3, rng);
            assertTrue(new LocalRefine(1, 0, 0.25, 1, 1).draw(40, 0, rng) == LocalRefine.Move.REFINE);
            assertTrue(m != LocalRefine.Move.NONE);
            flips += m == LocalRefine.Move.FLIP ? 1 : 0;
        }
        assertTrue(flips > 850 && flips < 1150, "about half are coordinate moves: " + flips);
        assertThrows(IllegalArgumentException.class, () -> new LocalRefine(1.5, 0, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new LocalRefine(0.5, 0, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new LocalRefine(0.5, 0, 1, 1, -0.1));
    }

    @Test
    void aCoordinateMoveChangesOneNumericCoordinateOfATopRowAndKeepsTheOption() {
        // rows: (x, option, y); the two best are rows 2 and 0
        double[] coords = {0.1, 1, 0.2, 0.9, 0, 0.8, 0.5, 2, 0.4};
        int[] ranked = {2, 0};
        boolean[] categorical = {false, true, false};
        double[] bandwidths = {0.05, 0.05, 0.05};
        LocalRefine step = new LocalRefine(1, 0, 0.25, 2, 1);
        Rng rng = new Rng(3);
        double[] out = new double[3];
        int[] changedDim = new int[3];
        for (int i = 0; i < 400; i++) {
            step.candidate(LocalRefine.Move.FLIP, rng, coords, ranked, 2, categorical, bandwidths, null, out);
            int start = out[1] == 2 ? 2 : 0;
            assertTrue(out[1] == 2 || out[1] == 1, "the option of a top row: " + out[1]);
            int changed = 0;
            for (int j = 0; j < 3; j++) {
                if (out[j] != coords[start * 3 + j]) {
                    changed++;
                    changedDim[j]++;
                }
            }
            assertTrue(changed <= 1, "one coordinate redrawn");
        }
        assertEquals(0, changedDim[1]);
        assertTrue(changedDim[0] > 150 && changedDim[2] > 150, "both numeric coordinates get moved");
    }

    @Test
    void aRefinementStaysWithinAFewStepsOfATopRow() {
        double[] coords = {0.3, 0.7, 0.6, 0.1};
        int[] ranked = {1};
        boolean[] categorical = {false, false};
        double[] bandwidths = {0.08, 0.02};
        LocalRefine step = new LocalRefine(1, 0, 0.25, 1, 0);
        Rng rng = new Rng(11);
        double[] out = new double[2];
        double far = 0;
        for (int i = 0; i < 1000; i++) {
            step.candidate(LocalRefine.Move.REFINE, rng, coords, ranked, 1, categorical, bandwidths, null, out);
            far = Math.max(far, Math.max(Math.abs(out[0] - 0.6) / 0.02, Math.abs(out[1] - 0.1) / 0.005));
        }
        assertTrue(far > 2 && far < 6, "steps of a quarter bandwidth, in step units: " + far);
    }

    @Test
    void throughTheSamplerALocalSuggestionStartsFromTheBestObservation() {
        int n = 60;
        for (int seed = 0; seed < 20; seed++) {
            TpeSampler flips = new TpeSampler(new UnitSpace(SPECS), with(new LocalRefine(1, 50, 0.25, 1, 1)),
                new Rng(seed));
            TpeSampler refines = new TpeSampler(new UnitSpace(SPECS), with(new LocalRefine(1, 50, 0.05, 1, 0)),
                new Rng(seed));
            double[] best = observeRandom(new Rng(100 + seed), n, flips, refines);
            double[] f = flips.suggest(List.of());
            int same = 0;
            for (int j = 0; j < 3; j++) {
                same += f[j] == best[j] ? 1 : 0;
            }
            assertEquals(2, same, "a coordinate move keeps all but one coordinate of the best observation");
            double[] r = refines.suggest(List.of());
            for (int j = 0; j < 3; j++) {
                assertTrue(Math.abs(r[j] - best[j]) < 0.02, "a refinement stays next to the best: " + r[j] + " vs "
                    + best[j]);
            }
        }
    }

    @Test
    void aLocalSuggestionNextToATrialInFlightGivesWayToAnOrdinaryOne() {
        // refinements a twentieth of a bandwidth around the best, which is itself in flight: every candidate is
        // within half a bandwidth of it (the diversity rule), so an ordinary suggestion is made instead
        int far = 0;
        for (int seed = 0; seed < 20; seed++) {
            TpeSampler s = new TpeSampler(new UnitSpace(SPECS), with(new LocalRefine(1, 50, 0.05, 1, 0)),
                new Rng(seed));
            double[] best = observeRandom(new Rng(300 + seed), 60, s);
            double[] r = s.suggest(List.of(best.clone()));
            double d = 0;
            for (int j = 0; j < 3; j++) {
                d = Math.max(d, Math.abs(r[j] - best[j]));
            }
            far += d > 0.02 ? 1 : 0;
        }
        assertEquals(20, far, "suggestions away from the best, which is in flight");
    }
}
