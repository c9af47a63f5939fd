package dev.tunerd.tuners.gp;

import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The GP of this package as a probe inside another tuner (TPE's model probe on a stall): it is shown every completed
 * trial and asked for a point now and then, and answers with the maximiser of its acquisition over the whole cube,
 * fitted on at most {@code cap} observations (the best half and the most recent), so a probe costs about the same
 * however long the run. Lazy: an observation is only kept (the host's vector, not copied) until the next probe, which
 * hands the ones since the last probe to the GP, so a run that is never probed does no GP work at all. Its fitted
 * hyper-parameters and their schedule are the one state a replay of the observations cannot rebuild ({@link #state()}).
 * Not thread-safe.
 */
public final class GpProbe {
    /** L-BFGS iterations of the lean schedule's first fit by default (sessions 18 and 19). */
    public static final int FIRST_FIT = FirstProbe.USUAL.fitIterations();
    /** Rows of the lean schedule's first fit by default (sessions 18 and 19: those of its warm refits). */
    public static final int FIRST_ROWS = FirstProbe.USUAL.fitRows();
    private final GpSampler sampler;
    /** Observations not yet handed to the GP: the host's vectors (which it does not change after observing them). */
    private final List<double[]> waiting = new ArrayList<>();
    private double[] waitingLoss = new double[16];
    private int modelled;

    /**
     * A probe whose first suggestion fits and searches as every later one ({@link FirstProbe#USUAL}).
     *
     * @param unit    the space, in internal coordinates as the host tuner keeps them
     * @param utility {@code ei} (log-EI) or {@code ucb}
     * @param kappa   UCB's exploration weight
     * @param cap     observations in the model at most (at least 10)
     * @param lean    the lean hyper-parameter schedule and acquisition search (see {@code HyperFit}); false: the GP
     *                tuner's own
     * @param rng     the host tuner's generator (so a seeded run stays one stream)
     */
    public GpProbe(UnitSpace unit, String utility, double kappa, int cap, boolean lean, Rng rng) {
        this(unit, utility, kappa, cap, lean, FirstProbe.USUAL, rng);
    }

    /** As above, with the lean schedule's first fit and first suggestion as {@code first} says. */
    public GpProbe(UnitSpace unit, String utility, double kappa, int cap, boolean lean, FirstProbe first, Rng rng) {
        if (cap < 10) {
            throw new IllegalArgumentException("GP probe: cap must be >= 10: " + cap);
        }
        GpClassArgs args = new GpClassArgs(OptimizeMode.MINIMIZE, utility, kappa, null, null, null, null, null, null,
            null);
        this.sampler = new GpSampler(unit, args, rng, cap, lean, first);
    }

    /**
     * A completed trial: its internal vector (kept, not copied: the caller must not change it) and loss (smaller is
     * better; infinite or NaN for a failure).
     */
    public void observe(double[] internal, double loss) {
        if (waiting.size() == waitingLoss.length) {
            waitingLoss = Arrays.copyOf(waitingLoss, 2 * waitingLoss.length);
        }
        waitingLoss[waiting.size()] = loss;
        waiting.add(internal);
    }

    /** The acquisition's maximiser (random while the model cannot be built); trials in flight as kriging believers. */
    public double[] suggest(List<double[]> running) {
        for (int i = 0; i < waiting.size(); i++) {
            sampler.observe(waiting.get(i), waitingLoss[i]);
        }
        modelled += waiting.size();
        waiting.clear();
        return sampler.suggest(running);
    }

    /** Observations handed to the GP so far (encoded into its features): none until the first probe. */
    public int modelled() {
        return modelled;
    }

    /** Marginal-likelihood evaluations of those fits (each one Cholesky factorisation): what the fits cost. */
    public long fitEvaluations() {
        return sampler.hyperFit().evaluations();
    }

    /** Hyper-parameter fits run so far. */
    public int fits() {
        return sampler.hyperFit().fits();
    }

    /** The last modelled suggestion's model rows, warm-up candidates and local starts (zeros before one). */
    int[] lastSearch() {
        return sampler.lastSearch();
    }

    /** The last modelled suggestion's utility evaluations (with gradients) in its local searches. */
    int lastLocalEvaluations() {
        return sampler.lastLocalEvaluations();
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
