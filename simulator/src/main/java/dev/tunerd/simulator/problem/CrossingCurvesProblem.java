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
 *
 * <p>{@code longcrossing} (issue 13, session 20): the same curves stretched to 81 epochs (speed divided by 3, warm-up
 * times 3), so that the curves cross on a horizon long enough for Hyperband's largest bracket ({@code R = 81}) to be
 * weighed for an early start, as on {@code longcurves}, whose early ranks mostly hold.
 */
public final class CrossingCurvesProblem extends FixedProblem {

    static final int EPOCHS = 27;
    /** {@code longcrossing}'s stretch of the time axis. */
    static final int LONG_STRETCH = 3;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 1.0]},
         "warmup": {"_type": "randint", "_value": [0, 6]},
         "momentum": {"_type": "uniform", "_value": [0.0, 0.99]}}
        """, "crossing search space");
    private static final double OPTIMUM = findOptimum(1);
    private static final double LONG_OPTIMUM = findOptimum(LONG_STRETCH);

    /** Stretch of the time axis: 1 for {@code crossing}, {@link #LONG_STRETCH} for {@code longcrossing}. */
    private final int stretch;

    public CrossingCurvesProblem(long seed) {
        this("crossing", "loss curves whose early leaders finish behind (fast learners plateau high)", 1, OPTIMUM,
            seed);
    }

    private CrossingCurvesProblem(String name, String description, int stretch, double optimum, long seed) {
        super(name, EPOCHS * stretch + "-epoch " + description, SPACE, optimum, EPOCHS * stretch, seed);
        this.stretch = stretch;
    }

    /** {@code longcrossing}: {@code crossing}'s curves on an 81-epoch horizon. */
    public static CrossingCurvesProblem longCrossing(long seed) {
        return new CrossingCurvesProblem("longcrossing",
            "loss curves whose early leaders finish behind: crossing's, stretched three times (a long horizon that"
                + " crosses)",
            LONG_STRETCH, LONG_OPTIMUM, seed);
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
        return Curves.noisy(epochs(), NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, warmup, momentum, t, stretch));
    }

    /** The noise-free loss after epoch {@code t + 1}, on a time axis stretched {@code stretch} times. */
    static double cleanLoss(double lr, double warmup, double momentum, int t, int stretch) {
        double u = Math.log10(lr);
        double asymptote = 0.1 + 0.09 * (u + 3) * (u + 3) + 0.25 * (momentum - 0.6) * (momentum - 0.6)
            - 0.012 * warmup;
        double speed = 0.02 * Math.pow(10, 0.6 * (u + 4)) / stretch;
        double progress = Math.max(0, t - stretch * warmup);
        return asymptote + (START_LOSS - asymptote) * Math.exp(-speed * progress);
    }

    private static double findOptimum(int stretch) {
        double best = Double.POSITIVE_INFINITY;
        for (int w = 0; w <= 5; w++) {
            for (double u = -4; u <= 0; u += 1e-5) {
                best = Math.min(best, cleanLoss(Math.pow(10, u), w, 0.6, EPOCHS * stretch, stretch));
            }
        }
        return best;
    }
}
