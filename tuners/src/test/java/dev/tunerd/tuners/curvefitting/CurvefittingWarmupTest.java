package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.tunerd.tuners.common.Rng;

/** The warm-up swallows its failures, so samples that stopped reaching the sampler would only make it useless. */
class CurvefittingWarmupTest {

    @Test
    void samplesRunTheWholeJudgementIncludingTheSamplingOnMostCurves() {
        int predicted = 0;
        for (int i = 0; i < CurvefittingWarmup.JUDGEMENTS; i++) {
            double[] curve = CurvefittingWarmup.sample(i);
            assertTrue(curve.length >= 6 && curve.length <= 19, "length " + curve.length);
            predicted += new CurveEnsemble(20, curve).predict(Rng.withSeed(i)).isPresent() ? 1 : 0;
        }
        assertTrue(predicted >= CurvefittingWarmup.JUDGEMENTS / 2, "predicted on " + predicted);
    }

    @Test
    void startsOneThreadPerJvmAtMost() throws InterruptedException {
        CurvefittingWarmup.startOnce();
        assertFalse(CurvefittingWarmup.startOnce(), "a second assessor does not start another warm-up");
    }
}
