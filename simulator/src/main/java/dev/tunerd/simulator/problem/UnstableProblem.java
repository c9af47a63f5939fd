package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * {@code unstable}: 45 epochs of training whose too-large rates learn fastest at first and then become unstable. A
 * configuration is a learning rate ({@code loguniform}), a batch size ({@code choice}), gradient clipping
 * ({@code choice} of {@code "none"} or {@code "norm"}) and a dropout ({@code uniform}). Until it becomes unstable a
 * run follows {@code B(t) = a + (2.3 - a) (1 + k t)^(-1.5)}, whose speed {@code k} grows with the rate and with the
 * steps per epoch (smaller batches):
 * <ul>
 *   <li>the asymptote {@code a} is best at a rate near 5 10^-3 and a dropout of 0.15, and worse by 0.01 per doubling
 *       of the batch away from 64;</li>
 *   <li>the curvature of the loss grows as training goes on (progressive sharpening), so a rate that is stable at
 *       first stops being so: with the critical rate {@code c = 0.01 sqrt(b / 64)} (a larger batch's gradient is
 *       less noisy), 2.5 times higher with clipping, a run becomes unstable after epoch {@code t_u = 3 (c / lr)^3}:
 *       within 3 epochs at or above {@code c}, never within the horizon below a third of it;</li>
 *   <li>after {@code t_u} the loss rises from its minimum towards a plateau, {@code P - (P - B(t)) exp(-(t - t_u) /
 *       tau)}: without clipping the run diverges to the loss of a chance-level prediction ({@code P = 2.3}, {@code tau
 *       = 1.5}); clipped, it only loses about a third of what it had learned ({@code P = B(t_u) + 0.35 (2.3 -
 *       B(t_u))}, {@code tau = 4});</li>
 *   <li>so the best rates sit just below the instability, and a small batch without clipping must stay well below
 *       the rates that look best in the first epochs. Every reported value carries 3% relative Gaussian noise.</li>
 * </ul>
 * f* is found on a grid over the rate for every batch size and clipping (the dropout term is separable and zero at
 * 0.15). Immutable and thread-safe.
 */
public final class UnstableProblem extends FixedProblem {

    static final int EPOCHS = 45;
    private static final double START_LOSS = 2.3;
    private static final double NOISE = 0.03;
    private static final double LOWEST_RATE = 0.0001;
    private static final double HIGHEST_RATE = 0.03;
    private static final List<String> CLIPPING = List.of("none", "norm");
    private static final int[] BATCH_SIZES = {16, 32, 64, 128, 256};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.03]},
         "batch_size": {"_type": "choice", "_value": [16, 32, 64, 128, 256]},
         "grad_clip": {"_type": "choice", "_value": ["none", "norm"]},
         "dropout": {"_type": "uniform", "_value": [0.0, 0.5]}}
        """, "unstable search space");
    private static final double OPTIMUM = findOptimum();

    public UnstableProblem(long seed) {
        super("unstable", EPOCHS + "-epoch curves whose too-large rates lead early, then turn unstable at an epoch"
            + " that depends on rate, batch and clipping, 3% noise", SPACE, OPTIMUM, EPOCHS, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "unstable parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        boolean clipped = Params.oneOf(p, "grad_clip", CLIPPING) == 1;
        double dropout = Params.number(p, "dropout");
        if (!(lr > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"batch_size\" must be positive, got " + lr
                + " and " + batch);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("parameter \"dropout\" must be in 0..1 (1 excluded), got " + dropout);
        }
        return Curves.noisy(EPOCHS, NOISE, Curves.noise(seed, parameters),
            t -> cleanLoss(lr, batch, clipped, dropout, t));
    }

    /** The epoch after which a run becomes unstable (possibly beyond the horizon). */
    static double unstableAfter(double lr, double batch, boolean clipped) {
        double critical = 0.01 * Math.sqrt(batch / 64) * (clipped ? 2.5 : 1);
        return 3 * Math.pow(critical / lr, 3);
    }

    /** The noise-free loss after epoch {@code t} (real, for the loss at the onset). */
    static double cleanLoss(double lr, double batch, boolean clipped, double dropout, double t) {
        double onset = unstableAfter(lr, batch, clipped);
        double stable = stableLoss(lr, batch, dropout, t);
        if (t <= onset) {
            return stable;
        }
        double plateau = clipped ? partialLoss(stableLoss(lr, batch, dropout, onset)) : START_LOSS;
        double tau = clipped ? 4 : 1.5;
        return plateau - (plateau - stable) * Math.exp(-(t - onset) / tau);
    }

    /** A clipped run's plateau: it loses about a third of what it had learned at the onset. */
    private static double partialLoss(double atOnset) {
        return atOnset + 0.35 * (START_LOSS - atOnset);
    }

    /** {@code B(t)}: the loss of the run had it stayed stable. */
    static double stableLoss(double lr, double batch, double dropout, double t) {
        double u = Math.log10(lr);
        double asymptote = 0.1 + 0.04 * (u + 2.3) * (u + 2.3) + 0.3 * (dropout - 0.15) * (dropout - 0.15)
            + 0.01 * Math.abs(Math.log(batch / 64) / Math.log(2));
        double speed = 0.3 * Math.pow(lr / 1e-3, 0.7) * Math.pow(64 / batch, 0.3);
        return asymptote + (START_LOSS - asymptote) * Math.pow(1 + speed * t, -1.5);
    }

    private static double findOptimum() {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : BATCH_SIZES) {
            for (boolean clipped : new boolean[] {false, true}) {
                best = Math.min(best, Curves.gridMinimum(Math.log10(LOWEST_RATE), Math.log10(HIGHEST_RATE), 400,
                    u -> cleanLoss(Math.pow(10, u), batch, clipped, 0.15, EPOCHS)));
            }
        }
        return best;
    }
}
