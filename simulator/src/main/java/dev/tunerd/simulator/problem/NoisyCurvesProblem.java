package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * {@code noisycurves}: 40-epoch power-law loss curves, {@code a + t^(-c)}, under heavy noise: every reported value
 * carries 7% relative Gaussian noise (a small validation set), so one epoch's value ranks runs poorly. A configuration
 * is a learning rate ({@code loguniform}), an optimizer ({@code choice} of strings: each has its own best rate, SGD
 * near 10^-1.3, SGD with momentum 10^-2, Adam 10^-3), a depth ({@code randint} 1..6) and a label smoothing
 * ({@code uniform}). With {@code d} the learning rate's distance in decades above its optimizer's best:
 * <ul>
 *   <li>the asymptote {@code a} grows as {@code d^2}, with the depth away from 4 and the smoothing away from 0.1,
 *       and is a little higher for plain SGD and Adam;</li>
 *   <li>the exponent {@code c} grows with {@code d} and falls with the depth, so a rate above the best learns
 *       faster and plateaus a little higher (mild crossing; early ranks mostly hold apart from the noise).</li>
 * </ul>
 * f* is found on a grid (the smoothing term is separable and zero at 0.1). Immutable and thread-safe.
 */
public final class NoisyCurvesProblem extends FixedProblem {

    static final int EPOCHS = 40;
    private static final double NOISE = 0.07;
    private static final List<String> OPTIMIZERS = List.of("sgd", "momentum", "adam");
    private static final double[] BEST_RATE = {-1.3, -2.0, -3.0};
    private static final double[] OPTIMIZER_COST = {0.02, 0.0, 0.01};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.00001, 0.1]},
         "optimizer": {"_type": "choice", "_value": ["sgd", "momentum", "adam"]},
         "depth": {"_type": "randint", "_value": [1, 7]},
         "label_smoothing": {"_type": "uniform", "_value": [0.0, 0.3]}}
        """, "noisycurves search space");
    private static final double OPTIMUM = findOptimum();

    public NoisyCurvesProblem(long seed) {
        super("noisycurves", EPOCHS + "-epoch power-law loss curves under 7% noise; optimizer, rate, depth,"
            + " smoothing", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "noisycurves parameters");
        double lr = Params.number(p, "lr");
        int o = Params.oneOf(p, "optimizer", OPTIMIZERS);
        double depth = Params.number(p, "depth");
        double smoothing = Params.number(p, "label_smoothing");
        if (!(lr > 0)) {
            throw new IllegalArgumentException("parameter \"lr\" must be positive, got " + lr);
        }
        if (!(depth >= 1)) {
            throw new IllegalArgumentException("parameter \"depth\" must be at least 1, got " + depth);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, o, depth, smoothing, t));
    }

    /** The noise-free loss after epoch {@code t} with optimizer number {@code o} (sgd, momentum, adam). */
    static double cleanLoss(double lr, int o, double depth, double smoothing, int t) {
        double d = Math.log10(lr) - BEST_RATE[o];
        double asymptote = 0.10 + OPTIMIZER_COST[o] + 0.04 * d * d + 0.01 * (depth - 4) * (depth - 4)
            + 0.4 * (smoothing - 0.1) * (smoothing - 0.1);
        double exponent = Math.min(1.5, Math.max(0.2, 0.8 + 0.3 * d - 0.04 * (depth - 3)));
        return asymptote + Math.pow(t, -exponent);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int o = 0; o < OPTIMIZERS.size(); o++) {
            int optimizer = o;
            for (int depth = 1; depth <= 6; depth++) {
                double layers = depth;
                best = Math.min(best, Curves.gridMinimum(-5, -1, 400,
                    u -> cleanLoss(Math.pow(10, u), optimizer, layers, 0.1, EPOCHS)));
            }
        }
        return best;
    }
}
