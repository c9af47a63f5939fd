package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The optimiser's options (issue 16, session 22): a first step scaled to the gradient instead of the unit step, and a
 * stop once the function no longer gains; both off by default, where the runs are those of sessions 10-21.
 */
class BoundedLbfgsTest {
    private static final double[] LOWER = {-10, -10, -10};
    private static final double[] UPPER = {10, 10, 10};
    private static final double[] WEIGHT = {400, 90, 250};
    private static final double[] CENTRE = {0.3, -0.2, 0.5};

    /** A quadratic whose curvature is 90-400 in each coordinate: the unit step along -g leaves the box. */
    private static double quadratic(double[] x, double[] g) {
        double f = 0;
        for (int i = 0; i < x.length; i++) {
            double d = x[i] - CENTRE[i];
            f += 0.5 * WEIGHT[i] * d * d;
            g[i] = WEIGHT[i] * d;
        }
        return f;
    }

    @Test
    void aFirstStepScaledToTheGradientTakesFewerEvaluationsToTheSameMinimum() {
        BoundedLbfgs usual = new BoundedLbfgs(100, 1e-9);
        double[] a = new double[3];
        double fa = usual.minimise(BoundedLbfgsTest::quadratic, a, LOWER, UPPER);
        BoundedLbfgs scaled = new BoundedLbfgs(100, 1e-9, BoundedLbfgs.Steps.USUAL.withFirstStep(1));
        double[] b = new double[3];
        double fb = scaled.minimise(BoundedLbfgsTest::quadratic, b, LOWER, UPPER);
        assertArrayEquals(CENTRE, a, 1e-8);
        assertArrayEquals(CENTRE, b, 1e-8);
        assertEquals(0, fa, 1e-12);
        assertEquals(0, fb, 1e-12);
        assertTrue(scaled.evaluations() < usual.evaluations(), "scaled " + scaled.evaluations() + ", unit "
            + usual.evaluations());
    }

    @Test
    void theUsualStepsAreTheFormerRunBitForBit() {
        // the two-argument constructor and the explicit USUAL steps walk the same points on a curved function
        BoundedLbfgs.Objective rosenbrock = (p, g) -> {
            double a = 1 - p[0];
            double b = p[1] - p[0] * p[0];
            g[0] = -2 * a - 400 * p[0] * b;
            g[1] = 200 * b;
            return a * a + 100 * b * b;
        };
        double[] lo = {-5, -5};
        double[] hi = {5, 5};
        double[] a = {-1.2, 1.0};
        double[] b = {-1.2, 1.0};
        double fa = new BoundedLbfgs(60, 1e-9).minimise(rosenbrock, a, lo, hi);
        double fb = new BoundedLbfgs(60, 1e-9, new BoundedLbfgs.Steps(0, 1e-10, 2)).minimise(rosenbrock, b, lo, hi);
        assertEquals(Double.doubleToLongBits(fa), Double.doubleToLongBits(fb));
        assertArrayEquals(a, b, 0.0);
        // a scaled first step walks elsewhere on it (it is a change of the draws wherever it is used)
        double[] c = {-1.2, 1.0};
        new BoundedLbfgs(60, 1e-9, BoundedLbfgs.Steps.USUAL.withFirstStep(0.5)).minimise(rosenbrock, c, lo, hi);
        assertTrue(c[0] != a[0] || c[1] != a[1], "the scaled step changed nothing");
    }

    @Test
    void aFlatStopEndsARunThatNoLongerGains() {
        // a slowly curving valley: the usual stop (two steps of at most 1e-10) runs on long after the value settles
        BoundedLbfgs.Objective valley = (p, g) -> {
            double s = p[0] * p[0] + 1e-4 * p[1] * p[1] * p[1] * p[1];
            g[0] = 2 * p[0];
            g[1] = 4e-4 * p[1] * p[1] * p[1];
            return 1 + s;
        };
        double[] lo = {-10, -10};
        double[] hi = {10, 10};
        double[] a = {3, 4};
        double[] b = {3, 4};
        BoundedLbfgs usual = new BoundedLbfgs(200, 1e-12);
        BoundedLbfgs flat = new BoundedLbfgs(200, 1e-12, BoundedLbfgs.Steps.USUAL.withFlatStop(1e-4, 2));
        double fa = usual.minimise(valley, a, lo, hi);
        double fb = flat.minimise(valley, b, lo, hi);
        assertTrue(flat.evaluations() < usual.evaluations(), "flat " + flat.evaluations() + ", usual "
            + usual.evaluations());
        assertTrue(fb >= fa && fb - fa < 1e-2, "flat stop at " + fb + ", usual at " + fa);
    }

    /** The quadratic with its gradient deferred, counting the gradients asked for. */
    private static final class DeferredQuadratic implements BoundedLbfgs.Deferred {
        private final double[] last = new double[3];
        int gradients;

        @Override
        public double value(double[] x) {
            System.arraycopy(x, 0, last, 0, 3);
            return quadratic(x, new double[3]);
        }

        @Override
        public void gradient(double[] gradient) {
            gradients++;
            quadratic(last, gradient);
        }
    }

    @Test
    void aDeferredGradientIsAskedForOnlyAtAcceptedPointsAndTheRunIsTheSame() {
        for (BoundedLbfgs.Steps steps : new BoundedLbfgs.Steps[] {BoundedLbfgs.Steps.USUAL,
            BoundedLbfgs.Steps.USUAL.withFirstStep(1)}) {
            double[] a = {-3, 4, 9};
            double[] b = a.clone();
            BoundedLbfgs eager = new BoundedLbfgs(100, 1e-9, steps);
            BoundedLbfgs lazy = new BoundedLbfgs(100, 1e-9, steps);
            double fa = eager.minimise(BoundedLbfgsTest::quadratic, a, LOWER, UPPER);
            DeferredQuadratic f = new DeferredQuadratic();
            double fb = lazy.minimise(f, b, LOWER, UPPER);
            assertEquals(Double.doubleToLongBits(fa), Double.doubleToLongBits(fb));
            assertArrayEquals(a, b, 0.0);
            assertEquals(eager.evaluations(), lazy.evaluations());
            // the unit first step from here leaves the box and backtracks: those trial points need no gradient
            assertTrue(steps.firstStep() == 0 ? f.gradients < lazy.evaluations() : f.gradients <= lazy.evaluations(),
                "gradients " + f.gradients + " of " + lazy.evaluations());
        }
    }

    @Test
    void invalidStepsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new BoundedLbfgs.Steps(-1, 1e-10, 2));
        assertThrows(IllegalArgumentException.class, () -> new BoundedLbfgs.Steps(Double.NaN, 1e-10, 2));
        assertThrows(IllegalArgumentException.class, () -> new BoundedLbfgs.Steps(1, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> new BoundedLbfgs.Steps(1, 1e-10, 0));
    }
}
