package dev.tunerd.tuners.metis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The additive view of the results: one curve per coordinate, and the better wells it sees along them. */
class CoordinateWellsTest {
    /** Styblinski-Tang's one-coordinate term on [-5, 5] read from the unit range: deep well near 0.21, shallow near 0.78. */
    private static double styblinski(double u) {
        double x = -5 + 10 * u;
        return 0.5 * (x * x * x * x - 16 * x * x + 5 * x);
    }

    /**
     * A separable 4-D sum of Styblinski-Tang terms sampled as Metis's results gather: a few spread points, then many
     * near a best result whose first coordinate sits in the shallow well.
     */
    private static double[][] gathered(double[] best, int spread, int near, Rng rng) {
        double[][] x = new double[spread + near][];
        for (int i = 0; i < x.length; i++) {
            double[] u = new double[best.length];
            for (int c = 0; c < u.length; c++) {
                u[c] = i < spread ? rng.nextDouble()
                    : Math.min(1, Math.max(0, best[c] + 0.08 * (rng.nextDouble() * 2 - 1)));
            }
            x[i] = u;
        }
        return x;
    }

    private static double[] losses(double[][] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            for (double u : x[i]) {
                y[i] += styblinski(u);
            }
        }
        return y;
    }

    @Test
    void theCurvesSeeTheDeepWellAlongTheCoordinateWhoseBestValueSitsInTheShallowOne() {
        double[] best = {0.78, 0.21, 0.21, 0.21};
        double[][] x = gathered(best, 20, 30, Rng.withSeed(3));
        double[] y = losses(x);
        List<CoordinateWells.Move> moves = CoordinateWells.fit(x, y, 0.05).farWells(best, 0.2, 0.5);
        assertEquals(1, moves.size(), "one coordinate has a better well away from the best value: " + moves);
        assertEquals(0, moves.get(0).coordinate());
        assertTrue(Math.abs(moves.get(0).to() - 0.21) < 0.08, "the deep well: " + moves.get(0).to());
        assertTrue(moves.get(0).drop() > 0, "the curve drops from the best value to the well");
    }

    @Test
    void aBestResultInEveryDeepWellHasNoFartherWell() {
        double[] best = {0.21, 0.21, 0.21, 0.21};
        double[][] x = gathered(best, 20, 30, Rng.withSeed(5));
        assertTrue(CoordinateWells.fit(x, losses(x), 0.05).farWells(best, 0.2, 0.5).isEmpty());
    }

    @Test
    void theViewPredictsHeldOutResultsOfASumOfOneCoordinateTermsAndNotOfAProduct() {
        double[] best = {0.78, 0.21, 0.21, 0.21};
        double[][] x = gathered(best, 20, 30, Rng.withSeed(7));
        CoordinateWells separable = CoordinateWells.fit(x, losses(x), 0.05);
        assertNotNull(separable);
        assertTrue(separable.explained() > 0.9, "a sum of quartic terms: " + separable.explained());
        double[] coupled = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            coupled[i] = Math.sin(9 * x[i][0] * x[i][1]) * Math.cos(7 * x[i][2] * x[i][3]);
        }
        CoordinateWells product = CoordinateWells.fit(x, coupled, 0.05);
        assertNotNull(product);
        assertTrue(product.explained() < 0.5, "coordinates that act together: " + product.explained());
    }

    @Test
    void theBetterHalfIsPredictedForASumOfOneCoordinateTermsAndNotNearAValleyAcrossCoordinates() {
        double[] best = {0.78, 0.21, 0.21, 0.21};
        double[][] x = gathered(best, 20, 30, Rng.withSeed(11));
        CoordinateWells separable = CoordinateWells.fit(x, losses(x), 0.05);
        assertTrue(separable.explainedBest() > 0.9, "a sum of quartic terms: " + separable.explainedBest());
        double[] valley = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            // Rosenbrock's 2-D term, its floor along x1 = x0^2, on [-2, 2]: steep walls the curves fit from afar
            double a = -2 + 4 * x[i][0];
            double b = -2 + 4 * x[i][1];
            valley[i] = 100 * (b - a * a) * (b - a * a) + (1 - a) * (1 - a);
        }
        CoordinateWells coupled = CoordinateWells.fit(x, valley, 0.05);
        assertTrue(coupled.explainedBest() < 0.5, "near the valley's floor: " + coupled.explainedBest()
            + " (all results: " + coupled.explained() + ")");
    }

    @Test
    void aCurveIsNotReadWhereNoResultLies() {
        double[][] x = {{0.1, 0.5}, {0.12, 0.4}, {0.15, 0.6}, {0.2, 0.45}};
        double[] y = {1, 0.5, 2, 0.2};
        CoordinateWells wells = CoordinateWells.fit(x, y, 0.02);
        assertNotNull(wells);
        assertTrue(Double.isNaN(wells.curve(0, 0.9)), "no result near 0.9 along the first coordinate");
        assertTrue(Double.isFinite(wells.curve(0, 0.12)));
    }
}
