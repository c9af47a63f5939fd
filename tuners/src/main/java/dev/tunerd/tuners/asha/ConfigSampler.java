package dev.tunerd.tuners.asha;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.ChoiceScout;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import java.util.ArrayList;
import java.util.List;

/**
 * Where ASHA's new configurations come from: uniformly random, or TPE with one model per rung, asked from the
 * highest rung that has at least {@code max(n_startup_jobs, dimensions + 1)} results (BOHB's rule for choosing the
 * budget to model: higher budgets are closer to the objective). Not thread-safe.
 */
final class ConfigSampler {
    private final boolean tpe;
    private final int rungCount;
    /** {@code choice_scout}: every other model draw scouts a named choice's neglected option (N times at most). */
    private final ChoiceScout scout;
    private Rng rng;
    private SearchSpace space;
    private final List<TpeSampler> models = new ArrayList<>();
    private final List<Integer> counts = new ArrayList<>();
    private UnitSpace unit;

    ConfigSampler(boolean tpe, int rungCount, Rng rng, ChoiceScout scout) {
        this.tpe = tpe;
        this.scout = scout;
        this.rungCount = rungCount;
        this.rng = rng;
    }

    /** A new search space: models restart from the rungs' records that fit it. */
    void useSpace(SearchSpace newSpace, List<AshaRung> rungs) {
        this.space = newSpace;
        rebuild();
        for (int k = 0; k < rungs.size(); k++) {
            for (AshaRung.Done d : rungs.get(k).done()) {
                observe(k, d.params(), d.loss());
            }
        }
    }

    /** Continues from a snapshot's generator state; models are refilled by {@link #observe} calls that follow. */
    void reset(long rngState) {
        rng = new Rng(rngState);
        rebuild();
    }

    long rngState() {
        return rng.state();
    }

    private void rebuild() {
        models.clear();
        counts.clear();
        if (space == null) {
            return;
        }
        unit = new UnitSpace(space.parameters());
        for (int k = 0; k < rungCount; k++) {
            models.add(tpe ? new TpeSampler(unit, TpeArgs.multiFidelitySettings(), rng) : null);
            counts.add(0);
        }
    }

    /** The model of {@code rung} again from {@code done} (a value in it was revised). */
    void refill(int rung, List<AshaRung.Done> done) {
        if (!tpe || space == null) {
            return;
        }
        models.set(rung, new TpeSampler(unit, TpeArgs.multiFidelitySettings(), rng));
        counts.set(rung, 0);
        done.forEach(d -> observe(rung, d.params(), d.loss()));
    }

    void observe(int rung, JsonObject params, double loss) {
        if (!tpe || space == null) {
            return;
        }
        double[] internal;
        try {
            internal = space.deformat(params);
        } catch (IllegalArgumentException e) {
            return; // from an earlier search space
        }
        models.get(rung).observe(internal, loss);
        counts.set(rung, counts.get(rung) + 1);
    }

    /** The rung whose model draws the next configuration: the highest with enough results, else the lowest. */
    int modelRung() {
        for (int k = rungCount - 1; k >= 0; k--) {
            if (counts.get(k) >= needed()) {
                return k;
            }
        }
        return 0;
    }

    /** Results a rung's model needs before it is asked: {@code max(n_startup_jobs, dimensions + 1)}. */
    private int needed() {
        return Math.max(TpeArgs.defaults().nStartupJobs(), space.size() + 1);
    }

    /** Whether new configurations come from TPE models (else uniformly at random). */
    boolean modelled() {
        return tpe;
    }

    /** A new configuration; {@code inFlight}: the configurations of the running trials. */
    JsonObject next(List<JsonObject> inFlight) {
        if (!tpe) {
            return space.format(RandomSampler.sample(space, rng));
        }
        int use = modelRung();
        boolean modelled = counts.get(use) >= needed();
        double[] x = modelled && scout.due(space) ? scout.draw(space, rng)
            : models.get(use).suggest(internals(inFlight));
        scout.record(space, x, modelled); // draws before a model (from the prior) and scouts count towards N
        return space.format(x);
    }

    /** The scouts' counts, for a snapshot. */
    JsonValue scoutState() {
        return scout.toJson();
    }

    /** Continues the scouts' counts from a snapshot ({@code null}: none). */
    void restoreScouts(JsonValue state) {
        scout.restore(state);
    }

    private List<double[]> internals(List<JsonObject> configs) {
        List<double[]> out = new ArrayList<>();
        for (JsonObject p : configs) {
            try {
                out.add(space.deformat(p));
            } catch (IllegalArgumentException e) {
                // from an earlier search space
            }
        }
        return out;
    }
}
