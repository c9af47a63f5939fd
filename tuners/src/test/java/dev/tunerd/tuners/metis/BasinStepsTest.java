package dev.tunerd.tuners.metis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.NumericCube;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/** The polish (a pattern search on the model's mean within the best result's box) and the forced far probe. */
class BasinStepsTest {
    private static final NumericCube SQUARE = new NumericCube(NumericCube.parse(Json.parseObject(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"y\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}",
        "space"), Set.of(ParameterType.UNIFORM), "Metis"));

    /** A bowl with its floor at (0.62, 0.35) on a 6 x 6 grid, fitted. */
    private static GpRegression bowl() {
        return fittedOnGrid(6, (a, b) -> (a - 0.62) * (a - 0.62) + 2 * (b - 0.35) * (b - 0.35));
    }

    /** The GP fitted to {@code f} on a k x k grid of the unit square. */
    private static GpRegression fittedOnGrid(int k, DoubleBinaryOperator f) {
        double[][] x = new double[k * k][];
        double[] y = new double[k * k];
        for (int i = 0; i < k * k; i++) {
            double a = (i % k) / (k - 1.0);
            double b = (i / k) / (k - 1.0);
            x[i] = new double[] {a, b};
            y[i] = f.applyAsDouble(a, b);
        }
        GpRegression gp = GpRegression.fit(x, y, MetisSampler.NU, 1e-6, null, Rng.withSeed(4));
        assertNotNull(gp);
        return gp;
    }

    private static double mean(GpRegression gp, double[] u) {
        double[] out = new double[2];
        gp.predict(u, out, null, null);
        return out[0];
    }

    @Test
    void thePolishLowersTheMeanWithinItsBoxAndReachesTheFloorWhenTheBoxHoldsIt() {
        GpRegression gp = bowl();
        double[] best = {0.6, 0.4};
        double[] near = BasinSteps.polish(gp, SQUARE, best, 0.1, 0);
        assertTrue(mean(gp, near) < mean(gp, best), "the polish point's mean is below the best result's");
        assertTrue(Math.abs(near[0] - 0.62) < 0.02 && Math.abs(near[1] - 0.35) < 0.02,
            "the floor inside the box: " + near[0] + ", " + near[1]);
        double[] far = {0.2, 0.8};
        double[] boxed = BasinSteps.polish(gp, SQUARE, far, 0.1, 0);
        assertTrue(Math.abs(boxed[0] - far[0]) <= 0.1 + 1e-12 && Math.abs(boxed[1] - far[1]) <= 0.1 + 1e-12,
            "each coordinate moves at most the radius: " + boxed[0] + ", " + boxed[1]);
        assertTrue(mean(gp, boxed) < mean(gp, far), "and still lowers the mean");
    }

    /**
     * Two wells along x (at 0.15, shallow, and 0.8, deep), one bowl along y (floor at 0.4), on a 9 x 9 grid, fitted:
     * the best result in the shallow well has a better well elsewhere on x, none on y.
     */
    private static GpRegression twoWellsAlongX() {
        return fittedOnGrid(9, (a, b) -> -Math.exp(-Math.pow((a - 0.15) / 0.1, 2))
            - 2 * Math.exp(-Math.pow((a - 0.8) / 0.1, 2)) + 3 * (b - 0.4) * (b - 0.4));
    }

    @Test
    void theSliceTestKeepsACoordinateWhoseBetterWellTheModelSeesElsewhere() {
        GpRegression gp = twoWellsAlongX();
        double[] inShallowWell = {0.15, 0.45};
        boolean[] near = BasinSteps.oneWellNear(gp, inShallowWell, 0.1);
        assertFalse(near[0], "x's lowest mean along its slice is in the other well, 0.65 away");
        assertTrue(near[1], "y's slice is one bowl with its floor within 0.1");
        assertTrue(BasinSteps.oneWellNear(gp, new double[] {0.78, 0.45}, 0.1)[0], "in the deep well: x polished");
    }

    @Test
    void theSlicePolishMovesOnlyTheCoordinatesWithOneWellNear() {
        GpRegression gp = twoWellsAlongX();
        double[] best = {0.18, 0.47};
        MetisSettings.Polish slice = new MetisSettings.Polish(1, 0, 0.1, 0, 0, 0, true, 0);
        double[] u = BasinSteps.polish(gp, SQUARE, best, slice);
        assertEquals(best[0], u[0], 1e-12, "x, whose better well is elsewhere, stays for the far probes");
        assertTrue(Math.abs(u[1] - 0.4) < 0.03, "y reaches its floor: " + u[1]);
        double[] every = BasinSteps.polish(gp, SQUARE, best, new MetisSettings.Polish(1, 0, 0.1, 0, 0));
        assertNotEquals(best[0], every[0], "without the test the polish moves x within its well too");
    }

