package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * {@code adamsgd}: 90 epochs where the optimizer ({@code choice} of {@code "sgd"}, {@code "adam"}, {@code "adamw"})
 * sets the curve's family: adaptive methods converge fast to a mediocre level, SGD with momentum slowly to a better
 * one (the generalisation gap of adaptive methods; AdamW's decoupled weight decay closes most of it). The other
 * parameters are a learning rate ({@code loguniform}; each optimizer has its own best rate, SGD near 10^-1, Adam
 * 10^-3, AdamW 10^-2.7), a weight decay ({@code loguniform}) and a momentum ({@code uniform}; Adam's beta1). With
 * {@code d} the rate's distance in decades from its optimizer's best:
 * <ul>
 *   <li>Adam and AdamW follow {@code a + (2.3 - a) exp(-k t)}, {@code k = min(1, 0.35 10^(d / 2))}: they are
 *       done after 15-30 epochs; SGD follows the power law {@code a + (2.3 - a) (1 + t / tau)^(-2)}, {@code tau =
 *       8 10^(-0.6 min(d, 0))}, slower from the first epoch and still improving at the horizon (a rate above the best
 *       is no faster, as SGD's noise, not its step, then limits progress);</li>
 *   <li>the asymptote {@code a} is 0.10 for SGD, 0.13 for AdamW and 0.16 for Adam, plus {@code 0.04 d^2}, the
 *       momentum's distance from 0.9 and the weight decay's from the optimizer's best (SGD 10^-3.5, AdamW 10^-2.3,
 *       Adam none: its coupled L2 penalty only hurts);</li>
 *   <li>so the adaptive runs lead for the first 30-40 epochs and a good SGD run passes them at an epoch that
 *       depends on its rate (about 40 at the best rate, later below it); an SGD rate too small never does. Every reported value carries 2% relative Gaussian
 *       noise.</li>
 * </ul>
 * f* is found on a grid over the rate for each optimizer (the weight-decay and momentum terms are separable and zero
 * at the best weight decay and at 0.9). Immutable and thread-safe.
 */
public final class AdamSgdProblem extends FixedProblem {

    static final int EPOCHS = 90;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    static final List<String> OPTIMIZERS = List.of("sgd", "adam", "adamw");
    private static final double[] BEST_RATE = {-1.0, -3.0, -2.7};
    private static final double[] LEVEL = {0.10, 0.16, 0.13};
    /** Per optimizer: the weight decay (log10) where its term is zero, and its weight. */
    private static final double[] BEST_DECAY = {-3.5, -6.0, -2.3};
    private static final double[] DECAY_WEIGHT = {0.03, 0.01, 0.03};
    private static final JsonObject SPACE = Json.parseObject("""
        {"optimizer": {"_type": "choice", "_value": ["sgd", "adam", "adamw"]},
         "lr": {"_type": "loguniform", "_value": [0.00001, 1.0]},
         "weight_decay": {"_type": "loguniform", "_value": [0.000001, 0.01]},
         "momentum": {"_type": "uniform", "_value": [0.8, 0.99]}}
        """, "adamsgd search space");
    private static final double OPTIMUM = findOptimum();

    public AdamSgdProblem(long seed) {
        super("adamsgd", EPOCHS + "-epoch curves whose family the optimizer sets: Adam fast to a mediocre level, SGD"
            + " slowly past it, 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "adamsgd parameters");
        int o = Params.oneOf(p, "optimizer", OPTIMIZERS);
        double lr = Params.number(p, "lr");
        double decay = Params.number(p, "weight_decay");
        double momentum = Params.number(p, "momentum");
        if (!(lr > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"weight_decay\" must be positive, got " + lr
                + " and " + decay);
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("parameter \"momentum\" must be in 0..1 (1 excluded), got " + momentum);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(o, lr, decay, momentum, t));
    }

    /** The noise-free loss after epoch {@code t} with optimizer number {@code o} (sgd, adam, adamw). */
    static double cleanLoss(int o, double lr, double decay, double momentum, int t) {
        double d = Math.log10(lr) - BEST_RATE[o];
        double w = Math.log10(decay) - BEST_DECAY[o];
        double asymptote = LEVEL[o] + 0.04 * d * d + DECAY_WEIGHT[o] * w * w
            + 0.6 * (momentum - 0.9) * (momentum - 0.9);
        double remaining = o == 0
            ? Math.pow(1 + t / (8 * Math.pow(10, -0.6 * Math.min(d, 0))), -2)
            : Math.exp(-Math.min(1, 0.35 * Math.pow(10, d / 2)) * t);
        return asymptote + (START_LOSS - asymptote) * remaining;
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int o = 0; o < OPTIMIZERS.size(); o++) {
            int optimizer = o;
            double decay = Math.pow(10, BEST_DECAY[o]);
            best = Math.min(best, Curves.gridMinimum(-5, 0, 400,
                u -> cleanLoss(optimizer, Math.pow(10, u), decay, 0.9, EPOCHS)));
        }
        return best;
    }
}
