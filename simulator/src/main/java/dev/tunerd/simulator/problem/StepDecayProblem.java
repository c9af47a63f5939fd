package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code stepdecay}: 100 epochs of SGD with a step-decay schedule, the learning rate divided by 10 after 50 and 75
 * epochs of the horizon (as in the common ResNet recipes). A configuration is a learning rate ({@code loguniform}), a
 * momentum ({@code uniform}), a weight decay ({@code loguniform}) and a batch size ({@code choice}); with momentum m
 * the effective rate is {@code e = lr / (10 (1 - m))}. In phase k (rate {@code e_k = e / 10^k}) each epoch moves the
 * loss L towards the phase's floor, {@code L <- f_k + (L - f_k)(1 - r_k)}, from 2.3 at the start:
 * <ul>
 *   <li>the floor {@code f_k = a + e_k sqrt(128 / b)} is the generalisation level {@code a} plus SGD's noise,
 *       which grows with the rate and shrinks with the batch {@code b}; the speed {@code r_k = min(0.5, 1.5
 *       sqrt(e_k))};</li>
 *   <li>{@code a} is best at a large rate ({@code e} near 10^-0.7, flat minima) and a weight decay of 10^-3.5, and
 *       worse by 0.015 per doubling of the batch above 64;</li>
 *   <li>so until epoch 50 the runs with a large rate plateau high and a small rate looks best; the drops bring the
 *       large rates below them. Every reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the effective rate (the weight-decay term is separable and zero at 10^-3.5; the
 * learning rate and the momentum act only through {@code e}). Immutable and thread-safe.
 */
public final class StepDecayProblem extends FixedProblem {

    static final int EPOCHS = 100;
    /** The epochs of the horizon after which the rate is divided by 10. */
    static final int[] DROPS = {50, 75};
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final int[] BATCH_SIZES = {64, 128, 256};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.001, 1.0]},
         "momentum": {"_type": "uniform", "_value": [0.5, 0.95]},
         "weight_decay": {"_type": "loguniform", "_value": [0.00001, 0.01]},
         "batch_size": {"_type": "choice", "_value": [64, 128, 256]}}
        """, "stepdecay search space");
    private static final double OPTIMUM = findOptimum();

    public StepDecayProblem(long seed) {
        super("stepdecay", EPOCHS + "-epoch step-decay training (rate / 10 at epochs 50 and 75): large rates look"
            + " worse until the drops, 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "stepdecay parameters");
        double lr = Params.number(p, "lr");
        double momentum = Params.number(p, "momentum");
        double decay = Params.number(p, "weight_decay");
        double batch = Params.number(p, "batch_size");
        if (!(lr > 0) || !(batch > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"batch_size\" and \"weight_decay\" must be"
                + " positive, got " + lr + ", " + batch + " and " + decay);
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("parameter \"momentum\" must be in 0..1 (1 excluded), got " + momentum);
        }
        double[] clean = cleanCurve(lr / (10 * (1 - momentum)), decay, batch);
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters), t -> clean[t - 1]);
    }

    /** The noise-free loss after epochs 1..{@link #EPOCHS} at effective rate {@code rate}. */
    static double[] cleanCurve(double rate, double decay, double batch) {
        double asymptote = 0.08 + 0.05 * square(Math.log10(rate) + 0.7) + 0.02 * square(Math.log10(decay) + 3.5)
            + 0.015 * Math.log(batch / 64) / Math.log(2);
        return Curves.towardsFloors(EPOCHS, START_LOSS,
            t -> asymptote + rate * Math.pow(0.1, phase(t - 1)) * Math.sqrt(128 / batch),
            t -> Math.min(0.5, 1.5 * Math.sqrt(rate * Math.pow(0.1, phase(t - 1)))));
    }

    /** How many drops came before epoch {@code t + 1}. */
    static int phase(int t) {
        int k = 0;
        for (int drop : DROPS) {
            if (t >= drop) {
                k++;
            }
        }
        return k;
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        double lowest = Math.log10(0.001 / 5);
        double highest = Math.log10(1.0 / 0.5);
        for (int batch : BATCH_SIZES) {
            best = Math.min(best, Curves.gridMinimum(lowest, highest, 400,
                u -> cleanCurve(Math.pow(10, u), Math.pow(10, -3.5), batch)[EPOCHS - 1]));
        }
        return best;
    }
}
