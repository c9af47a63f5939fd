package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code overfit}: 75-epoch validation-loss curves that fall and then rise again once a configuration starts to
 * overfit, at an epoch that depends on the configuration; the reported final is the last epoch's loss (as NNI's), not
 * the best. A configuration is a learning rate ({@code loguniform}), a width ({@code choice}), a dropout
 * ({@code uniform}) and an L2 penalty ({@code loguniform}). With progress {@code p = k t} (the speed {@code k} grows
 * with the learning rate) the loss after epoch t is {@code a + (2.3 - a) exp(-p) + g p}:
 * <ul>
 *   <li>the fitting floor {@code a} is lower for wider models and higher with dropout and with an L2 penalty above
 *       10^-3;</li>
 *   <li>the overfitting rate {@code g} grows with the width and falls with dropout and L2, so the curve is convex:
 *       it has its minimum where {@code (2.3 - a) exp(-p) = g} and rises steadily after it;</li>
 *   <li>so the early leaders (fast, wide, unregularised) reach their minimum after a few epochs and end worse than
 *       slower or regularised runs whose minimum falls near the horizon. Every reported value carries 3% relative
 *       Gaussian noise.</li>
 * </ul>
 * f*: for each width, dropout and L2 the best learning rate puts the minimum at the last epoch (or as near as the
 * rate's range allows, the curve being convex in p); the rest on a grid. Immutable and thread-safe.
 */
public final class OverfitProblem extends FixedProblem {

    static final int EPOCHS = 75;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.03;
    private static final double LOWEST_RATE = 0.0001;
    private static final double HIGHEST_RATE = 0.03;
    private static final int[] WIDTHS = {64, 128, 256, 512, 1024};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.03]},
         "width": {"_type": "choice", "_value": [64, 128, 256, 512, 1024]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.7]},
         "l2": {"_type": "loguniform", "_value": [0.000001, 0.01]}}
        """, "overfit search space");
    private static final double OPTIMUM = findOptimum();

    public OverfitProblem(long seed) {
        super("overfit", EPOCHS + "-epoch validation loss that falls, then rises once a run overfits (early leaders"
            + " end worse), 3% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "overfit parameters");
        double lr = Params.number(p, "lr");
        double width = Params.number(p, "width");
        double dropout = Params.number(p, "dropout");
        double l2 = Params.number(p, "l2");
        if (!(lr > 0) || !(width > 0) || !(l2 > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"width\" and \"l2\" must be positive, got " + lr
                + ", " + width + " and " + l2);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("parameter \"dropout\" must be in 0..1 (1 excluded), got " + dropout);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(floor(width, dropout, l2), overfitRate(width, dropout, l2), speed(lr) * t));
    }

    /** Progress per epoch at learning rate {@code lr}. */
    static double speed(double lr) {
        return 0.08 * Math.pow(lr / 1e-3, 0.6);
    }

    /** The fitting floor {@code a}. */
    static double floor(double width, double dropout, double l2) {
        double excessL2 = Math.max(0, Math.log10(l2) + 3);
        return 0.15 + 0.08 * 64 / width + 0.1 * dropout * dropout + 0.05 * excessL2 * excessL2;
    }

    /** The overfitting rate {@code g}: loss gained per unit of progress. */
    static double overfitRate(double width, double dropout, double l2) {
        double capacity = 1 + Math.log(width / 64) / Math.log(2);
        return 0.004 * capacity * (1 - dropout) * (1 - dropout) / (1 + l2 / 1e-4);
    }

    /** The noise-free loss at progress {@code p}. */
    static double cleanLoss(double floor, double overfitRate, double p) {
        return floor + (START_LOSS - floor) * Math.exp(-p) + overfitRate * p;
    }

    /** The best final over the learning rates for this floor and overfitting rate (the loss is convex in p). */
    static double bestFinal(double floor, double overfitRate) {
        double best = Math.log((START_LOSS - floor) / overfitRate);
        double p = Math.min(speed(HIGHEST_RATE) * EPOCHS, Math.max(speed(LOWEST_RATE) * EPOCHS, best));
        return cleanLoss(floor, overfitRate, p);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int width : WIDTHS) {
            best = Math.min(best, Curves.gridMinimum(0, 0.7, 140, dropout -> Curves.gridMinimum(-6, -2, 200,
                w -> bestFinal(floor(width, dropout, Math.pow(10, w)), overfitRate(width, dropout, Math.pow(10, w))))));
        }
        return best;
    }
}
