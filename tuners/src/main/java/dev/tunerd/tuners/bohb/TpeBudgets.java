package dev.tunerd.tuners.bohb;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * BOHB's model with {@code sampler: tpe} (tunerd's default since issue 13 session 8): one TPE kernel
 * ({@link TpeSampler}, the TPE tuner's multivariate Parzen estimators with its defaults) per budget, fed the results
 * of that budget in internal coordinates; a configuration comes from the largest budget that has at least
 * {@code needed} results (BOHB's rule), and the configurations drawn but not yet evaluated go to it as trials in flight
 * (its constant liar), so parallel draws differ. Observations must come in the order of the results: the kernel's
 * state depends on it, and {@link BohbTuner} rebuilds it from its results after a restore. Not thread-safe.
 */
final class TpeBudgets {
    private final UnitSpace unit;
    private final int needed;
    private final Rng rng;
    private final TreeMap<Integer, TpeSampler> models = new TreeMap<>();

    /** @param needed results a budget needs before its model is asked (at least 1) */
    TpeBudgets(UnitSpace unit, int needed, Rng rng) {
        this.unit = unit;
        this.needed = needed;
        this.rng = rng;
    }

    void observe(int budget, double[] internal, double loss) {
        models.computeIfAbsent(budget, b -> new TpeSampler(unit, TpeArgs.multiFidelitySettings(), rng))
            .observe(internal, loss);
    }

    /** Forgets {@code budget}'s model, to be fed again (a value in it was revised). */
    void forget(int budget) {
        models.remove(budget);
    }

    /** The largest budget whose model has enough results, or -1. */
    int modelBudget() {
        for (Map.Entry<Integer, TpeSampler> e : models.descendingMap().entrySet()) {
            if (e.getValue().observed() >= needed) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** A configuration in internal coordinates from the model of {@link #modelBudget()}; null without one. */
    double[] suggest(List<double[]> running) {
        int b = modelBudget();
        return b < 0 ? null : models.get(b).suggest(running);
    }
}
