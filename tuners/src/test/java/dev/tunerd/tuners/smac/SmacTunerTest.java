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
        RandomForest f = new RandomForest(x, y, rng, SmacSettings.DEFAULT.featureShare(), SmacSettings.DEFAULT.withinLeaf());
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
        RandomForest f = new RandomForest(x, y, rng, 1.0, false);
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
