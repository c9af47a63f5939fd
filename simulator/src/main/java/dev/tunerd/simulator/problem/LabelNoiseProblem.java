package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code labelnoise}: 120 epochs of SGD on training labels of which a share is wrong, the validation loss measured on
 * clean labels. Networks fit the clean patterns first and memorise the wrong labels later (Arpit et al. 2017): the
 * validation loss falls, then rises as the model becomes confidently wrong on what it memorised, and levels off once
 * the wrong labels are fitted; a wide model then descends again (epoch-wise double descent, Nakkiran et al. 2019). A
 * configuration is a learning rate ({@code loguniform}; constant), a width ({@code choice}), a weight decay
 * ({@code loguniform}) and a label smoothing ({@code uniform}). The loss after epoch t is
 * {@code c(t) + H m(t) (1 - D(t))}:
 * <ul>
 *   <li>the clean fit {@code c(t) = a + (2.3 - a)(1 + t / tau)^-1.5}, faster with a larger rate and a wider model;
 *       its level {@code a} is best at a rate near 10^-1.3, a weight decay of 10^-3 and no smoothing (which caps the
 *       confidence on right answers too), and lower for wider models;</li>
 *   <li>memorisation {@code m(t) = S((t - T_m) / (0.3 T_m))}, S the logistic function, sets in around {@code T_m = 3
 *       tau + 10 (lr / 0.01)^0.6 (128 / width)^0.5 (1 + wd / 10^-3)^0.5}: never before the clean fit is done, later
 *       with a larger rate (SGD's noise keeps it from fitting single examples) and a larger weight decay, sooner with
 *       a wider model; its height {@code H = 0.6 c (1 - 2 smoothing) / (1 + wd / 0.003)} grows with the share
 *       {@code c} of the wrong labels the model can fit, 0.4 at a width of 32 and all of them from 256 on;</li>
 *   <li>the second descent {@code D(t) = g S((t - T_d) / (0.3 T_d))}, {@code T_d = 3 T_m (512 / width)^0.5}, takes
 *       back a share {@code g} of the rise: none at a width of 64 or less, 0.3 / 0.6 / 0.9 at 128 / 256 / 512;</li>
 *   <li>so the fast wide runs lead for the first epochs, are the worst around their rise, and the widest of them end
 *       near the best again; strongly regularised runs (a large rate or weight decay) never memorise within the
 *       horizon and pay for it in their level. Unlike {@code overfit}, whose loss rises without end, the rise here
 *       levels off and partly reverses. Every reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the rate and the weight decay for every width, each point at its best smoothing (the
 * final is a parabola in the smoothing: {@link #bestSmoothing}). Immutable and thread-safe.
 */
public final class LabelNoiseProblem extends FixedProblem {

    static final int EPOCHS = 120;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final int[] WIDTHS = {32, 64, 128, 256, 512};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.001, 0.3]},
         "width": {"_type": "choice", "_value": [32, 64, 128, 256, 512]},
         "weight_decay": {"_type": "loguniform", "_value": [0.00001, 0.01]},
         "label_smoothing": {"_type": "uniform", "_value": [0.0, 0.3]}}
        """, "labelnoise search space");
    private static final double OPTIMUM = findOptimum();

    public LabelNoiseProblem(long seed) {
        super("labelnoise", EPOCHS + "-epoch validation loss under label noise: falls, rises as wrong labels are"
            + " memorised, levels off, and falls again for wide models, 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "labelnoise parameters");
        double lr = Params.number(p, "lr");
        double width = Params.number(p, "width");
        double decay = Params.number(p, "weight_decay");
        double smoothing = Params.number(p, "label_smoothing");
        if (!(lr > 0) || !(width > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"width\" and \"weight_decay\" must be positive,"
                + " got " + lr + ", " + width + " and " + decay);
        }
        if (!(smoothing >= 0 && smoothing < 0.5)) {
            throw new IllegalArgumentException("parameter \"label_smoothing\" must be in 0..0.5 (0.5 excluded), got "
                + smoothing);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, width, decay, smoothing, t));
    }

    /** The epoch {@code T_m} around which the wrong labels are memorised. */
    static double memorisation(double lr, double width, double decay) {
        return 3 * timeScale(lr, width)
            + 10 * Math.pow(lr / 0.01, 0.6) * Math.sqrt(128 / width) * Math.sqrt(1 + decay / 1e-3);
    }

    /** The time scale {@code tau} of the clean fit. */
    static double timeScale(double lr, double width) {
        return 3 * Math.sqrt(0.03 / lr) * Math.pow(128 / width, 0.3);
    }

    /** The share of the wrong labels a model of this width can memorise: 0.4 at 32, all from 256 on. */
    static double capacity(double width) {
        return Math.min(1, 0.4 + 0.2 * Math.log(width / 32) / Math.log(2));
    }

    /** The share {@code g} of the rise a model of this width takes back (epoch-wise double descent). */
    static double secondDescent(double width) {
        return 0.9 * Math.min(1, Math.max(0, Math.log(width / 64) / Math.log(2) / 3));
    }

    /** The noise-free loss after epoch {@code t}. */
    static double cleanLoss(double lr, double width, double decay, double smoothing, double t) {
        double level = 0.45 + 0.04 * square(Math.log10(lr) + 1.3) + 0.06 * 32 / width
            + 0.015 * square(Math.log10(decay) + 3) + 0.5 * smoothing * smoothing;
        double clean = level + (START_LOSS - level) * Math.pow(1 + t / timeScale(lr, width), -1.5);
        return clean + (1 - 2 * smoothing) * unsmoothedRise(lr, width, decay, t);
    }

    /** What memorisation adds after epoch {@code t} without smoothing: {@code H m(t) (1 - D(t))} at no smoothing. */
    static double unsmoothedRise(double lr, double width, double decay, double t) {
        double onset = memorisation(lr, width, decay);
        double secondOnset = 3 * onset * Math.sqrt(512 / width);
        double kept = 1 - secondDescent(width) * logistic((t - secondOnset) / (0.3 * secondOnset));
        return 0.6 * capacity(width) / (1 + decay / 0.003) * logistic((t - onset) / (0.3 * onset)) * kept;
    }

    /**
     * The smoothing of the space (0..0.3) with the least final loss at this rate, width and weight decay: the final
     * is {@code const + 0.5 (1 - q) s^2 + R (1 - 2 s)} in the smoothing s, {@code q = (1 + E / tau)^-1.5} the share
     * of the level not yet reached, least at {@code s = 2 R / (1 - q)}.
     */
    static double bestSmoothing(double lr, double width, double decay) {
        double notReached = Math.pow(1 + EPOCHS / timeScale(lr, width), -1.5);
        return Math.min(0.3, 2 * unsmoothedRise(lr, width, decay, EPOCHS) / (1 - notReached));
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static double finalAtBestSmoothing(double lr, double width, double decay) {
        return cleanLoss(lr, width, decay, bestSmoothing(lr, width, decay), EPOCHS);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int width : WIDTHS) {
            best = Math.min(best, Curves.bracketedMinimum(-5, -2, 30, w -> Curves.bracketedMinimum(-3, Math.log10(0.3),
                40, u -> finalAtBestSmoothing(Math.pow(10, u), width, Math.pow(10, w)))));
        }
        return best;
    }
}
