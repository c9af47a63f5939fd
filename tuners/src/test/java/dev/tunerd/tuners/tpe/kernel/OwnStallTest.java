package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model probe's stall test on the run's own results (issue 16, session 19, {@link ModelProbe#own}): imported
 * results, which TPE did not choose, do not make the probe fire; a run whose own suggestions stop improving still
 * probes; without imports the draws are the ones of the test on every result.
 */
class OwnStallTest {
    private static final List<ParameterSpec> FLAT = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));
    /** Every stalled suggestion the GP's, the floor's patience (30 % of the trials, at least 10), lean. */
    private static final ModelProbe EVERY = new ModelProbe(1, 0.3, 150, 0, true, false);
    private static final ModelProbe EVERY_OWN = new ModelProbe(1, 0.3, 150, 0, true, true);

    private static TpeSampler sampler(ModelProbe probe, long seed) {
        return new TpeSampler(new UnitSpace(FLAT), ModelProbeTest.settings(probe), new Rng(seed));
    }

    private static void importStuckRun(TpeSampler s) {
        for (double[] x : ModelProbeTest.stuckRun()) {
            s.observeImported(x, ModelProbeTest.loss(x));
        }
    }

    /** {@code n} suggestions, each told a loss worse than every one before (the run does not improve). */
    private static void worsening(TpeSampler s, int n) {
        for (int t = 0; t < n; t++) {
            s.observe(s.suggest(List.of()), 10.0 + t);
        }
    }

    @Test
    void theOwnProbeIsTheLeanOneCountingOnlyTheRunsOwnResults() {
        // the default since the end of session 19 (session 18's lean probe counted every result)
        assertTrue(TpeArgs.PROBE.own());
        assertFalse(TpeArgs.PROBE_LEAN.own());
        assertTrue(TpeArgs.PROBE_OWN.own());
        ModelProbe lean = TpeArgs.PROBE_LEAN;
        assertEquals(new ModelProbe(lean.share(), lean.stall(), lean.cap(), lean.kappa(), lean.lean(), true),
            TpeArgs.PROBE_OWN);
    }

    @Test
    void importedResultsDoNotMakeTheProbeFire() {
        TpeSampler own = sampler(EVERY_OWN, 5);
        TpeSampler all = sampler(EVERY, 5);
        importStuckRun(own);
        importStuckRun(all);
        // counting every result, 40 imported ones whose best came first are a stall: the first suggestion probes
        all.suggest(List.of());
        assertEquals(1, all.probeFits());
        assertEquals(40, all.probeModelled());
        // counting its own, the run has not stalled before 10 of its own results have not improved the best
        worsening(own, 9);
        assertEquals(0, own.probeFits());
        assertEquals(0, own.probeModelled());
    }

    @Test
    void aRunWhoseOwnSuggestionsStopImprovingStillProbes() {
        TpeSampler own = sampler(EVERY_OWN, 5);
        importStuckRun(own);
        worsening(own, 10);
        assertEquals(0, own.probeFits());
        // 10 own results without a better loss than the imported best: stalled, the next suggestion is the GP's
        own.suggest(List.of());
        assertEquals(1, own.probeFits());
        assertEquals(50, own.probeModelled());
    }

    @Test
    void anImportedResultThatImprovesTheBestRestartsTheCount() {
        TpeSampler own = sampler(EVERY_OWN, 5);
        for (int t = 0; t < 11; t++) {
            double[] x = own.suggest(List.of());
            own.observe(x, t == 0 ? 1.0 : 100.0 + t);
        }
        // 10 own results since the best: stalled; an imported better result starts the patience again
        own.observeImported(new double[] {0.9, 0.9}, 0.5);
        worsening(own, 10);
        assertEquals(0, own.probeFits());
        own.suggest(List.of());
        assertEquals(1, own.probeFits());
    }

    @Test
    void withoutImportsBothTestsDrawTheSame() {
        // the defaults, with the exploration floor whose stall test the probe shares
        TpeSettings d = TpeArgs.defaults().settings();
        TpeSampler own = new TpeSampler(new UnitSpace(FLAT), d.withProbe(TpeArgs.PROBE_OWN), new Rng(17));
        TpeSampler all = new TpeSampler(new UnitSpace(FLAT), d.withProbe(TpeArgs.PROBE_LEAN), new Rng(17));
        for (int t = 0; t < 80; t++) {
            double[] a = own.suggest(List.of());
            assertArrayEquals(all.suggest(List.of()), a, 0.0);
            // a run that stalls from trial 20 on, so the probe fires in both
            double loss = t < 20 ? 100.0 - t : 200.0 + t;
            own.observe(a, loss);
            all.observe(a, loss);
        }
        assertTrue(own.probeFits() > 0, "the stalled run probed");
        assertEquals(all.probeFits(), own.probeFits());
    }
}
