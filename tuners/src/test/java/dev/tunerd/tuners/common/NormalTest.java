package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The normal distribution helpers against reference values (scipy.stats.norm) and the JDK's exp. */
class NormalTest {

    @Test
    void cdfMatchesReferenceValues() {
        assertEquals(0.5, Normal.cdf(0), 1e-7);
        assertEquals(0.8413447460685429, Normal.cdf(1), 1.5e-7);
        assertEquals(0.022750131948179195, Normal.cdf(-2), 1.5e-7);
        assertEquals(0.9999997133484281, Normal.cdf(5), 1.5e-7);
    }

    @Test
    void inverseCdfMatchesReferenceValuesAndInvertsTheCdf() {
        assertEquals(1.959963984540054, Normal.inverseCdf(0.975), 1e-8);
        assertEquals(-2.3263478740408408, Normal.inverseCdf(0.01), 1e-8);
        assertEquals(-4.753424308822899, Normal.inverseCdf(1e-6), 1e-7);
        for (double x = -4; x <= 4; x += 0.25) {
            assertEquals(x, Normal.inverseCdf(Normal.cdf(x)), 2e-5 * Math.exp(x * x / 2));
        }
    }

    @Test
    void fastExpIsWithinOneInAHundredMillionOfTheJdks() {
        for (double x = -700; x <= 0; x += 0.0137) {
            double exact = Math.exp(x);
            assertTrue(Math.abs(Normal.expNonPositive(x) - exact) <= 1e-8 * exact, "exp(" + x + ")");
        }
        assertEquals(1.0, Normal.expNonPositive(0), 1e-15);
    }

    @Test
    void rngStateRoundTripsAndGeometricHasTheRightMean() {
        Rng a = new Rng(42);
        a.nextDouble();
        Rng b = new Rng(a.state());
        assertEquals(a.nextLong(), b.nextLong());
        double sum = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            sum += a.nextGeometricFailures(0.5);
        }
        assertEquals(1.0, sum / n, 0.02);
    }
}
