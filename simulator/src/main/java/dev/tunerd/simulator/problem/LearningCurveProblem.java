package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.SplittableRandom;

/**
 * {@code curves}: synthetic training-loss curves for assessor experiments (BENCHMARKS.md section 4). A configuration
 * is a learning rate ({@code loguniform}), a batch size ({@code choice}) and a dropout ({@code uniform}); its loss
 * after epoch t is {@code a + (2.3 - a) exp(-k t)}, plus divergence and noise:
 * <ul>
 *   <li>the asymptote {@code a} is lowest near lr = 10^-2.5 and the speed {@code k} grows with lr, so fast learners
 *       lead early and are overtaken later: curves cross, which is what fools an early stopper;</li>
 *   <li>above lr = 0.2 a run may diverge (more likely the larger lr): from a random epoch its loss grows
 *       quadratically;</li>
 *   <li>every reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * Divergence and noise are drawn from a generator seeded by the problem seed and the parameter set, so the same
 * seed and parameters always give the same curve. f* is the smallest noise-free final loss, found numerically once
 * (the terms in dropout and batch size are separable from lr). Immutable and thread-safe.
 */
public final class LearningCurveProblem extends FixedProblem {

    static final int EPOCHS = 20;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final int[] BATCH_SIZES = {16, 32, 64, 128};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 1.0]},
         "batch_size": {"_type": "choice", "_value": [16, 32, 64, 128]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.6]}}
        """, "curves search space");
    private static final double OPTIMUM = findOptimum();

    public LearningCurveProblem(long seed) {
        super("curves", EPOCHS + "-epoch loss curves that cross, diverge and carry noise; for assessors",
            SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "curves parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        double dropout = Params.number(p, "dropout");
        if (!(lr > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"batch_size\" must be positive, got "
                + lr + " and " + batch);
        }
        SplittableRandom random = Curves.noise(seed, parameters);
        int divergesAfter = divergenceEpoch(lr, random);
        return Curves.noisy(EPOCHS, NOISE, random,
            t -> cleanLoss(lr, batch, dropout, t) + divergence(divergesAfter, t));
    }

    /** The noise-free loss without divergence after epoch {@code t}. */
    static double cleanLoss(double lr, double batch, double dropout, int t) {
        double u = Math.log10(lr);
        double asymptote = 0.08 + 0.06 * (u + 2.5) * (u + 2.5) + 0.3 * (dropout - 0.25) * (dropout - 0.25)
            + 0.02 * Math.abs(Math.log(batch / 32) / Math.log(2));
        double speed = Math.min(3, 0.5 * Math.pow(10, (u + 2) * 0.5)) * Math.pow(32 / batch, 0.3);
        return asymptote + (START_LOSS - asymptote) * Math.exp(-speed * t);
    }

    private static int divergenceEpoch(double lr, SplittableRandom random) {
        double draw = random.nextDouble();
        int epoch = 3 + random.nextInt(11);
        double probability = (Math.log10(lr) + 0.7) / 0.7;
        return draw < probability ? epoch : Integer.MAX_VALUE;
    }

    private static double divergence(int divergesAfter, int t) {
        return t > divergesAfter ? 0.15 * (t - divergesAfter) * (t - divergesAfter) : 0;
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : BATCH_SIZES) {
            double bestU = -4;
            double bestHere = Double.POSITIVE_INFINITY;
            for (double u = -4; u <= 0; u += 1e-4) {
                double v = cleanLoss(Math.pow(10, u), batch, 0.25, EPOCHS);
                if (v < bestHere) {
                    bestHere = v;
                    bestU = u;
                }
            }
            for (double u = bestU - 2e-4; u <= bestU + 2e-4; u += 1e-7) {
                bestHere = Math.min(bestHere, cleanLoss(Math.pow(10, u), batch, 0.25, EPOCHS));
            }
            best = Math.min(best, bestHere);
        }
        return best;
    }
}
