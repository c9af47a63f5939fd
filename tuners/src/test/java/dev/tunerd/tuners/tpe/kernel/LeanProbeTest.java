package dev.tunerd.tuners.tpe.kernel;

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
 * The model probe's lazy GP (issue 16, session 18; with the default probe): a run that never stalls does no GP work
 * at all, and a stalled one hands its observations to the GP only when the probe fires; the lean variant
 * ({@link TpeArgs#PROBE_LEAN}) still probes where a stuck run has not looked.
 */
class LeanProbeTest {
    private static final List<ParameterSpec> FLAT = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));

    @Test
    void theLeanProbeIsTheTriedOneWithTheLeanGp() {
        ModelProbe tried = TpeArgs.PROBE_TRIED;
        ModelProbe lean = TpeArgs.PROBE_LEAN;
        assertTrue(lean.lean());
        assertFalse(tried.lean());
        assertEquals(new ModelProbe(tried.share(), tried.stall(), tried.cap(), tried.kappa(), true), lean);
    }

    @Test
    void theLeanProbeStillGoesWhereTheStuckRunHasNotLooked() {
        UnitSpace space = new UnitSpace(FLAT);
        TpeSampler probed = new TpeSampler(space, ModelProbeTest.settings(new ModelProbe(1, 0.3, 150, 5, true)),
            new Rng(7));
        ModelProbeTest.feed(probed, ModelProbeTest.stuckRun());
        int far = 0;
        for (int i = 0; i < 6; i++) {
            double[] x = probed.suggest(List.of());
            far += x[0] > 0.5 ? 1 : 0;
        }
        // every suggestion of the stalled run was the GP's; one fit (the first), the data did not grow
        assertTrue(far >= 3, "probe suggestions in the unexplored half: " + far);
        assertEquals(1, probed.probeFits());
        assertEquals(40, probed.probeModelled());
    }

    @Test
    void aRunThatNeverStallsDoesNoGpWork() {
        TpeSampler sampler = new TpeSampler(new UnitSpace(FLAT), TpeArgs.defaults().settings(), new Rng(5));
        assertTrue(sampler.probes());
        for (int t = 0; t < 300; t++) {
            double[] x = sampler.suggest(List.of());
            // every trial a new best
            sampler.observe(x, 1000.0 - t);
        }
        assertEquals(0, sampler.probeModelled());
        assertEquals(0, sampler.probeFits());
    }

    @Test
    void aStalledRunHandsItsObservationsToTheGpWhenTheProbeFires() {
        TpeSampler sampler = new TpeSampler(new UnitSpace(FLAT), TpeArgs.defaults().settings(), new Rng(9));
        int t = 0;
        // the first trial stays the best: stalled from trial 10 on, so about a quarter of the suggestions probe
        while (sampler.probeFits() == 0 && t < 400) {
            double[] x = sampler.suggest(List.of());
            assertEquals(t, sampler.observed());
            sampler.observe(x, t == 0 ? 0.0 : 1.0 + x[0] + x[1]);
            t++;
        }
        assertTrue(t < 100, "the probe fired after " + t + " trials");
        // the probe that fitted saw every observation before it
        assertEquals(t - 1, sampler.probeModelled());
        assertEquals(1, sampler.probeFits());
    }
}
