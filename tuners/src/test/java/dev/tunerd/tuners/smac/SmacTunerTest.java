package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.Rng;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SMAC: the forest's estimates, conditional spaces, no repeats, classArgs. */
class SmacTunerTest {
    private static final JsonObject NESTED = Json.parseObject("""
        {"opt": {"_type": "choice", "_value": [
            {"_name": "sgd", "lr": {"_type": "loguniform", "_value": [1e-4, 1]}},
            {"_name": "adam", "lr": {"_type": "loguniform", "_value": [1e-5, 1e-1]},
             "beta": {"_type": "uniform", "_value": [0.8, 0.999]}}]},
         "layers": {"_type": "randint", "_value": [1, 8]}}""", "space");

    private static double loss(JsonObject p) {
        JsonObject opt = (JsonObject) p.get("opt");
        boolean adam = opt.get("_name").toString().contains("adam");
        double lr = Math.log10(opt.get("lr").asDouble());
        double base = adam ? Math.pow(lr + 3, 2) + Math.abs(opt.get("beta").asDouble() - 0.9) : 1 + Math.pow(lr + 1, 2);
        return base + Math.abs(p.get("layers").asDouble() - 4) / 4;
    }

    private static RandomForest forest(double[][] x, double[] y, Rng rng, double featureShare, boolean withinLeaf) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new RandomForest(x, y, rng, featureShare, withinLeaf, d.trees(), d.minSplit());
    }

    @Test
    void theForestsVarianceIsTheLawOfTotalVarianceOverItsTrees() {
        // no splits (minSplit above n): each tree is one leaf holding the mean and variance of its bootstrap sample,
        // drawn here from a twin of the forest's generator
        double[][] x = {{0}, {1}, {2}, {3}};
        double[] y = {1, 2, 4, 8};
        int trees = 7;
        RandomForest f = new RandomForest(x, y, new Rng(11), 1.0, true, trees, 99);
        Rng twin = new Rng(11);
        double sumMeans = 0;
        double sumSqMeans = 0;
        double sumWithin = 0;
        for (int t = 0; t < trees; t++) {
            double[] drawn = new double[4];
            for (int i = 0; i < 4; i++) {
                drawn[i] = y[twin.nextInt(4)];
            }
            double m = (drawn[0] + drawn[1] + drawn[2] + drawn[3]) / 4;
            double v = 0;
            for (double d : drawn) {
                v += (d - m) * (d - m) / 4;
            }
            sumMeans += m;
            sumSqMeans += m * m;
            sumWithin += v;
        }
        double mean = sumMeans / trees;
        double total = sumSqMeans / trees - mean * mean + sumWithin / trees;
        double[] out = new double[2];
        f.predict(new double[] {1.5}, out);
        assertEquals(mean, out[0], 1e-12);
        assertEquals(total, out[1], 1e-12);
        RandomForest spread = new RandomForest(x, y, new Rng(11), 1.0, false, trees, 99);
        spread.predict(new double[] {1.5}, out);
        assertEquals(sumSqMeans / trees - mean * mean, out[1], 1e-12);
    }

    @Test
    void aLargeOffsetOnTheLossesChangesNeitherTheSplitsNorTheVariance() {
        // losses 1e9 + O(1): sums of squares of the raw values cancel (their rounding error exceeds the gains and
        // the variances), so the forest would split at random and report no spread
        Rng data = new Rng(5);
        double[][] x = new double[60][2];
        double[] y = new double[60];
        double[] shifted = new double[60];
        for (int i = 0; i < 60; i++) {
            x[i][0] = data.nextDouble();
            x[i][1] = data.nextDouble();
            y[i] = Math.pow(x[i][0] - 0.3, 2) + 0.1 * x[i][1];
            shifted[i] = 1e9 + y[i];
        }
        RandomForest a = forest(x, y, new Rng(8), 1.0, true);
        RandomForest b = forest(x, shifted, new Rng(8), 1.0, true);
        double[] pa = new double[2];
        double[] pb = new double[2];
        for (double[] v : new double[][] {{0.3, 0.5}, {0.9, 0.1}, {0.05, 0.95}}) {
            a.predict(v, pa);
            b.predict(v, pb);
            // the shifted losses keep 7 digits below the point (ulp(1e9) = 1.2e-7), which can flip a near-tie
            // between two splits; without the fix the variances came out as 0 or multiples of 128
            assertEquals(pa[0], pb[0] - 1e9, 0.02, "mean at " + v[0]);
            assertTrue(pb[1] > 0.5 * pa[1] && pb[1] < 2 * pa[1], "variance at " + v[0] + ": " + pa[1] + " " + pb[1]);
            assertTrue(pa[1] > 1e-6, "variance " + pa[1]);
        }
    }

    @Test
    void theForestSeparatesGoodFromBadRegions() {
        Rng rng = new Rng(1);
        double[][] x = new double[80][2];
        double[] y = new double[80];
        for (int i = 0; i < 80; i++) {
            x[i][0] = rng.nextDouble();
            x[i][1] = rng.nextDouble();
            y[i] = Math.pow(x[i][0] - 0.3, 2) + Math.pow(x[i][1] - 0.7, 2);
        }
        RandomForest f = forest(x, y, rng, SmacSettings.DEFAULT.featureShare(), SmacSettings.DEFAULT.withinLeaf());
        double[] near = new double[2];
        double[] far = new double[2];
        f.predict(new double[] {0.3, 0.7}, near);
        f.predict(new double[] {0.95, 0.05}, far);
        assertTrue(near[0] < 0.05 && far[0] > 0.4, near[0] + " " + far[0]);
        assertTrue(near[1] > 0 && far[1] > 0);
    }

    @Test
    void treesGrownFromPresortedFeaturesHandleTiedValues() {
        // a categorical column (many ties) and an inactive marker (-1) next to a continuous one: each split must keep
        // every feature's order, or the leaves mix rows of different categories
        Rng rng = new Rng(3);
        int n = 90;
        double[][] x = new double[n][3];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i][0] = i % 3;
            x[i][1] = rng.nextDouble();
            x[i][2] = i % 3 == 2 ? -1 : rng.nextDouble();
            y[i] = 10 * (i % 3) + x[i][1];
        }
        RandomForest f = forest(x, y, rng, 1.0, false);
        double[] out = new double[2];
        for (int c = 0; c < 3; c++) {
            f.predict(new double[] {c, 0.5, c == 2 ? -1 : 0.5}, out);
            assertEquals(10 * c + 0.5, out[0], 0.35, "category " + c);
        }
    }

    @Test
    void learnsTheBetterBranchOfANestedChoiceAndNeverRepeats() throws Exception {
        SmacTuner t = new SmacTuner(AlgorithmContext.standalone(), new SmacClassArgs(OptimizeMode.MINIMIZE, null, 4L));
        t.updateSearchSpace(NESTED);
        Set<JsonObject> seen = new HashSet<>();
        double best = Double.POSITIVE_INFINITY;
        int adamLate = 0;
        for (long id = 0; id < 80; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            assertTrue(seen.add(p), "repeated " + p);
            double v = loss(p);
            best = Math.min(best, v);
            if (id >= 50 && ((JsonObject) p.get("opt")).get("_name").toString().contains("adam")) {
                adamLate++;
            }
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        assertTrue(best < 0.3, "best " + best);
        assertTrue(adamLate >= 18, "adam chosen " + adamLate + " of the last 30");
    }

    @Test
    void defaultsAndAnUnknownTypeNamingTheTuner() {
        SmacClassArgs d = new SmacClassArgs(null, null, null);
        assertEquals(OptimizeMode.MAXIMIZE, d.optimizeMode());
        assertFalse(d.configDedup());
        SmacTuner t = new SmacTuner(AlgorithmContext.standalone(), d);
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace(
            Json.parseObject("{\"x\": {\"_type\": \"poisson\", \"_value\": [1]}}", "s")));
        assertTrue(e.getMessage().contains("SMAC") && e.getMessage().contains("poisson"), e.getMessage());
    }
}
