package dev.tunerd.tuners.gp;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.FeatureSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * The GP's hyper-parameters over a run, fitted by maximum marginal likelihood on at most {@link #FIT_CAP} of the
 * model's rows. The GP tuner's schedule: on every suggestion while there are fewer than {@link #EVERY_TIME}
 * observations, then whenever the observations grew by a tenth (warm-started from the last fit, plus the prior's mode
 * as a second start). The lean schedule (a GP probing for another tuner, whose fits would otherwise cost far more than
 * that tuner's own suggestions): a first fit from the prior's mode alone on at most {@code firstRows} rows
 * ({@link #LEAN_ROWS} unless the probe says otherwise; TPE's default probe takes 25 since session 20) of
 * {@code firstIterations} L-BFGS iterations (40 by default; 0 takes the prior's mode as it is), then one
 * short run from the last fit ({@link #WARM_ITERATIONS} iterations, {@link #LEAN_ROWS} rows) whenever the
 * observations grew by a tenth, and the full fit (from the last fit and from the prior's mode, {@link #FIT_CAP} rows)
 * only when they have doubled since the last full one. No fit of either schedule draws from the generator but the GP
 * tuner's random starts. Its state is part of the tuner's snapshot, so a restored tuner continues identically. Not
 * thread-safe.
 */
final class HyperFit {
    static final int EVERY_TIME = 40;
    static final int FIT_CAP = 100;
    /** Rows of the lean schedule's first and warm fits (an evaluation costs about an eighth of one on 100). */
    static final int LEAN_ROWS = 50;
    /** L-BFGS iterations of a full fit (and, by default, of the lean schedule's first fit). */
    static final int ITERATIONS = 40;
    private static final int WARM_ITERATIONS = 10;
    private final FeatureSpace space;
    private final Matern kernel;
    private final double logNoiseMin;
    private final boolean lean;
    /** The lean schedule's first fit: its L-BFGS iterations, rows and steps. */
    private final FirstProbe first;
    private double[] theta;
    private int fittedAt = -1;
    /** Observations at the last full fit (the lean schedule's; -1 before it). */
    private int fullAt = -1;
    /** Fits run by this instance (not part of the state): what the tests count. */
    private int fits;
    /** Likelihood evaluations of those fits (not part of the state). */
    private long evaluations;

    /**
     * @param lean  the lean schedule (see the class comment) instead of the GP tuner's
     * @param first the lean schedule's first fit: L-BFGS iterations ({@link FirstProbe#fitIterations}; 0: the prior's
     *              mode, evaluated once so that a likelihood that is nowhere finite still leaves no fit), rows at most
     *              ({@link #LEAN_ROWS} by default) and the L-BFGS steps ({@link FirstProbe#fitSteps})
     */
    HyperFit(FeatureSpace space, Matern kernel, double alpha, boolean lean, FirstProbe first) {
        this.first = first;
        this.space = space;
        this.kernel = kernel;
        this.logNoiseMin = Math.log(Math.max(alpha, 1e-10));
        this.lean = lean;
    }

    /** The hyper-parameters to use with {@code observations} completed trials; null when no fit ever succeeded. */
    double[] thetaFor(ModelData data, int observations, Rng rng) {
        if (lean) {
            return leanThetaFor(data, observations, rng);
        }
        if (theta == null || observations >= nextFit()) {
            fit(data, FIT_CAP, theta == null ? 3 : (Math.min(data.size(), FIT_CAP) <= 60 ? 2 : 1), ITERATIONS,
                BoundedLbfgs.Steps.USUAL, rng);
            fittedAt = observations;
        }
        return theta;
    }

    private double[] leanThetaFor(ModelData data, int observations, Rng rng) {
        if (theta == null) {
            fit(data, first.fitRows(), 1, first.fitIterations(), first.fitSteps(), rng);
            fittedAt = observations;
            fullAt = observations;
        } else if (observations >= 2 * fullAt) {
            fit(data, FIT_CAP, 1, ITERATIONS, BoundedLbfgs.Steps.USUAL, rng);
            fittedAt = observations;
            fullAt = observations;
        } else if (observations >= fittedAt + Math.max(1, fittedAt / 10)) {
            fit(data, LEAN_ROWS, 0, WARM_ITERATIONS, BoundedLbfgs.Steps.USUAL, rng);
            fittedAt = observations;
        }
        return theta;
    }

    /** Fits on at most {@code rows} rows from the last fit (if any) and {@code randomStarts} other starts. */
    private void fit(ModelData data, int rows, int randomStarts, int iterations, BoundedLbfgs.Steps steps, Rng rng) {
        ModelData subset = data.subset(rows);
        MarginalLikelihood ml = new MarginalLikelihood(subset.x(), subset.y(), space.groupOf(), space.groups(),
            kernel, logNoiseMin);
        double[] fitted = ml.fit(theta, randomStarts, iterations, steps, rng);
        if (fitted != null) {
            theta = fitted;
        }
        fits++;
        evaluations += ml.evaluations();
    }

    /** Whether a fit has succeeded (or a state with fitted hyper-parameters was restored). */
    boolean fitted() {
        return theta != null;
    }

    /** Marginal-likelihood evaluations of every fit this instance has run (what a fit costs, for the tests). */
    long evaluations() {
        return evaluations;
    }

    /** Likelihood fits this instance has run. */
    int fits() {
        return fits;
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
        JsonObject.Builder b = JsonObject.builder().put("theta", theta == null ? JsonNull.INSTANCE : new JsonArray(t))
            .put("fitted_at", JsonInt.of(fittedAt));
        if (lean) {
            b.put("full_at", JsonInt.of(fullAt));
        }
        return b.build();
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
            fullAt = s.get("full_at") instanceof JsonInt f ? (int) f.value() : fittedAt;
        }
    }
}
