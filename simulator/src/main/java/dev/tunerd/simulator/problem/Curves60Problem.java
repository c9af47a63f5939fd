package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code curves60}: 60-epoch validation-loss curves, NNI's default Hyperband horizon ({@code R = 60}, not a power of
 * eta, so Hyperband's budgets are 2, 6, 20 and 60 epochs), with moderate crossing from data augmentation. A
 * configuration is a learning rate ({@code loguniform}), a batch size ({@code choice}), an augmentation strength
 * ({@code quniform} 0..1 in steps of 0.1) and a weight decay ({@code loguniform}). Its loss after epoch t is
 * {@code a + (2.3 - a) / (1 + (t / tau)^2)}, a sigmoid in log t:
 * <ul>
 *   <li>the half-way time {@code tau} shrinks with the learning rate and grows with the batch size and, as
 *       augmented data are harder to fit, by up to 2.5 times with the augmentation;</li>
 *   <li>the asymptote {@code a} is best at a learning rate near 10^-1.8, a batch of 128 and a weight decay of
 *       10^-4, and augmentation lowers it (best near 0.86): the strongly augmented runs trail for the first epochs
 *       and finish ahead, and the runs above the best rate lead early and plateau high;</li>
 *   <li>every reported value carries 3% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid (the weight-decay term is separable and zero at 10^-4; augmentation on a grid of 0.01, finer
 * than the space's 0.1). Immutable and thread-safe.
 */
public final class Curves60Problem extends FixedProblem {

    static final int EPOCHS = 60;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.03;
    private static final int[] BATCH_SIZES = {32, 64, 128, 256, 512};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.3]},
         "batch_size": {"_type": "choice", "_value": [32, 64, 128, 256, 512]},
         "augment": {"_type": "quniform", "_value": [0.0, 1.0, 0.1]},
         "weight_decay": {"_type": "loguniform", "_value": [0.000001, 0.01]}}
        """, "curves60 search space");
    private static final double OPTIMUM = findOptimum();

    public Curves60Problem(long seed) {
        super("curves60", EPOCHS + "-epoch loss curves, NNI's default R; augmentation trails early and finishes"
            + " ahead (moderate crossing), 3% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "curves60 parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        double augment = Params.number(p, "augment");
        double decay = Params.number(p, "weight_decay");
        if (!(lr > 0) || !(batch > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"batch_size\" and \"weight_decay\" must be"
                + " positive, got " + lr + ", " + batch + " and " + decay);
        }
        if (!(augment >= 0 && augment <= 1)) {
            throw new IllegalArgumentException("parameter \"augment\" must be in 0..1, got " + augment);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, batch, augment, decay, t));
    }

    /** The noise-free loss after epoch {@code t}. */
    static double cleanLoss(double lr, double batch, double augment, double decay, double t) {
        double u = Math.log10(lr);
        double doublings = Math.log(batch / 128) / Math.log(2);
        double w = Math.log10(decay);
        double asymptote = 0.12 + 0.05 * (u + 1.8) * (u + 1.8) + 0.012 * doublings * doublings
            - 0.12 * augment + 0.07 * augment * augment + 0.012 * (w + 4) * (w + 4);
        double tau = 3 * Math.pow(10, -0.5 * (u + 2)) * Math.pow(2, 0.5 * doublings) * (1 + 1.5 * augment);
        double x = t / tau;
        return asymptote + (START_LOSS - asymptote) / (1 + x * x);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : BATCH_SIZES) {
            for (int a = 0; a <= 100; a++) {
                double augment = a / 100.0;
                best = Math.min(best, Curves.gridMinimum(-4, Math.log10(0.3), 400,
                    u -> cleanLoss(Math.pow(10, u), batch, augment, 1e-4, EPOCHS)));
            }
        }
        return best;
    }
}
