package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.FirstProbe;
import dev.tunerd.tuners.gp.FirstSearch;
import dev.tunerd.tuners.gp.GpProbe;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model probe (issue 16, session 17): while a run has stalled, its suggestions include the GP's acquisition
 * maximiser; otherwise, and on spaces that are not one numeric group, TPE draws exactly as without it.
 */
class ModelProbeTest {
    private static final List<ParameterSpec> FLAT = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));
    /** The GP's every suggestion while stalled: the patience is 30% of the trials, the floor is off. */
    private static final ModelProbe ALWAYS = new ModelProbe(1, 0.3, 150, 5);

    static TpeSettings settings(ModelProbe probe) {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), d.independentShare(),
            d.independentAfter(), d.liar(), d.diversity(), ExplorationFloor.NONE, d.independentInFlight(),
            d.goodInFlight(), d.basin(), d.refine(), d.spread(), d.inFlightBad(), d.portfolio(), d.flightRefine(),
            probe);
    }

    /**
     * A run stuck in the left half of the square: its best (at 0.2, 0.5) came first, then 39 worse points with x
     * below 0.45, so the best has not moved for 39 of 40 trials.
     */
    static List<double[]> stuckRun() {
        Rng data = new Rng(4242);
        List<double[]> rows = new ArrayList<>();
        rows.add(new double[] {0.2, 0.5});
        for (int t = 1; t < 40; t++) {
            rows.add(new double[] {0.45 * data.nextDouble(), data.nextDouble()});
        }
        return rows;
    }

    static double loss(double[] x) {
        return Math.hypot(x[0] - 0.2, x[1] - 0.5);
    }

    static void feed(TpeSampler s, List<double[]> rows) {
        for (double[] x : rows) {
            s.observe(x, loss(x));
        }
    }

    @Test
    void aStalledRunSuggestsTheGpsAcquisitionMaximiserAwayFromWhereItHasLooked() {
        UnitSpace space = new UnitSpace(FLAT);
        TpeSampler probed = new TpeSampler(space, settings(ALWAYS), new Rng(7));
        TpeSampler plain = new TpeSampler(space, settings(ModelProbe.NONE), new Rng(7));
        feed(probed, stuckRun());
        feed(plain, stuckRun());
        // the same GP with the same observations and the generator past the probe's coin
        Rng twin = new Rng(7);
        twin.nextDouble();
        GpProbe gp = new GpProbe(space, "ucb", 5, 150, false, twin);
        for (double[] x : stuckRun()) {
            gp.observe(x, loss(x));
        }
        double[] suggestion = probed.suggest(List.of());
        assertArrayEquals(gp.suggest(List.of()), suggestion, 0.0);
        int farProbed = 0;
        int farPlain = 0;
        for (int i = 0; i < 6; i++) {
            farProbed += probed.suggest(List.of())[0] > 0.5 ? 1 : 0;
            farPlain += plain.suggest(List.of())[0] > 0.5 ? 1 : 0;
        }
        // the GP goes where the run has not been (x above 0.5); TPE's density ratio stays by the best
        assertTrue(farProbed >= 3, "probe suggestions in the unexplored half: " + farProbed);
        assertEquals(0, farPlain);
    }

    @Test
    void whileTheBestKeepsImprovingTheDrawsAreTpesOwn() {
        UnitSpace space = new UnitSpace(FLAT);
        TpeSampler probed = new TpeSampler(space, settings(ALWAYS), new Rng(11));
        TpeSampler plain = new TpeSampler(space, settings(ModelProbe.NONE), new Rng(11));
        for (int t = 0; t < 30; t++) {
            double[] a = probed.suggest(List.of());
            double[] b = plain.suggest(List.of());
            assertArrayEquals(b, a, 0.0);
            // every trial a new best: never stalled
            probed.observe(a, 100.0 - t);
            plain.observe(b, 100.0 - t);
        }
        assertTrue(probed.probes());
    }

    @Test
    void aConditionalOrCategoricalSpaceNeverUsesTheProbe() {
        List<ParameterSpec> conditional = List.of(Specs.choice("branch", 2, -1, -1),
            Specs.nestedUniform("a", 0, 1, 0, 0), Specs.nestedUniform("b", 0, 1, 0, 1));
        List<ParameterSpec> categorical = List.of(Specs.uniform("x", 0, 1), Specs.choice("c", 3, -1, -1));
        assertFalse(TpeSampler.flatNumeric(new UnitSpace(conditional)));
        assertFalse(TpeSampler.flatNumeric(new UnitSpace(categorical)));
        assertTrue(TpeSampler.flatNumeric(new UnitSpace(FLAT)));
        for (List<ParameterSpec> specs : List.of(conditional, categorical)) {
            UnitSpace space = new UnitSpace(specs);
            TpeSampler probed = new TpeSampler(space, settings(ALWAYS), new Rng(3));
            TpeSampler plain = new TpeSampler(space, settings(ModelProbe.NONE), new Rng(3));
            assertFalse(probed.probes());
            for (int t = 0; t < 40; t++) {
                double[] a = probed.suggest(List.of());
                assertArrayEquals(plain.suggest(List.of()), a, 0.0);
                // the first trial is the best: stalled from trial 10 on
                probed.observe(a, t == 0 ? 0.0 : 1.0 + t);
                plain.observe(a, t == 0 ? 0.0 : 1.0 + t);
            }
        }
    }

    @Test
    void aReplayedSamplerWithTheProbesStateContinuesIdentically() {
        UnitSpace space = new UnitSpace(FLAT);
        Rng rng = new Rng(21);
        TpeSampler original = new TpeSampler(space, settings(ALWAYS), rng);
        List<double[]> seen = new ArrayList<>(stuckRun());
        feed(original, seen);
        for (int t = 0; t < 5; t++) {
            double[] x = original.suggest(List.of());
            original.observe(x, loss(x) + 1);
            seen.add(x);
        }
        JsonValue state = Json.parse(Json.write(original.state()));
        assertTrue(((JsonObject) state).find("probe").isPresent());
        TpeSampler replayed = new TpeSampler(space, settings(ALWAYS), new Rng(rng.state()));
        for (double[] x : seen) {
            replayed.observe(x, seen.indexOf(x) < 40 ? loss(x) : loss(x) + 1);
        }
        replayed.restoreState(state);
        TpeSampler unrestored = new TpeSampler(space, settings(ALWAYS), new Rng(rng.state()));
        for (double[] x : seen) {
            unrestored.observe(x, seen.indexOf(x) < 40 ? loss(x) : loss(x) + 1);
        }
        double[] next = original.suggest(List.of());
        assertArrayEquals(next, replayed.suggest(List.of()), 0.0);
        // without the fitted hyper-parameters the GP would be refitted from scratch and suggest elsewhere
        assertNotEquals(next[0], unrestored.suggest(List.of())[0]);
    }

    @Test
    void invalidSettingsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ModelProbe(1.5, 0, 150, 0));
        assertThrows(IllegalArgumentException.class, () -> new ModelProbe(0.3, 0, 5, 0));
        assertThrows(IllegalArgumentException.class, () -> new ModelProbe(0.3, -1, 150, 0));
        assertThrows(IllegalArgumentException.class, () -> new ModelProbe(0.3, 0, 150, 0, true, true, -1));
        assertThrows(IllegalArgumentException.class, () -> TpeArgs.PROBE.withFirstFit(1001));
        assertEquals(0, TpeArgs.PROBE.withFirstFit(0).firstFit());
        assertEquals(TpeArgs.PROBE.own(), TpeArgs.PROBE.withFirstFit(0).own());
        assertThrows(IllegalArgumentException.class, () -> TpeArgs.PROBE.withFirstRows(1));
        assertThrows(IllegalArgumentException.class, () -> TpeArgs.PROBE.withFirstRows(1001));
        assertEquals(GpProbe.FIRST_ROWS, TpeArgs.PROBE_OWN.firstRows());
        assertEquals(TpeArgs.PROBE_OWN, TpeArgs.PROBE_FEW_ROWS.withFirstRows(GpProbe.FIRST_ROWS));
        assertEquals(TpeArgs.PROBE.withFirstFit(0), TpeArgs.PROBE.withFirstRows(12).withFirstFit(0)
            .withFirstRows(TpeArgs.PROBE.firstRows()));
        assertThrows(IllegalArgumentException.class, () -> TpeArgs.PROBE.withFirstSearch(null));
        FirstSearch cut = new FirstSearch(50, 64, true);
        assertEquals(cut, TpeArgs.PROBE.withFirstSearch(cut).first());
        assertEquals(TpeArgs.PROBE.firstRows(), TpeArgs.PROBE.withFirstSearch(cut).firstRows());
        assertEquals(cut, TpeArgs.PROBE.withFirstSearch(cut).withFirstRows(12).withFirstFit(0).first());
        assertEquals(FirstSearch.USUAL, TpeArgs.PROBE_OWN.first());
        // the cheaper first probe is measured but off: the default's first probe models as later ones (and searches
        // from the same candidates, its local search's first step scaled since session 22)
        assertEquals(0, TpeArgs.PROBE.first().rows());
        assertEquals(0, TpeArgs.PROBE.first().candidates());
        assertTrue(TpeArgs.PROBE.first().local());
        assertEquals(new FirstSearch(50, 128, true), TpeArgs.PROBE_SMALL_FIRST.first());
        assertEquals(TpeArgs.PROBE_FEW_ROWS, TpeArgs.PROBE_SMALL_FIRST.withFirstSearch(FirstSearch.USUAL));
        assertEquals("ei", new ModelProbe(0.3, 0, 150, 0).utility());
        assertEquals("ucb", new ModelProbe(0.3, 0, 150, 2).utility());
    }

    @Test
    void theFirstProbesSettingsReachTheGpAsOneRecord() {
        FirstSearch cut = new FirstSearch(50, 64, true);
        assertEquals(new FirstProbe(7, 12, cut), TpeArgs.PROBE.withFirstFit(7).withFirstRows(12).withFirstSearch(cut)
            .firstProbe());
        assertEquals(new FirstProbe(GpProbe.FIRST_FIT, 25, FirstSearch.USUAL), TpeArgs.PROBE_FEW_ROWS.firstProbe());
        assertEquals(new FirstProbe(GpProbe.FIRST_FIT, 25, TpeArgs.PROBE_SCALED_SEARCH.first()),
            TpeArgs.PROBE.firstProbe());
        assertEquals(FirstProbe.USUAL, TpeArgs.PROBE_OWN.firstProbe());
        assertThrows(IllegalArgumentException.class, () -> new FirstProbe(-1, 25, FirstSearch.USUAL));
        assertThrows(IllegalArgumentException.class, () -> new FirstProbe(40, 1, FirstSearch.USUAL));
        assertThrows(IllegalArgumentException.class, () -> new FirstProbe(40, 25, null));
    }

    @Test
    void theFirstProbesStepsReachTheGpAndOnlyTheLocalSearchsFirstStepIsScaledByDefault() {
        // session 22: the first fit's steps are those of every other fit (a scaled step or a flat stop measured, off);
        // the first probe's local search starts with a step of at most 0.1 (PROBE_SCALED_SEARCH, the default)
        assertEquals(BoundedLbfgs.Steps.USUAL, TpeArgs.PROBE.fitSteps());
        assertEquals(BoundedLbfgs.Steps.USUAL.withFirstStep(0.1), TpeArgs.PROBE.first().localSteps());
        assertEquals(BoundedLbfgs.Steps.USUAL, TpeArgs.PROBE.firstProbe().fitSteps());
        assertEquals(TpeArgs.PROBE_SCALED_SEARCH, TpeArgs.PROBE);
        assertEquals(BoundedLbfgs.Steps.USUAL, TpeArgs.PROBE_FEW_ROWS.first().localSteps());
        BoundedLbfgs.Steps scaled = BoundedLbfgs.Steps.USUAL.withFirstStep(2);
        ModelProbe stepped = TpeArgs.PROBE.withFitSteps(scaled);
        assertEquals(new FirstProbe(GpProbe.FIRST_FIT, 25, TpeArgs.PROBE.first(), scaled), stepped.firstProbe());
        // the other first-probe settings keep the steps, and the steps keep them
        assertEquals(scaled, stepped.withFirstRows(12).withFirstFit(7).withFirstSearch(FirstSearch.USUAL).fitSteps());
        assertEquals(TpeArgs.PROBE, stepped.withFitSteps(BoundedLbfgs.Steps.USUAL));
        assertThrows(IllegalArgumentException.class, () -> TpeArgs.PROBE.withFitSteps(null));
        assertThrows(IllegalArgumentException.class, () -> new FirstSearch(0, 0, true, null));
        // the scaled first step of the first probe's local search is session 20's probe otherwise
        assertEquals(TpeArgs.PROBE_FEW_ROWS, TpeArgs.PROBE_SCALED_SEARCH.withFirstSearch(FirstSearch.USUAL));
    }
}
