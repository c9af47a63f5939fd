package dev.tunerd.tuners.metis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.NumericCube;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The searches over Metis's model: the lowest bound and the expected-improvement candidate. */
class ModelSearchTest {
    private static final NumericCube LINE = new NumericCube(NumericCube.parse(
        Json.parseObject("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}", "space"),
        Set.of(ParameterType.UNIFORM), "Metis"));

    /** A double well on [0, 1] observed at 8 points; the deeper well (near 0.2) is sampled more sparsely. */
    private static GpRegression doubleWell() {
        double[] xs = {0.05, 0.3, 0.45, 0.55, 0.6, 0.65, 0.7, 0.95};
        double[][] x = new double[xs.length][];
        double[] y = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            double u = xs[i];
            x[i] = new double[] {u};
            y[i] = -Math.exp(-Math.pow((u - 0.2) / 0.08, 2)) - 0.7 * Math.exp(-Math.pow((u - 0.65) / 0.1, 2));
        }
        GpRegression gp = GpRegression.fit(x, y, MetisSampler.NU, 1e-6, null, Rng.withSeed(3));
        assertNotNull(gp);
        return gp;
    }

    private static double lowest(GpRegression gp) {
        double[] out = new double[2];
        double best = Double.POSITIVE_INFINITY;
        for (double u : new double[] {0.05, 0.3, 0.45, 0.55, 0.6, 0.65, 0.7, 0.95}) {
            gp.predict(new double[] {u}, out, null, null);
            best = Math.min(best, out[0]);
        }
        return best;
    }

    @Test
    void theExpectedImprovementCandidateIsWhereLogEiIsHighest() {
        GpRegression gp = doubleWell();
        double best = lowest(gp);
        ModelSearch.Score score = ModelSearch.negativeLogEi(best);
        ModelSearch search = new ModelSearch(gp, LINE);
        List<double[]> starts = ModelSearch.candidates(LINE, List.of(new double[] {0.65}), 40, Rng.withSeed(5));
        ModelSearch.Found found = search.minimise(score, starts, search.predictAll(starts), ModelSearch.REFINED);
        double[] out = new double[2];
        double gridBest = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= 2000; i++) {
            gp.predict(new double[] {i / 2000.0}, out, null, null);
            gridBest = Math.min(gridBest, score.at(out[0], Math.sqrt(Math.max(out[1], 0)), null));
        }
        assertTrue(found.value() <= gridBest + 1e-3, "found " + found.value() + " at " + found.u()[0]
            + ", a grid point has " + gridBest);
    }

    @Test
    void theScoresDerivativesMatchFiniteDifferences() {
        ModelSearch.Score ei = ModelSearch.negativeLogEi(-0.4);
        ModelSearch.Score bound = ModelSearch.bound(1.96);
        List<ModelSearch.Score> scores = new ArrayList<>(List.of(ei, bound));
        double h = 1e-6;
        for (ModelSearch.Score s : scores) {
            for (double[] at : new double[][] {{0.1, 0.5}, {-0.6, 0.2}, {1.5, 0.05}}) {
                double[] d = new double[2];
                s.at(at[0], at[1], d);
                double dMean = (s.at(at[0] + h, at[1], null) - s.at(at[0] - h, at[1], null)) / (2 * h);
                double dSd = (s.at(at[0], at[1] + h, null) - s.at(at[0], at[1] - h, null)) / (2 * h);
                assertEquals(dMean, d[0], 1e-4 * Math.max(1, Math.abs(dMean)));
                assertEquals(dSd, d[1], 1e-4 * Math.max(1, Math.abs(dSd)));
            }
        }
    }
}
