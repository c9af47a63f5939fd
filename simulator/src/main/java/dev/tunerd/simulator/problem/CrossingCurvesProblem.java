package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code crossing}: 27-epoch loss curves built so that the early leaders lose: a configuration's speed grows with its
 * learning rate while its asymptote is best at a moderate one, and a warm-up (0..5 epochs of no progress) buys a
 * lower asymptote. After a few epochs the fast, high-asymptote runs lead; at 27 epochs the slow ones have passed
 * them. This is where a halving schedule that trusts its small budgets goes wrong. 2% relative noise per value.
 * f* is found on a fine grid (the momentum term is separable and zero at 0.6). Immutable and thread-safe.
 */
public final class CrossingCurvesProblem extends FixedProblem {

    static final int EPOCHS = 27;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 1.0]},
         "warmup": {"_type": "randint", "_value": [0, 6]},
         "momentum": {"_type": "uniform", "_value": [0.0, 0.99]}}
        """, "crossing search space");
    private static final double OPTIMUM = findOptimum();

    public CrossingCurvesProblem(long seed) {
        super("crossing", EPOCHS + "-epoch loss curves whose early leaders finish behind (fast learners plateau high)",
            SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "crossing parameters");
        double lr = Params.number(p, "lr");
        double warmup = Params.number(p, "warmup");
        double momentum = Params.number(p, "momentum");
        if (!(lr > 0)) {
            throw new IllegalArgumentException("parameter \"lr\" must be positive, got " + lr);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters), t -> cleanLoss(lr, warmup, momentum, t));
    }

    static double cleanLoss(double lr, double warmup, double momentum, int t) {
        double u = Math.log10(lr);
        double asymptote = 0.1 + 0.09 * (u + 3) * (u + 3) + 0.25 * (momentum - 0.6) * (momentum - 0.6)
            - 0.012 * warmup;
        double speed = 0.02 * Math.pow(10, 0.6 * (u + 4));
        double progress = Math.max(0, t - warmup);
        return asymptote + (START_LOSS - asymptote) * Math.exp(-speed * progress);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int w = 0; w <= 5; w++) {
            for (double u = -4; u <= 0; u += 1e-5) {
                best = Math.min(best, cleanLoss(Math.pow(10, u), w, 0.6, EPOCHS));
            }
        }
        return best;
    }
}
