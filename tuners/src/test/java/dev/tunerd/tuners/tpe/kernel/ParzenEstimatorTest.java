package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The estimator's arithmetic on cases small enough to compute by hand. */
class ParzenEstimatorTest {
    /** 1 / (0.1 * sqrt(2 pi)): the peak of a normal kernel of width 0.1. */
    private static final double PEAK = 3.989422804014327;

    private static ParzenEstimator numeric1d(double mu, double sigma, double weight, double prior) {
        ParzenEstimator e = new ParzenEstimator(new boolean[] {false}, new int[] {0});
        e.fit(new double[] {mu}, new double[] {weight}, 1, prior, new double[] {sigma}, 0);
        return e;
    }

    @Test
    void oneCentralComponentAndThePriorShareTheMassByWeight() {
        ParzenEstimator e = numeric1d(0.5, 0.1, 1.0, 1.0);
        // Phi(5) - Phi(-5) = 0.9999994266968562: the kernel loses almost nothing outside [0, 1]
        double expected = 0.5 * 1.0 + 0.5 * PEAK / 0.9999994266968562;
        assertEquals(Math.log(expected), e.logDensity(new double[] {0.5}), 1e-6);
        double atEdge = 0.5 + 0.5 * PEAK * Math.exp(-0.5 * 25) / 0.9999994266968562;
        assertEquals(Math.log(atEdge), e.logDensity(new double[] {1.0}), 1e-6);
    }

    @Test
    void aComponentOnTheBoundaryIsRenormalisedForItsHalfInside() {
        ParzenEstimator e = numeric1d(0.0, 0.1, 3.0, 1.0);
        double expected = 0.25 * 1.0 + 0.75 * PEAK / 0.5;
        assertEquals(Math.log(expected), e.logDensity(new double[] {0.0}), 1e-6);
    }

    @Test
    void categoricalKernelPutsTheSmoothedMassOnTheObservedOption() {
        ParzenEstimator e = new ParzenEstimator(new boolean[] {true}, new int[] {3});
        e.fit(new double[] {1}, new double[] {1.0}, 1, 1.0, new double[] {0}, 0.5);
        // prior 1/3 each; component (1 + 0.5) / (1 + 1.5) = 0.6 on option 1, 0.5 / 2.5 = 0.2 elsewhere
        assertEquals(Math.log(0.5 / 3 + 0.5 * 0.6), e.logDensity(new double[] {1}), 1e-8);
        assertEquals(Math.log(0.5 / 3 + 0.5 * 0.2), e.logDensity(new double[] {0}), 1e-8);
        assertEquals(Math.log(0.5 / 3 + 0.5 * 0.2), e.logDensity(new double[] {2}), 1e-8);
    }

    @Test
    void productKernelMultipliesNumericAndCategoricalFactors() {
        ParzenEstimator e = new ParzenEstimator(new boolean[] {false, true}, new int[] {0, 2});
        e.fit(new double[] {0.5, 0, 0.2, 1}, new double[] {1.0, 1.0}, 2, 2.0, new double[] {0.1, 0}, 1.0);
        // weights 2 (prior) : 1 : 1; categorical kernel (1 + 1) / (1 + 2) = 2/3 on the observed option, 1/3 else
        double z1 = 0.9999994266968562;
        double z2 = 0.9772498680518208 - 0.0; // Phi(8) - Phi(-2) = 1 - 0.0227501319481792
        double c1 = PEAK / z1 * (2.0 / 3);
        double c2 = PEAK * Math.exp(-0.5 * 9) / z2 * (1.0 / 3);
        double expected = 0.5 * (1.0 * 0.5) + 0.25 * c1 + 0.25 * c2;
        assertEquals(Math.log(expected), e.logDensity(new double[] {0.5, 0}), 1e-6);
    }

    @Test
    void numericDensityIntegratesToOneOverTheUnitInterval() {
        ParzenEstimator e = new ParzenEstimator(new boolean[] {false}, new int[] {0});
        e.fit(new double[] {0.05, 0.5, 0.97}, new double[] {1, 0.3, 2}, 3, 0.7, new double[] {0.08}, 0);
        int steps = 20000;
        double sum = 0;
        for (int i = 0; i < steps; i++) {
            sum += Math.exp(e.logDensity(new double[] {(i + 0.5) / steps})) / steps;
        }
        assertEquals(1.0, sum, 1e-4);
    }
}
