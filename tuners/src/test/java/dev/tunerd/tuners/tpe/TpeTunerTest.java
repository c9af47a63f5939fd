package dev.tunerd.tuners.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tuner around the estimator: maximising turns rewards into losses the right way round. */
class TpeTunerTest {
    private static final JsonObject SPACE = JsonObject.builder().put("x", JsonObject.builder()
        .put("_type", "uniform").put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build();

    /**
     * The median distance from 0.7 of suggestions 41 to 60 (a median, not a mean: the second basin may send up to 8
     * suggestions of a collapsed run elsewhere by design, docs/MODEL_TUNERS.md).
     */
    private static double medianDistanceOfLastTwenty(OptimizeMode mode, double sign) throws Exception {
        TpeTuner t = new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(mode, 5L, null));
        t.updateSearchSpace(SPACE);
        double[] distances = new double[20];
        for (long id = 0; id < 60; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            double x = p.get("x").asDouble();
            double reward = sign * (x - 0.7) * (x - 0.7);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(reward), false, Optional.empty()));
            t.trialEnd(id, true);
            if (id >= 40) {
                distances[(int) id - 40] = Math.abs(x - 0.7);
            }
        }
        java.util.Arrays.sort(distances);
        return (distances[9] + distances[10]) / 2;
    }

    @Test
    void findsTheOptimumWhenMaximisingAsWellAsWhenMinimising() throws Exception {
        // uniform sampling is 0.25 away from 0.7 in the median
        double min = medianDistanceOfLastTwenty(OptimizeMode.MINIMIZE, 1);
        double max = medianDistanceOfLastTwenty(OptimizeMode.MAXIMIZE, -1);
        assertTrue(min < 0.125, "minimize: " + min);
        assertTrue(max < 0.125, "maximize: " + max);
        double wrongWay = medianDistanceOfLastTwenty(OptimizeMode.MAXIMIZE, 1);
        assertTrue(wrongWay > 0.2, "maximising the loss moves away from 0.7: " + wrongWay);
    }

    static final JsonObject PLANE = JsonObject.builder()
        .put("x", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build())
        .put("y", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build();

    /** A result for the stuck plane: the best (0) at (0.2, 0.5) for the first, worse by the distance otherwise. */
    static double stuckLoss(int i, JsonObject p) {
        return i == 0 ? 0 : 1 + Math.hypot(p.get("x").asDouble() - 0.2, p.get("y").asDouble() - 0.5);
    }

    /** 60 results in the left part of the plane whose best came first: a history that has stalled. */
    static List<ImportedTrial> stuckHistory() {
        Rng data = new Rng(99);
        List<ImportedTrial> past = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            double x = i == 0 ? 0.2 : 0.45 * data.nextDouble();
            double y = i == 0 ? 0.5 : data.nextDouble();
            JsonObject p = JsonObject.builder().put("x", JsonFloat.of(x)).put("y", JsonFloat.of(y)).build();
            past.add(new ImportedTrial(p, JsonFloat.of(stuckLoss(i, p)), Optional.empty()));
        }
        return past;
    }

    static TpeTuner tuner(Boolean modelProbe) {
        TpeTuner t = new TpeTuner(AlgorithmContext.standalone(),
            new TpeClassArgs(OptimizeMode.MINIMIZE, 11L, null, modelProbe));
        t.updateSearchSpace(PLANE);
        return t;
    }

    /**
     * Twenty suggestions after the run's own 60 results whose best came first (a run that has stalled), or, with
     * {@code imported}, after the same 60 results imported and none of its own.
     */
    private static List<JsonValue> afterAStall(Boolean modelProbe, boolean imported) throws Exception {
        return suggestionsAfterAStall(tuner(modelProbe), imported);
    }

    /** {@link #afterAStall(Boolean, boolean)} on a given tuner (the search space set). */
    static List<JsonValue> suggestionsAfterAStall(dev.tunerd.tuners.model.HistoryTuner t, boolean imported) throws Exception {
        long id = 0;
        if (imported) {
            t.importData(stuckHistory());
        } else {
            for (; id < 60; id++) {
                JsonObject p = (JsonObject) t.generateParameters(id);
                t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(stuckLoss((int) id, p)), false,
                    Optional.empty()));
                t.trialEnd(id, true);
            }
        }
        List<JsonValue> out = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            out.add(t.generateParameters(id++));
        }
        return out;
    }

    @Test
    void modelProbeIsOnByDefaultAndFalseTurnsItOff() throws Exception {
        assertTrue(new TpeClassArgs(null, null, null).modelProbe());
        List<JsonValue> byDefault = afterAStall(null, false);
        assertEquals(byDefault, afterAStall(true, false));
        // with the probe off a stalled run draws other points: TPE's own (three in ten would be the GP's)
        assertNotEquals(byDefault, afterAStall(false, false));
    }
}
