package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code warmcosine}: 50 epochs of SGD under the schedule most image and language models now train with, a linear
 * warm-up to a peak rate and then cosine annealing to (nearly) zero at the horizon. A configuration is a peak rate
 * ({@code loguniform}), a warm-up length ({@code randint} 0..10 epochs), a weight decay ({@code loguniform}) and a
 * batch size ({@code choice}). The rate in epoch t is {@code lr t / (w + 1)} during the warm-up and {@code lr (1 +
 * cos(pi (t - w - 1) / (50 - w))) / 2} after it. Each epoch moves the loss L towards that epoch's floor, {@code L <-
 * f_t + (L - f_t)(1 - r_t)}, from 2.3 at the start:
 * <ul>
 *   <li>the floor {@code f_t = a + 0.3 e_t sqrt(128 / b)} is the generalisation level {@code a} plus SGD's noise,
 *       which grows with the epoch's rate {@code e_t} and shrinks with the batch {@code b}; the speed is {@code r_t
 *       = min(0.5, 1.2 sqrt(e_t) (128 / b)^0.25)} (a larger batch takes fewer steps per epoch);</li>
 *   <li>{@code a} is best at a large peak rate (flat minima; near 10^-0.6 at a batch of 128, and higher with the
 *       batch by the square-root scaling rule), a weight decay near 5 10^-4, and worse by 0.012 per doubling of the
 *       batch above 128; a peak rate above 0.16 without warm-up costs up to 0.07, a cost the warm-up removes
 *       ({@code exp(-w / 3)}), as large-batch recipes found;</li>
 *   <li>so while the rate is high the runs with a large peak rate sit on a high floor and the small rates look as
 *       good or better: mid-run values are compressed and partly reordered, and most of the large rates' gain after
 *       the first epochs comes in the second half, as the rate anneals. Every reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the peak rate for every batch size and warm-up (the weight-decay term is separable and
 * zero at 10^-3.3). Immutable and thread-safe.
 */
public final class WarmCosineProblem extends FixedProblem {

    static final int EPOCHS = 50;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final double BEST_DECAY = -3.3;
    private static final int MAX_WARMUP = 10;
    private static final int[] BATCH_SIZES = {64, 128, 256, 512};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.003, 3.0]},
         "warmup": {"_type": "randint", "_value": [0, 11]},
         "weight_decay": {"_type": "loguniform", "_value": [0.00001, 0.01]},
         "batch_size": {"_type": "choice", "_value": [64, 128, 256, 512]}}
        """, "warmcosine search space");
    private static final double OPTIMUM = findOptimum();

    public WarmCosineProblem(long seed) {
        super("warmcosine", EPOCHS + "-epoch SGD with linear warm-up and cosine annealing: large rates gain most in the"
            + " second half, 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "warmcosine parameters");
        double lr = Params.number(p, "lr");
        double warmup = Params.number(p, "warmup");
        double decay = Params.number(p, "weight_decay");
        double batch = Params.number(p, "batch_size");
        if (!(lr > 0) || !(batch > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"batch_size\" and \"weight_decay\" must be"
                + " positive, got " + lr + ", " + batch + " and " + decay);
        }
        if (!(warmup >= 0 && warmup < EPOCHS)) {
            throw new IllegalArgumentException("parameter \"warmup\" must be in 0.." + (EPOCHS - 1) + " epochs, got "
                + warmup);
        }
        double[] clean = cleanCurve(lr, warmup, decay, batch);
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters), t -> clean[t - 1]);
    }

    /** The rate in epoch {@code t} (1-based) of a run with peak rate {@code lr} and {@code warmup} warm-up epochs. */
    static double rate(double lr, double warmup, int t) {
        if (t <= warmup) {
            return lr * t / (warmup + 1);
        }
        return lr * 0.5 * (1 + Math.cos(Math.PI * (t - warmup - 1) / (EPOCHS - warmup)));
    }

    /** The generalisation level {@code a}. */
    static double asymptote(double lr, double warmup, double decay, double batch) {
        double u = Math.log10(lr);
        double doublings = Math.log(batch / 128) / Math.log(2);
        double bestRate = -0.6 + 0.5 * Math.log10(batch / 128);
        double coldStart = 0.05 * Math.max(0, u + 0.8) * Math.exp(-warmup / 3);
        return 0.08 + 0.05 * square(u - bestRate) + 0.02 * square(Math.log10(decay) - BEST_DECAY)
            + 0.012 * Math.max(0, doublings) + coldStart;
    }

    /** The noise-free loss after epochs 1..{@link #EPOCHS}. */
    static double[] cleanCurve(double lr, double warmup, double decay, double batch) {
        double asymptote = asymptote(lr, warmup, decay, batch);
        return Curves.towardsFloors(EPOCHS, START_LOSS,
            t -> asymptote + 0.3 * rate(lr, warmup, t) * Math.sqrt(128 / batch),
            t -> Math.min(0.5, 1.2 * Math.sqrt(rate(lr, warmup, t)) * Math.pow(128 / batch, 0.25)));
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        double decay = Math.pow(10, BEST_DECAY);
        for (int batch : BATCH_SIZES) {
            for (int w = 0; w <= MAX_WARMUP; w++) {
                int warmup = w;
                best = Math.min(best, Curves.bracketedMinimum(Math.log10(0.003), Math.log10(3.0), 60,
                    u -> cleanCurve(Math.pow(10, u), warmup, decay, batch)[EPOCHS - 1]));
            }
        }
        return best;
    }
}
