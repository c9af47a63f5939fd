package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * {@code plateau}: 200 epochs whose loss sits on a long plateau and then drops suddenly, at an epoch that depends on
 * the configuration (a late phase transition: the delayed generalisation of "grokking", which weight decay hastens,
 * and the long plateaus of deep networks trained without normalisation). A configuration is a learning rate
 * ({@code loguniform}; Adam-like), a decoupled weight decay ({@code loguniform}), a depth ({@code randint} 2..8), a
 * normalisation ({@code choice} of {@code "none"} or {@code "layer"}) and a dropout ({@code uniform}). With the
 * transition epoch {@code T = 15 (10^-3 / lr)^0.6 (0.1 / wd)^0.5 2^((depth - 4) / 2)}, three times later without
 * normalisation, the loss after epoch t is {@code pre(t) + (post(t) - pre(t)) s(t)}, where
 * <ul>
 *   <li>{@code pre(t) = p + (2.3 - p) exp(-t / 2) - 0.05 t / (t + T)} is the plateau, reached in a few epochs at
 *       {@code p} about 1.0 (a little lower for deeper models) and drifting down slowly, faster for a run whose
 *       transition is near;</li>
 *   <li>{@code s(t) = 1 / (1 + exp(-(t - T) / (1 + 0.06 T)))} is the drop, sharp (over about a tenth of T);</li>
 *   <li>{@code post(t) = a + 0.3 (p - a) exp(-max(0, t - T) / 25)}: after the drop the loss keeps improving towards
 *       the level {@code a}, which is best at a learning rate near 10^-3.3, a weight decay up to 0.1 (more hurts), a
 *       depth of 6, a dropout of 0.1 and with normalisation;</li>
 *   <li>so a larger rate or weight decay drops earlier but to a worse level, a smaller one later or never: the best
 *       run (a rate of 10^-3.3, a weight decay of 0.1, depth 6, normalised) drops near epoch 45 and improves for the
 *       rest of the horizon, and about half of random configurations never leave the plateau within it. Every
 *       reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the rate and the weight decay for every depth and normalisation (the dropout term is
 * separable and zero at 0.1). Immutable and thread-safe.
 */
public final class PlateauProblem extends FixedProblem {

    static final int EPOCHS = 200;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final List<String> NORMS = List.of("none", "layer");
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.00001, 0.01]},
         "weight_decay": {"_type": "loguniform", "_value": [0.0001, 1.0]},
         "depth": {"_type": "randint", "_value": [2, 9]},
         "norm": {"_type": "choice", "_value": ["none", "layer"]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.3]}}
        """, "plateau search space");
    private static final double OPTIMUM = findOptimum();

    public PlateauProblem(long seed) {
        super("plateau", EPOCHS + "-epoch curves that sit on a plateau, then drop at an epoch the configuration sets"
            + " (late phase transition), 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "plateau parameters");
        double lr = Params.number(p, "lr");
        double decay = Params.number(p, "weight_decay");
        double depth = Params.number(p, "depth");
        boolean normalised = Params.oneOf(p, "norm", NORMS) == 1;
        double dropout = Params.number(p, "dropout");
        if (!(lr > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"weight_decay\" must be positive, got " + lr
                + " and " + decay);
        }
        if (!(depth >= 1)) {
            throw new IllegalArgumentException("parameter \"depth\" must be at least 1, got " + depth);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("parameter \"dropout\" must be in 0..1 (1 excluded), got " + dropout);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, decay, depth, normalised, dropout, t));
    }

    /** The epoch {@code T} around which the loss drops (possibly beyond the horizon). */
    static double transition(double lr, double decay, double depth, boolean normalised) {
        return 15 * Math.pow(1e-3 / lr, 0.6) * Math.pow(0.1 / decay, 0.5) * Math.pow(2, (depth - 4) / 2)
            * (normalised ? 1 : 3);
    }

    /** The plateau's level {@code p}. */
    static double plateauLevel(double depth) {
        return 1.0 - 0.01 * (depth - 4);
    }

    /** The level {@code a} the loss approaches after the drop. */
    static double level(double lr, double decay, double depth, boolean normalised, double dropout) {
        double excessDecay = Math.max(0, Math.log10(decay) + 1);
        return 0.06 + 0.03 * square(Math.log10(lr) + 3.3) + 0.04 * square(excessDecay) + 0.005 * square(depth - 6)
            + 0.3 * square(dropout - 0.1) + (normalised ? 0 : 0.01);
    }

    /** The noise-free loss after epoch {@code t}. */
    static double cleanLoss(double lr, double decay, double depth, boolean normalised, double dropout, double t) {
        double onset = transition(lr, decay, depth, normalised);
        double p = plateauLevel(depth);
        double a = level(lr, decay, depth, normalised, dropout);
        double pre = p + (START_LOSS - p) * Math.exp(-t / 2) - 0.05 * t / (t + onset);
        double post = a + 0.3 * (p - a) * Math.exp(-Math.max(0, t - onset) / 25);
        double drop = 1 / (1 + Math.exp(-(t - onset) / (1 + 0.06 * onset)));
        return pre + (post - pre) * drop;
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int depth = 2; depth <= 8; depth++) {
            double layers = depth;
            for (boolean normalised : new boolean[] {false, true}) {
                best = Math.min(best, Curves.bracketedMinimum(-4, 0, 40, w -> Curves.bracketedMinimum(-5, -2, 60,
                    u -> cleanLoss(Math.pow(10, u), Math.pow(10, w), layers, normalised, 0.1, EPOCHS))));
            }
        }
        return best;
    }
}
