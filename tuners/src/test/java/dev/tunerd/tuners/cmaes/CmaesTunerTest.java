package dev.tunerd.tuners.cmaes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** CMA-ES: the update converges on a smooth bowl, IPOP restarts a stagnating search, classArgs are checked. */
class CmaesTunerTest {
    /** Two uniform parameters on [0, 1]: unit coordinates are the parameters' own values. */
    private static final SearchSpace SQUARE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "s"),
        SearchSpace.ALL_TYPES);

    @Test
    void theDistributionConvergesOnAnEllipsoid() {
        CmaDistribution d = new CmaDistribution(new double[] {0.2, 0.8, 0.5, 0.1}, 1.0 / 6, 8);
        Rng rng = new Rng(4);
        double[] target = {0.6, 0.3, 0.45, 0.7};
        double best = Double.POSITIVE_INFINITY;
        for (int g = 0; g < 150; g++) {
            double[][] pts = new double[8][];
            double[] losses = new double[8];
            for (int k = 0; k < 8; k++) {
                pts[k] = d.sample(rng);
                for (int i = 0; i < 4; i++) {
                    losses[k] += Math.pow(10, i) * Math.pow(pts[k][i] - target[i], 2);
                }
                best = Math.min(best, losses[k]);
            }
            d.update(pts, losses);
        }
        assertTrue(best < 1e-6, "best " + best);
    }

    /**
     * Active CMA: when the better half of a generation sits at the mean (no positive update in any direction) and the
     * worse half lies along x, C shrinks along x and not along y; without negative weights both would decay alike.
     */
    @Test
    void theWorseHalfShrinksTheCovarianceAlongItsDirection() {
        CmaDistribution d = new CmaDistribution(new double[] {0.5, 0.5}, 0.1, 6);
        double[][] pts = {{0.5, 0.5}, {0.5, 0.5}, {0.5, 0.5}, {0.6, 0.5}, {0.38, 0.5}, {0.66, 0.5}};
        d.update(pts, new double[] {0, 0, 0, 1, 2, 3});
        assertTrue(d.covariance(0, 0) < 0.9 * d.covariance(1, 1),
            "C_xx " + d.covariance(0, 0) + ", C_yy " + d.covariance(1, 1));
        assertEquals(0, d.covariance(0, 1), 1e-12);
    }

    /**
     * Mirrored sampling: within a generation every second candidate is the mirror image, through the mean (the
     * centre of the cube at the start), of the point observed just before it; the others are fresh draws, and so is
     * every candidate while trials are in flight.
     */
    @Test
    void everySecondCandidateMirrorsTheLastObservedThroughTheMean() {
        CmaesSampler s = new CmaesSampler(SQUARE, new CmaesClassArgs(null, 1L), new Rng(3));
        assertEquals(6, s.populationSize(), "one generation holds all the points below");
        double[][] x = new double[5][];
        for (int k = 0; k < 4; k++) {
            x[k] = s.suggest(java.util.List.of());
            s.observe(x[k], x[k][0] + x[k][1]);
        }
        for (int i = 0; i < 2; i++) {
            assertEquals(1.0, x[0][i] + x[1][i], 1e-12, "the second mirrors the first (a start-up draw)");
            assertEquals(1.0, x[2][i] + x[3][i], 1e-12, "the fourth mirrors the third");
        }
        assertTrue(Math.abs(x[1][0] + x[2][0] - 1) > 1e-6, "the third is a fresh draw");
        double[] inFlight = s.suggest(java.util.List.of());
        double[] next = s.suggest(java.util.List.<double[]>of(inFlight));
        assertTrue(Math.abs(next[0] + x[3][0] - 1) > 1e-6 && Math.abs(next[0] + inFlight[0] - 1) > 1e-6,
            "with a trial in flight no candidate is a mirror");
        assertTrue(Math.abs(inFlight[0] + x[3][0] - 1) > 1e-6, "the fifth candidate itself is fresh");
    }

    @Test
    void stagnationTriggersAnIpopRestartWithALargerPopulation() {
        CmaesSampler s = new CmaesSampler(SQUARE, new CmaesClassArgs(null, 1L), new Rng(9));
        for (int i = 0; i < 400; i++) {
            s.observe(s.suggest(java.util.List.of()), 1.0); // flat: never improves
        }
        assertTrue(s.restarts() >= 1, "restarts " + s.restarts());
    }

    /** A converged search restarts within a short budget, keeping its population for two restarts (then IPOP). */
    @Test
    void aConvergedSearchRestartsEarlyAndThePopulationGrowsFromTheThirdRestart() {
        CmaesSampler s = new CmaesSampler(SQUARE, new CmaesClassArgs(null, 1L), new Rng(5));
        int base = s.populationSize();
        int trials = 0;
        while (s.restarts() == 0 && trials < 200) {
            double[] x = s.suggest(java.util.List.of());
            s.observe(x, Math.pow(x[0] - 0.3, 2) + Math.pow(x[1] - 0.6, 2));
            trials++;
        }
        assertTrue(s.restarts() == 1 && trials < 200, "a sphere converges and restarts within 200 trials: " + trials);
        assertEquals(base, s.populationSize(), "the first restarts keep the population");
        while (s.restarts() < 3 && trials < 5000) {
            double[] x = s.suggest(java.util.List.of());
            s.observe(x, Math.pow(x[0] - 0.3, 2) + Math.pow(x[1] - 0.6, 2));
            trials++;
        }
        assertEquals(3, s.restarts());
        assertEquals(2 * base, s.populationSize(), "IPOP doubles from the third restart");
    }

    @Test
    void findsTheMinimumOfASmoothFunctionWithIntegersAndChoices() throws Exception {
        JsonObject space = Json.parseObject("""
            {"x": {"_type": "uniform", "_value": [-3, 3]}, "n": {"_type": "randint", "_value": [0, 20]},
             "lr": {"_type": "loguniform", "_value": [1e-5, 1]}, "c": {"_type": "choice", "_value": ["a", "b"]}}""",
            "s");
        CmaesTuner t = new CmaesTuner(AlgorithmContext.standalone(), new CmaesClassArgs(OptimizeMode.MINIMIZE, 3L));
        t.updateSearchSpace(space);
        double best = Double.POSITIVE_INFINITY;
        for (long id = 0; id < 150; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            double v = Math.pow(p.get("x").asDouble() - 1, 2) + Math.abs(p.get("n").asDouble() - 7) / 10
                + Math.pow(Math.log10(p.get("lr").asDouble()) + 3, 2);
            best = Math.min(best, v);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
        }
        assertTrue(best < 0.05, "best " + best);
    }

    @Test
    void badClassArgsNameTheKeyAndUnknownTypesNameTheTuner() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CmaesClassArgs(null, 1, null, null, null,
            null)).getMessage().startsWith("popsize "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CmaesClassArgs(null, null, 0.0, null, null,
            null)).getMessage().startsWith("sigma0 "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CmaesClassArgs(null, null, null, "bipop",
            null, null)).getMessage().startsWith("restart_strategy "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CmaesClassArgs(null, null, null, null, -1,
            null)).getMessage().startsWith("startup_trials "));
        assertEquals(OptimizeMode.MINIMIZE, new CmaesClassArgs(null, null).optimizeMode());
        CmaesTuner t = new CmaesTuner(AlgorithmContext.standalone(), new CmaesClassArgs(null, 1L));
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace(
            Json.parseObject("{\"x\": {\"_type\": \"poisson\", \"_value\": [1]}}", "s")));
        assertTrue(e.getMessage().contains("CMAES") && e.getMessage().contains("poisson"), e.getMessage());
    }
}
