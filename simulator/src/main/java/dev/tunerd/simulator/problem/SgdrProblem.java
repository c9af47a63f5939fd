package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code sgdr}: 150 epochs of SGD with cosine annealing and warm restarts (Loshchilov and Hutter's SGDR, PyTorch's
 * {@code CosineAnnealingWarmRestarts}): the rate anneals from its peak over a cycle of {@code t_0} epochs, jumps back
 * to the peak, and each next cycle is {@code t_mult} times longer. A configuration is a peak rate ({@code loguniform}),
 * a momentum ({@code uniform}; the effective rate is {@code e = lr 0.1 / (1 - m)}), the first cycle's length and the
 * cycle multiplier ({@code choice}s) and a weight decay ({@code loguniform}). In epoch t the rate is
 * {@code e (1 + cos(pi c / L)) / 2}, c the epochs already done in the current cycle of length L (as PyTorch's
 * {@code T_cur}), and each epoch moves the loss towards that epoch's floor, {@code L <- f + (L - f)(1 - r)}, from 2.3:
 * <ul>
 *   <li>the floor {@code f = a + 0.25 e_t} is the generalisation level {@code a} plus SGD's noise at the epoch's rate;
 *       the speed {@code r = min(0.5, 1.2 sqrt(e_t))};</li>
 *   <li>{@code a} is best at a large effective rate (near 10^-0.5, flat minima) and a weight decay of 10^-3.5;</li>
 *   <li>so the loss falls within each cycle and jumps up at every restart, and a value read mid-run depends on where
 *       the run stands in its cycle; at the horizon the runs whose last cycle ends there (six of the eight schedules:
 *       5 x 30, 10 x 15, 10 + 20 + 40 + 80, 25 x 6, 50 x 3, 50 + 100) have annealed, 5 + 10 + 20 + 40 + 80 stands 75
 *       epochs into a cycle of 80 (nearly annealed), 25 + 50 + 100 stands half-way through a cycle of 100 (a
 *       sixth of the peak rate left); a cycle of 5 epochs ends at a tenth of the peak (its last epoch is
 *       {@code c = 4} of 5). Every reported value carries 2% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the effective rate for each schedule (the weight-decay term is separable and zero at
 * 10^-3.5; the rate and the momentum act only through {@code e}). Immutable and thread-safe.
 */
public final class SgdrProblem extends FixedProblem {

    static final int EPOCHS = 150;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.02;
    private static final double BEST_DECAY = -3.5;
    private static final int[] FIRST_CYCLES = {5, 10, 25, 50};
    private static final int[] MULTIPLIERS = {1, 2};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.005, 2.0]},
         "momentum": {"_type": "uniform", "_value": [0.8, 0.99]},
         "t_0": {"_type": "choice", "_value": [5, 10, 25, 50]},
         "t_mult": {"_type": "choice", "_value": [1, 2]},
         "weight_decay": {"_type": "loguniform", "_value": [0.00001, 0.01]}}
        """, "sgdr search space");
    private static final double OPTIMUM = findOptimum();

    public SgdrProblem(long seed) {
        super("sgdr", EPOCHS + "-epoch SGD with cosine annealing and warm restarts: the loss jumps up at each restart,"
            + " judged after the last cycle, 2% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "sgdr parameters");
        double lr = Params.number(p, "lr");
        double momentum = Params.number(p, "momentum");
        double firstCycle = Params.number(p, "t_0");
        double multiplier = Params.number(p, "t_mult");
        double decay = Params.number(p, "weight_decay");
        if (!(lr > 0) || !(decay > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"weight_decay\" must be positive, got " + lr
                + " and " + decay);
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("parameter \"momentum\" must be in 0..1 (1 excluded), got " + momentum);
        }
        if (!(firstCycle >= 1 && firstCycle == Math.rint(firstCycle))) {
            throw new IllegalArgumentException("parameter \"t_0\" must be a whole number of epochs, at least 1, got "
                + firstCycle);
        }
        if (!(multiplier >= 1 && multiplier == Math.rint(multiplier))) {
            throw new IllegalArgumentException("parameter \"t_mult\" must be a whole number, at least 1, got "
                + multiplier);
        }
        double[] clean = cleanCurve(lr * 0.1 / (1 - momentum), (int) firstCycle, (int) multiplier, decay);
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters), t -> clean[t - 1]);
    }

    /**
     * The rate in epoch {@code t} (1-based) at peak {@code peak}, first cycle {@code firstCycle} epochs, each next
     * cycle {@code multiplier} times longer.
     */
    static double rate(double peak, int firstCycle, int multiplier, int t) {
        long start = 0;
        long length = firstCycle;
        while (t > start + length) {
            start += length;
            length *= multiplier;
        }
        return peak * 0.5 * (1 + Math.cos(Math.PI * (t - start - 1) / length));
    }

    /** The generalisation level {@code a} at effective peak rate {@code rate}. */
    static double asymptote(double rate, double decay) {
        return 0.08 + 0.05 * square(Math.log10(rate) + 0.5) + 0.02 * square(Math.log10(decay) - BEST_DECAY);
    }

    /** The noise-free loss after epochs 1..{@link #EPOCHS}. */
    static double[] cleanCurve(double peak, int firstCycle, int multiplier, double decay) {
        double asymptote = asymptote(peak, decay);
        return Curves.towardsFloors(EPOCHS, START_LOSS, t -> asymptote + 0.25 * rate(peak, firstCycle, multiplier, t),
            t -> Math.min(0.5, 1.2 * Math.sqrt(rate(peak, firstCycle, multiplier, t))));
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        double decay = Math.pow(10, BEST_DECAY);
        for (int first : FIRST_CYCLES) {
            for (int multiplier : MULTIPLIERS) {
                best = Math.min(best, Curves.bracketedMinimum(Math.log10(0.005 * 0.5), Math.log10(2.0 * 10), 80,
                    u -> cleanCurve(Math.pow(10, u), first, multiplier, decay)[EPOCHS - 1]));
            }
        }
        return best;
    }
}
