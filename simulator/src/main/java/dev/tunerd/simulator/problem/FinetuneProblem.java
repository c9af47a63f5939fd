package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.SplittableRandom;

/**
 * {@code finetune}: 30 epochs of fine-tuning a pretrained model on a small binary classification set, the metric the
 * error rate on a dev set of {@value #DEV_SET} examples. A configuration is a learning rate ({@code loguniform}, over
 * four decades as users write it), a batch size ({@code choice}), a warm-up share ({@code quniform}, as Hugging Face's
 * {@code warmup_ratio}) and a weight decay ({@code uniform}). With {@code d} the rate's distance in decades from the
 * batch's best, {@code 3 10^-5 sqrt(b / 32)}:
 * <ul>
 *   <li>the error falls from chance (0.5, a new classification head) as {@code a + (0.5 - a) exp(-k s)}, s the
 *       epochs trained less half the warm-up, with a speed {@code k = 1.2 10^(0.8 min(d, 0.5))}: a rate ten times too
 *       small gains a sixth as much per epoch, thirty times too small ends near 0.19;</li>
 *   <li>the level {@code a = 0.10 + 0.02 d^2} below the best rate and {@code 0.10 + 0.06 d^2} above it (a large rate
 *       destroys pretrained features: catastrophic forgetting), a little worse for a weight decay away from 0.01 and a
 *       batch away from 16; on small data the error creeps up late, by {@code 0.015 10^(0.5 min(d, 1)) (t /
 *       30)^2}, so the best final comes at half the best level's rate;</li>
 *   <li>some runs fail (Mosbach et al. 2021; Dodge et al. 2020): after their first or second epoch they collapse to
 *       predicting one class (error 0.5) and stay there. The chance of failure is {@code 0.6 S((d - 0.2) / 0.2) (1 -
 *       2 warmup_ratio)}, S the logistic function: about a sixth at the best rate without warm-up, half of the runs
 *       half a decade above it, and a warm-up of 0.2 removes 40% of it. Whether a run fails is drawn from the seed
 *       and the parameters, as its noise;</li>
 *   <li>the reported error is measured on the dev set: binomial, sd {@code sqrt(e (1 - e) / 500)} (1.3 points at
 *       0.10), half of its variance fixed per configuration (the dev set does not change between epochs) and half
 *       drawn per epoch, rounded to a whole number of examples (values come in steps of 0.002 and tie).</li>
 * </ul>
 * The true final is the noise-free error rate at the horizon (a failed run's is 0.5). f* is found on a grid over the
 * rate for every batch size and warm-up (the weight-decay term is separable and zero at 0.01). Immutable and
 * thread-safe.
 */
public final class FinetuneProblem extends FixedProblem {

    static final int EPOCHS = 30;
    static final int DEV_SET = 500;
    static final double CHANCE = 0.5;
    private static final int[] BATCH_SIZES = {8, 16, 32, 64};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.000001, 0.01]},
         "batch_size": {"_type": "choice", "_value": [8, 16, 32, 64]},
         "warmup_ratio": {"_type": "quniform", "_value": [0.0, 0.2, 0.02]},
         "weight_decay": {"_type": "uniform", "_value": [0.0, 0.1]}}
        """, "finetune search space");
    private static final double OPTIMUM = findOptimum();

    public FinetuneProblem(long seed) {
        super("finetune", EPOCHS + "-epoch fine-tuning error rate on a 500-example dev set: a narrow rate window,"
            + " runs that fail at random, binomial noise in steps of 0.002", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "finetune parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        double warmup = Params.number(p, "warmup_ratio");
        double decay = Params.number(p, "weight_decay");
        if (!(lr > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"batch_size\" must be positive, got " + lr
                + " and " + batch);
        }
        if (!(warmup >= 0 && warmup <= 0.5)) {
            throw new IllegalArgumentException("parameter \"warmup_ratio\" must be in 0..0.5, got " + warmup);
        }
        if (!(decay >= 0 && decay <= 1)) {
            throw new IllegalArgumentException("parameter \"weight_decay\" must be in 0..1, got " + decay);
        }
        SplittableRandom random = Curves.noise(seed, parameters);
        boolean fails = random.nextDouble() < failureChance(lr, batch, warmup);
        int failsAfter = 1 + random.nextInt(2);
        double devSetBias = random.nextGaussian();
        double[] reported = new double[EPOCHS];
        double clean = 0;
        for (int t = 1; t <= EPOCHS; t++) {
            clean = cleanError(lr, batch, warmup, decay, t);
            if (fails && t > failsAfter) {
                double before = cleanError(lr, batch, warmup, decay, failsAfter);
                clean = CHANCE + (before - CHANCE) * Math.exp(-(t - failsAfter));
            }
            reported[t - 1] = measured(clean, devSetBias, random.nextGaussian());
        }
        return new Trajectory(reported, clean);
    }

    /** The rate's distance in decades from the best rate of batch size {@code batch}. */
    static double distance(double lr, double batch) {
        return Math.log10(lr / (3e-5 * Math.sqrt(batch / 32)));
    }

    /** The chance that a run fails (collapses to one class). */
    static double failureChance(double lr, double batch, double warmup) {
        double d = distance(lr, batch);
        return 0.6 / (1 + Math.exp(-(d - 0.2) / 0.2)) * (1 - 2 * warmup);
    }

    /** The noise-free error rate after epoch {@code t} of a run that does not fail. */
    static double cleanError(double lr, double batch, double warmup, double decay, int t) {
        double d = distance(lr, batch);
        double level = 0.10 + (d < 0 ? 0.02 : 0.06) * d * d + 0.002 * square(Math.log(batch / 16) / Math.log(2))
            + 0.5 * square(decay - 0.01);
        double speed = 1.2 * Math.pow(10, 0.8 * Math.min(d, 0.5));
        double warmupEpochs = warmup * EPOCHS;
        double trained = t >= warmupEpochs ? t - warmupEpochs / 2 : t * t / (2 * warmupEpochs);
        double late = 0.015 * Math.pow(10, 0.5 * Math.min(d, 1)) * square((double) t / EPOCHS);
        return level + (CHANCE - level) * Math.exp(-speed * trained) + late;
    }

    /** The error measured on the dev set: binomial noise, half fixed and half per epoch, in whole examples. */
    static double measured(double error, double fixedDraw, double epochDraw) {
        double sd = Math.sqrt(error * (1 - error) / DEV_SET);
        double noisy = error + sd * Math.sqrt(0.5) * (fixedDraw + epochDraw);
        return Math.rint(Math.min(1, Math.max(0, noisy)) * DEV_SET) / DEV_SET;
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : BATCH_SIZES) {
            for (int w = 0; w <= 10; w++) {
                double warmup = w * 0.02;
                best = Math.min(best, Curves.bracketedMinimum(-6, -2, 80,
                    u -> cleanError(Math.pow(10, u), batch, warmup, 0.01, EPOCHS)));
            }
        }
        return best;
    }
}
