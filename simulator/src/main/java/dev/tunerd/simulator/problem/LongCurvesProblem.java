package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code longcurves}: 81-epoch power-law loss curves, {@code a + b t^(-c)}, over four parameters (learning rate,
 * batch size, dropout, depth). The exponent {@code c} grows with the learning rate and the depth, the asymptote is
 * best at a moderate rate and a middle depth, so early ranks are informative but not exact (mild crossing). 2%
 * relative noise. f* is found on a grid (dropout and batch terms are separable). Immutable and thread-safe.
 */
public final class LongCurvesProblem extends FixedProblem {

    static final int EPOCHS = 81;
    private static final double NOISE = 0.02;
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.00001, 0.1]},
         "batch_size": {"_type": "choice", "_value": [32, 64, 128, 256]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.7]},
         "depth": {"_type": "randint", "_value": [2, 9]}}
        """, "longcurves search space");
    private static final double OPTIMUM = findOptimum();

    public LongCurvesProblem(long seed) {
        super("longcurves",
            EPOCHS + "-epoch power-law loss curves over four parameters; a long horizon for multi-fidelity",
            SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "longcurves parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        double dropout = Params.number(p, "dropout");
        double depth = Params.number(p, "depth");
        if (!(lr > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"batch_size\" must be positive, got " + lr
                + " and " + batch);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, batch, dropout, depth, t));
    }

    static double cleanLoss(double lr, double batch, double dropout, double depth, int t) {
        double u = Math.log10(lr);
        double asymptote = 0.05 + 0.05 * (u + 3.2) * (u + 3.2) + 0.4 * (dropout - 0.3) * (dropout - 0.3)
            + 0.01 * (depth - 5) * (depth - 5) + 0.015 * Math.abs(Math.log(batch / 64) / Math.log(2));
        double exponent = 0.25 + 0.12 * (u + 5) + 0.03 * depth;
        return asymptote + 2.0 * Math.pow(t, -exponent) * Math.pow(batch / 64, 0.2);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : new int[] {32, 64, 128, 256}) {
            for (int depth = 2; depth <= 8; depth++) {
                for (double u = -5; u <= -1; u += 1e-4) {
                    best = Math.min(best, cleanLoss(Math.pow(10, u), batch, 0.3, depth, EPOCHS));
                }
            }
        }
        return best;
    }
}
