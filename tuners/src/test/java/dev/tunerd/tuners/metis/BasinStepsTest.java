package dev.tunerd.tuners.metis;

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
import org.junit.jupiter.api.Test;

/** The polish (a pattern search on the model's mean within the best result's box) and the forced far probe. */
class BasinStepsTest {
    private static final NumericCube SQUARE = new NumericCube(NumericCube.parse(Json.parseObject(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"y\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}",
        "space"), Set.of(ParameterType.UNIFORM), "Metis"));

    /** A bowl with its floor at (0.62, 0.35) on a 6 x 6 grid, fitted. */
    private static GpRegression bowl() {
        double[][] x = new double[36][];
        double[] y = new double[36];
        for (int i = 0; i < 36; i++) {
            double a = (i % 6) / 5.0;
            double b = (i / 6) / 5.0;
            x[i] = new double[] {a, b};
            y[i] = (a - 0.62) * (a - 0.62) + 2 * (b - 0.35) * (b - 0.35);
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
