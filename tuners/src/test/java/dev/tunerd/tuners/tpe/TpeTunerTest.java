package dev.tunerd.tuners.tpe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tuner around the estimator: maximising turns rewards into losses the right way round. */
class TpeTunerTest {
    private static final JsonObject SPACE = JsonObject.builder().put("x", JsonObject.builder()
        .put("_type", "uniform").put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build();

    private static double meanDistanceOfLastTwenty(OptimizeMode mode, double sign) throws Exception {
        TpeTuner t = new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(mode, 5L, null));
        t.updateSearchSpace(SPACE);
        double distance = 0;
        for (long id = 0; id < 60; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            double x = p.get("x").asDouble();
            double reward = sign * (x - 0.7) * (x - 0.7);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(reward), false, Optional.empty()));
            t.trialEnd(id, true);
            distance += id >= 40 ? Math.abs(x - 0.7) / 20 : 0;
        }
        return distance;
    }

    @Test
    void findsTheOptimumWhenMaximisingAsWellAsWhenMinimising() throws Exception {
        // uniform sampling is on average 0.29 away from 0.7
        double min = meanDistanceOfLastTwenty(OptimizeMode.MINIMIZE, 1);
        double max = meanDistanceOfLastTwenty(OptimizeMode.MAXIMIZE, -1);
        assertTrue(min < 0.145, "minimize: " + min);
        assertTrue(max < 0.145, "maximize: " + max);
        double wrongWay = meanDistanceOfLastTwenty(OptimizeMode.MAXIMIZE, 1);
        assertTrue(wrongWay > 0.2, "maximising the loss moves away from 0.7: " + wrongWay);
    }
}