    @Test
    void theLengthScaleTestKeepsTheCoordinatesTheModelSeesAsRugged() {
        double[] theta = {0, Math.log(0.05), Math.log(0.4), Math.log(1e-4)};
        boolean[] smooth = BasinSteps.smoothAtScale(theta, 0.2);
        assertFalse(smooth[0], "a length scale of 0.05 is rugged at a polish step of 0.2");
        assertTrue(smooth[1], "0.4 is smooth at that scale");
        GpRegression gp = bowl();
        double[] best = {0.6, 0.4};
        double shortest = Math.min(Math.exp(gp.theta()[1]), Math.exp(gp.theta()[2]));
        double[] u = BasinSteps.polish(gp, SQUARE, best,
            new MetisSettings.Polish(1, 0, 0.1, 0, 0, 0, false, 1.01 * shortest / 0.1));
        boolean[] kept = BasinSteps.smoothAtScale(gp.theta(), 1.01 * shortest);
        for (int c = 0; c < 2; c++) {
            if (!kept[c]) {
                assertEquals(best[c], u[c], 1e-12, "the coordinate with the shortest length scale stays: " + c);
            }
        }
    }

    @Test
    void aStallSettingPolishesOnlyWhenTheBestResultIsThatOld() {
        MetisSettings.Polish stalled = new MetisSettings.Polish(1, 0, 0.1, 1, 0, 4, false, 0);
        assertFalse(stalled.at(20, 20, () -> 3), "the best is 3 results old: Metis's own pick");
        assertTrue(stalled.at(20, 20, () -> 4), "4 results without a better one: the polish");
        MetisSettings.Polish always = new MetisSettings.Polish(1, 0, 0.1, 1, 0);
        assertTrue(always.at(20, 20, () -> {
            throw new AssertionError("without a stall setting the best result's age is not looked up");
        }), "session 20's polish takes every turn");
        MetisSampler sampler = new MetisSampler(SQUARE, new MetisClassArgs(null, 1L), MetisSettings.DEFAULT,
            Rng.withSeed(1));
        double[] losses = {3, 1, Double.NaN, 2, 1, 1.5};
        for (double loss : losses) {
            sampler.observe(new double[] {0.5, 0.5}, loss);
        }
        assertEquals(4, sampler.resultsSinceBest(), "the first result with the lowest loss is four results old");
        sampler.observe(new double[] {0.5, 0.5}, 0.5);
        assertEquals(0, sampler.resultsSinceBest(), "a new best resets the count");
    }

    @Test
    void theBoxGateAsksEveryCoordinateToBeWithinTheRadius() {
        double[] best = {0.5, 0.5};
        assertTrue(BasinSteps.inBox(new double[] {0.59, 0.42}, best, 0.1));
        assertFalse(BasinSteps.inBox(new double[] {0.59, 0.62}, best, 0.1), "one coordinate beyond the radius");
        assertTrue(BasinSteps.distance(new double[] {0.59, 0.59}, best) > 0.1 && BasinSteps.inBox(
            new double[] {0.59, 0.59}, best, 0.1), "a box, not a ball: a corner is inside");
        MetisSettings.Polish boxed = new MetisSettings.Polish(1, 0, 0.1, 1, 0, 0, false, 0,
            MetisSettings.Polish.Box.PICK);
        assertTrue(boxed.gated(), "a box gate waits for Metis's own pick");
        assertFalse(new MetisSettings.Polish(1, 0, 0.1, 1, 0).gated(), "session 20's polish does not");
    }

    @Test
    void theFarProbeKeepsItsDistanceFromTheBestResult() {
        GpRegression gp = bowl();
        ModelSearch search = new ModelSearch(gp, SQUARE);
        double[] best = {0.6, 0.4};
        List<double[]> starts = ModelSearch.candidates(SQUARE, List.of(best), 200, Rng.withSeed(9));
        ModelSearch.Found f = BasinSteps.far(search, starts, search.predictAll(starts), best, 0.3, 1.96);
        assertNotNull(f);
        assertTrue(BasinSteps.distance(f.u(), best) >= 0.3, "distance " + BasinSteps.distance(f.u(), best));
        assertNull(BasinSteps.far(search, List.of(best), search.predictAll(List.of(best)), best, 0.3, 1.96),
            "no start that far: no probe");
    }
}
