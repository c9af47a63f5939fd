package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first probe's L-BFGS steps (issue 16, session 22): its first fit and its local search may start with a step
 * scaled to the gradient and stop once they no longer gain; the usual steps are the former runs bit for bit, and
 * later probes step as usual whatever the first one did.
 */
class ProbeStepsTest {
    private static final BoundedLbfgs.Steps SCALED = BoundedLbfgs.Steps.USUAL.withFirstStep(2);

    private static GpProbe fed(FirstProbe first, int n) {
        return fed(first, n, 8);
    }

    /** A probe shown {@code n} random points of data set {@code seed}. */
    private static GpProbe fed(FirstProbe first, int n, long seed) {
        GpProbe gp = new GpProbe(FirstFitTest.SPACE, "ei", 0, 150, true, first, new Rng(4));
        for (double[] x : FirstFitTest.points(n, seed)) {
            gp.observe(x, FirstFitTest.loss(x));
        }
        return gp;
    }

    /** The first fits' likelihood evaluations over ten data sets. */
    private static long fitEvaluations(FirstProbe first) {
        long sum = 0;
        for (long seed = 1; seed <= 10; seed++) {
            GpProbe gp = fed(first, 120, seed);
            gp.suggest(List.of());
            sum += gp.fitEvaluations();
        }
        return sum;
    }

    private static FirstProbe first(BoundedLbfgs.Steps fit, BoundedLbfgs.Steps local) {
        return new FirstProbe(GpProbe.FIRST_FIT, 25, new FirstSearch(0, 0, true, local), fit);
    }

    @Test
    void theUsualStepsAreTheFormerProbe() {
        GpProbe before = fed(new FirstProbe(GpProbe.FIRST_FIT, 25, FirstSearch.USUAL), 120);
        GpProbe usual = fed(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL), 120);
        assertArrayEquals(before.suggest(List.of()), usual.suggest(List.of()), 0.0);
        assertEquals(Json.write(before.state()), Json.write(usual.state()));
        assertEquals(before.fitEvaluations(), usual.fitEvaluations());
        assertEquals(before.lastLocalEvaluations(), usual.lastLocalEvaluations());
    }

    @Test
    void aScaledFirstStepFitsWithFewerEvaluations() {
        // over ten data sets: the unit first step leaves the box of the log parameters and backtracks
        long usual = fitEvaluations(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL));
        long scaled = fitEvaluations(first(SCALED, BoundedLbfgs.Steps.USUAL));
        assertTrue(scaled < usual, "scaled " + scaled + ", unit " + usual);
        GpProbe a = fed(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL), 120);
        GpProbe b = fed(first(SCALED, BoundedLbfgs.Steps.USUAL), 120);
        a.suggest(List.of());
        b.suggest(List.of());
        assertNotEquals(Json.write(a.state()), Json.write(b.state()));
    }

    @Test
    void aScaledFirstStepSearchesWithFewerEvaluationsOnlyOnTheFirstProbe() {
        GpProbe usual = fed(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL), 120);
        GpProbe scaled = fed(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL.withFirstStep(0.1)), 120);
        usual.suggest(List.of());
        scaled.suggest(List.of());
        assertTrue(scaled.lastLocalEvaluations() < usual.lastLocalEvaluations(), "scaled "
            + scaled.lastLocalEvaluations() + ", unit " + usual.lastLocalEvaluations());
        // the same fit: only the search stepped otherwise
        assertEquals(Json.write(usual.state()), Json.write(scaled.state()));
        // the second probe (fitted, not the first) searches as the usual one does, from the same model and draws
        for (GpProbe gp : List.of(usual, scaled)) {
            for (double[] x : FirstFitTest.points(130, 8).subList(120, 130)) {
                gp.observe(x, FirstFitTest.loss(x));
            }
        }
        assertArrayEquals(usual.suggest(List.of()), scaled.suggest(List.of()), 0.0);
        assertEquals(usual.lastLocalEvaluations(), scaled.lastLocalEvaluations());
    }

    @Test
    void aFlatStopFitsWithFewerEvaluations() {
        long usual = fitEvaluations(first(BoundedLbfgs.Steps.USUAL, BoundedLbfgs.Steps.USUAL));
        long flat = fitEvaluations(first(BoundedLbfgs.Steps.USUAL.withFlatStop(1e-5, 2), BoundedLbfgs.Steps.USUAL));
        assertTrue(flat < usual, "flat " + flat + ", usual " + usual);
    }
}
