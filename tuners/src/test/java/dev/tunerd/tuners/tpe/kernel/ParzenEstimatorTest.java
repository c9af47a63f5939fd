package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.tuners.common.Normal;
import java.util.SplittableRandom;
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

    @Test
    void densitiesMatchTheDirectSumAfterRefitsThatGrowTheArrays() {
        boolean[] categorical = {false, true, false};
        int[] categories = {0, 3, 0};
        double[] sigma = {0.07, 0, 0.2};
        ParzenEstimator e = new ParzenEstimator(categorical, categories);
        SplittableRandom random = new SplittableRandom(5);
        for (int count : new int[] {2, 7, 40, 5}) {
            double[] centres = new double[count * 3];
            double[] w = new double[count];
            for (int k = 0; k < count; k++) {
                centres[k * 3] = random.nextDouble();
                centres[k * 3 + 1] = random.nextInt(3);
                centres[k * 3 + 2] = random.nextDouble();
                w[k] = 0.1 + random.nextDouble();
            }
            double a = 0.4;
            e.fit(centres, w, count, 0.8, sigma, a);
            for (int probe = 0; probe < 20; probe++) {
                double[] x = {random.nextDouble(), random.nextInt(3), random.nextDouble()};
                double total = 0.8;
                for (double wk : w) {
                    total += wk;
                }
                double joint = 0.8 / 3;
                double[] marginal = {0.8, 0.8 / 3, 0.8};
                for (int k = 0; k < count; k++) {
                    double[] factor = new double[3];
                    for (int j = 0; j < 3; j++) {
                        double mu = centres[k * 3 + j];
                        factor[j] = categorical[j] ? (mu == x[j] ? 1 + a : a) / (1 + 3 * a)
                            : Math.exp(-0.5 * Math.pow((x[j] - mu) / sigma[j], 2)) / (sigma[j] * Math.sqrt(2 * Math.PI))
                                / (Normal.cdf((1 - mu) / sigma[j]) - Normal.cdf(-mu / sigma[j]));
                        marginal[j] += w[k] * factor[j];
                    }
                    joint += w[k] * factor[0] * factor[1] * factor[2];
                }
                assertEquals(Math.log(joint / total), e.logDensity(x), 1e-6);
                double[] out = new double[3];
                e.logMarginals(x, out, Integer.MAX_VALUE);
                for (int j = 0; j < 3; j++) {
                    assertEquals(Math.log(marginal[j] / total), out[j], 1e-6, "dimension " + j);
                }
            }
        }
    }
}
