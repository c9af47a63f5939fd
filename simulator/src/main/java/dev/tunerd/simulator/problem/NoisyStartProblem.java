package dev.tunerd.simulator.problem;

import static dev.tunerd.simulator.problem.Curves.square;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code noisystart}: 64-epoch loss curves whose reported values are very noisy at first and steady at the end
 * (heteroscedastic noise): the relative noise is {@code 0.02 + 0.13 exp(-(t - 1) / 8)}, 15% after the first epoch,
 * about 7% after the eighth, 3% after the twentieth and 2% at the horizon, as a validation loss read while the
 * weights still move in large steps is. A configuration is a learning rate ({@code loguniform}), a width
 * ({@code choice}), a dropout ({@code uniform}) and a batch size ({@code choice}); its loss after epoch t is the
 * broken power law {@code a + (2.3 - a) (1 + t / tau)^(-1.2)}:
 * <ul>
 *   <li>the asymptote {@code a} is best at a rate near 10^-2.5, the widest model with a dropout of 0.3 (a narrower
 *       one wants less: 0.05 less per halving of the width) and a batch of 64 (0.01 worse per doubling away from
 *       it), and grows as the square of the rate's distance from its best;</li>
 *   <li>the time scale {@code tau} shrinks with the rate (a rate above the best learns faster and ends higher) and
 *       grows with the dropout and the batch, so regularised runs trail early and finish ahead: mild crossing.</li>
 * </ul>
 * f* is found on a grid over the dropout and, for each, the rate, for every width and batch (the dropout and the batch
 * act on {@code tau} too, so nothing is separable). Immutable and thread-safe.
 */
public final class NoisyStartProblem extends FixedProblem {

    static final int EPOCHS = 64;
    private static final double START_LOSS = 2.3;
    private static final int[] WIDTHS = {64, 128, 256, 512, 1024};
    private static final int[] BATCH_SIZES = {32, 64, 128, 256};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.1]},
         "width": {"_type": "choice", "_value": [64, 128, 256, 512, 1024]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.6]},
         "batch_size": {"_type": "choice", "_value": [32, 64, 128, 256]}}
        """, "noisystart search space");
    private static final double OPTIMUM = findOptimum();

    public NoisyStartProblem(long seed) {
        super("noisystart", EPOCHS + "-epoch power-law curves with noise shrinking from 15% at the first epoch to 2% at"
            + " the last", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "noisystart parameters");
        double lr = Params.number(p, "lr");
        double width = Params.number(p, "width");
        double dropout = Params.number(p, "dropout");
        double batch = Params.number(p, "batch_size");
        if (!(lr > 0) || !(width > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\", \"width\" and \"batch_size\" must be positive, got "
                + lr + ", " + width + " and " + batch);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("parameter \"dropout\" must be in 0..1 (1 excluded), got " + dropout);
        }
        return Curves.noisy(EPOCHS, NoisyStartProblem::relativeNoise, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, width, dropout, batch, t));
    }

    /** The relative noise (standard deviation) of the value reported after epoch {@code t}. */
    static double relativeNoise(int t) {
        return 0.02 + 0.13 * Math.exp(-(t - 1) / 8.0);
    }

    /** The noise-free loss after epoch {@code t}. */
    static double cleanLoss(double lr, double width, double dropout, double batch, int t) {
        double d = Math.log10(lr) + 2.5;
        double narrowing = Math.log(1024 / width) / Math.log(2);
        double doublings = Math.log(batch / 64) / Math.log(2);
        double bestDropout = 0.3 - 0.05 * narrowing;
        double asymptote = 0.09 + 0.04 * d * d + 0.006 * narrowing * narrowing + 0.3 * square(dropout - bestDropout)
            + 0.01 * Math.abs(doublings);
        double tau = 2 * Math.pow(10, -0.5 * d) * (1 + dropout) * Math.pow(2, 0.3 * doublings);
        return asymptote + (START_LOSS - asymptote) * Math.pow(1 + t / tau, -1.2);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int width : WIDTHS) {
            for (int batch : BATCH_SIZES) {
                best = Math.min(best, Curves.bracketedMinimum(0, 0.6, 60, dropout -> Curves.bracketedMinimum(-4,
                    -1, 60, u -> cleanLoss(Math.pow(10, u), width, dropout, batch, EPOCHS))));
            }
        }
        return best;
    }
}
