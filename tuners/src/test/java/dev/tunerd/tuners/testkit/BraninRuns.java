package dev.tunerd.tuners.testkit;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A small sequential run for the model tuners' own tests: Branin's function on its usual box, and a loop that asks
 * for one parameter set at a time, reports its loss and ends the trial.
 */
public final class BraninRuns {
    /** Branin's box: x in [-5, 10], y in [0, 15]. */
    public static final JsonObject SPACE = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-5, 10]}, "y": {"_type": "uniform", "_value": [0, 15]}}""", "space");

    private BraninRuns() {
    }

    /** Branin's function (minimum 0.397887). */
    public static double branin(JsonObject p) {
        double x = p.get("x").asDouble();
        double y = p.get("y").asDouble();
        double b = 5.1 / (4 * Math.PI * Math.PI);
        double c = 5 / Math.PI;
        return Math.pow(y - b * x * x + c * x - 6, 2) + 10 * (1 - 1 / (8 * Math.PI)) * Math.cos(x) + 10;
    }

    /** Runs {@code n} trials one after another on {@code f} (ids 0..n-1); returns the best loss seen. */
    public static double bestOf(Tuner tuner, int n, ToDoubleFunction<JsonObject> f) throws Exception {
        double best = Double.POSITIVE_INFINITY;
        for (long id = 0; id < n; id++) {
            JsonObject p = (JsonObject) tuner.generateParameters(id);
            double v = f.applyAsDouble(p);
            best = Math.min(best, v);
            tuner.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            tuner.trialEnd(id, true);
        }
        return best;
    }
}
