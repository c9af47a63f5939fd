package dev.tunerd.tuners.gp;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * The GP's hyper-parameters over a run: fitted by maximum marginal likelihood on every suggestion while there are
 * fewer than {@link #EVERY_TIME} observations, then whenever the observations grew by a tenth (warm-started from the
 * last fit, plus the prior's mode as a second start), on at most {@link #FIT_CAP} of the model's rows. Its state is
 * part of the tuner's snapshot, so a restored tuner continues identically. Not thread-safe.
 */
final class HyperFit {
    static final int EVERY_TIME = 40;
    static final int FIT_CAP = 100;
    private static final int ITERATIONS = 40;
    private final FeatureSpace space;
    private final Matern kernel;
    private final double logNoiseMin;
    private double[] theta;
    private int fittedAt = -1;

    HyperFit(FeatureSpace space, Matern kernel, double alpha) {
        this.space = space;
        this.kernel = kernel;
        this.logNoiseMin = Math.log(Math.max(alpha, 1e-10));
    }

    /** The hyper-parameters to use with {@code observations} completed trials; null when no fit ever succeeded. */
    double[] thetaFor(ModelData data, int observations, Rng rng) {
        if (theta == null || observations >= nextFit()) {
            ModelData rows = data.subset(FIT_CAP);
            MarginalLikelihood ml = new MarginalLikelihood(rows.x(), rows.y(), space.groupOf(), space.groups(),
                kernel, logNoiseMin);
            double[] fitted = ml.fit(theta, theta == null ? 3 : (rows.size() <= 60 ? 2 : 1), ITERATIONS, rng);
            if (fitted != null) {
                theta = fitted;
            }
            fittedAt = observations;
        }
        return theta;
    }

    private int nextFit() {
        return fittedAt < EVERY_TIME ? fittedAt + 1 : fittedAt + fittedAt / 10;
    }

    JsonValue snapshot() {
        List<JsonValue> t = new ArrayList<>();
        if (theta != null) {
            for (double v : theta) {
                t.add(JsonFloat.of(v));
            }
        }
        return JsonObject.builder().put("theta", theta == null ? JsonNull.INSTANCE : new JsonArray(t))
            .put("fitted_at", JsonInt.of(fittedAt)).build();
    }

    /** Restores a {@link #snapshot()}; a state of another dimension (another space) is ignored. */
    void restore(JsonValue state) {
        if (!(state instanceof JsonObject s)) {
            return;
        }
        if (s.get("theta") instanceof JsonArray a && a.size() == space.groups() + 2) {
            double[] t = new double[a.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = a.get(i).asDouble();
            }
            theta = t;
            fittedAt = (int) ((JsonInt) s.get("fitted_at")).value();
        }
    }
}
