package dev.tunerd.tuners.gp;

import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.List;

/**
 * The GP of this package as a probe inside another tuner (TPE's model probe on a stall): it is shown every completed
 * trial and asked for a point now and then, and answers with the maximiser of its acquisition over the whole cube,
 * fitted on at most {@code cap} observations (the best half and the most recent), so a probe costs about the same
 * however long the run. Its fitted hyper-parameters are the one state a replay of the observations cannot rebuild
 * ({@link #state()}). Not thread-safe.
 */
public final class GpProbe {
    private final GpSampler sampler;

    /**
     * @param unit    the space, in internal coordinates as the host tuner keeps them
     * @param utility {@code ei} (log-EI) or {@code ucb}
     * @param kappa   UCB's exploration weight
     * @param cap     observations in the model at most (at least 10)
     * @param rng     the host tuner's generator (so a seeded run stays one stream)
     */
    public GpProbe(UnitSpace unit, String utility, double kappa, int cap, Rng rng) {
        if (cap < 10) {
            throw new IllegalArgumentException("GP probe: cap must be >= 10: " + cap);
        }
        GpClassArgs args = new GpClassArgs(OptimizeMode.MINIMIZE, utility, kappa, null, null, null, null, null, null,
            null);
        this.sampler = new GpSampler(unit, args, rng, cap);
    }

    /** A completed trial: its internal vector and loss (smaller is better; infinite or NaN for a failure). */
    public void observe(double[] internal, double loss) {
        sampler.observe(internal, loss);
    }

    /** The acquisition's maximiser (random while the model cannot be built); trials in flight as kriging believers. */
    public double[] suggest(List<double[]> running) {
        return sampler.suggest(running);
    }

    /** The fitted hyper-parameters and when they were fitted. */
    public JsonValue state() {
        return sampler.hyperFit().snapshot();
    }

    /** Restores {@link #state()} after the observations have been replayed. */
    public void restore(JsonValue state) {
        sampler.hyperFit().restore(state);
    }
}
