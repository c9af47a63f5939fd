package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpProbe;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.Arrays;
import java.util.List;

/**
 * Tree-structured Parzen estimator over internal parameter vectors (see {@code SearchSpace}): the algorithm core of
 * the TPE tuner, free of JSON and protocol concerns so it can be benchmarked and tested in isolation.
 *
 * <p>Parameters are decomposed into groups that share an activation condition (the top level; each branch of a
 * nested choice); each group gets its own multivariate good/bad estimator pair, fitted on the trials where the group
 * was active, and groups are sampled parents first, so a child group is only sampled when the branch chosen for
 * its parent activates it. Not thread-safe.
 */
public final class TpeSampler implements dev.tunerd.tuners.model.InternalSampler {
    private final UnitSpace space;
    private final TpeSettings settings;
    private final Rng rng;
    private final GroupModel[] groups;
    /** The model probe's GP ({@link ModelProbe}); null when off or when the space is not one numeric group. */
    private final GpProbe probe;
    /** When the best loss last improved, of all results and of the run's own (the model probe's stall test). */
    private final StallClock clock;

    public TpeSampler(UnitSpace space, TpeSettings settings, Rng rng) {
        this.space = space;
        this.settings = settings;
        this.rng = rng;
        int[][] g = space.groups();
        this.groups = new GroupModel[g.length];
        for (int i = 0; i < g.length; i++) {
            groups[i] = new GroupModel(space, g[i], settings);
        }
        this.clock = new StallClock(settings.floor().tolerance());
        ModelProbe p = settings.probe();
        this.probe = p.share() > 0 && flatNumeric(space)
            ? new GpProbe(space, p.utility(), p.kappa(), p.cap(), p.lean(), p.firstProbe(), rng) : null;
    }

    /** One parameter group (no condition) of numeric parameters only: where the model probe applies. */
    static boolean flatNumeric(UnitSpace space) {
        if (space.groups().length != 1) {
            return false;
        }
        for (int i = 0; i < space.size(); i++) {
            if (space.isCategorical(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the model probe's GP is kept (the probe is on and the space is one numeric group). */
    boolean probes() {
        return probe != null;
    }

    /** Observations handed to the model probe's GP so far (none until it first fires; 0 without one). */
    int probeModelled() {
        return probe == null ? 0 : probe.modelled();
    }

    /** Hyper-parameter fits the model probe's GP has run (0 without one). */
    int probeFits() {
        return probe == null ? 0 : probe.fits();
    }

    /** Completed observations so far. */
    public int observed() {
        return clock.observed();
    }

    /**
     * Proposes one internal vector (NaN for inactive parameters).
     *
     * @param running internal vectors of trials in flight, for the constant liar
     */
    @Override
    public double[] suggest(List<double[]> running) {
        double[] internal = new double[space.size()];
        Arrays.fill(internal, Double.NaN);
        boolean fromPrior = settings.floor().active(clock.observed(), clock.bestAt())
            && rng.nextDouble() < settings.floor().share();
        if (probe != null && !fromPrior && probeStalled() && rng.nextDouble() < settings.probe().share()) {
            return probe.suggest(running);
        }
        for (GroupModel g : groups) {
            if (g.isActive(internal)) {
                g.suggest(internal, running, rng, fromPrior);
            }
        }
        return internal;
    }

    /** The model probe's stall test: on every completed result, or only on the run's own ({@link ModelProbe#own}). */
    private boolean probeStalled() {
        ModelProbe p = settings.probe();
        return p.own() ? p.stalled(settings.floor(), clock.own(), clock.ownBestAt())
            : p.stalled(settings.floor(), clock.observed(), clock.bestAt());
    }

    /** Records a completed trial: its internal vector (NaN for inactive) and its loss (smaller is better). */
    @Override
    public void observe(double[] internal, double loss) {
        record(internal, loss, true);
    }

    /**
     * Records a result this sampler did not suggest (imported): it enters every model as {@link #observe} does, but
     * not the model probe's count of the run's own results ({@link ModelProbe#own}).
     */
    @Override
    public void observeImported(double[] internal, double loss) {
        record(internal, loss, false);
    }

    private void record(double[] internal, double loss, boolean mine) {
        double l = Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss;
        clock.record(l, mine);
        for (GroupModel g : groups) {
            if (g.isActive(internal)) {
                g.observe(internal, l);
            }
        }
        if (probe != null) {
            probe.observe(internal, l);
        }
    }

    /**
     * The second basin's suggestions taken so far, per parameter group, and the model probe's fitted GP (what a replay
     * of the observations cannot rebuild).
     */
    @Override
    public JsonValue state() {
        List<JsonValue> taken = new java.util.ArrayList<>();
        for (GroupModel g : groups) {
            taken.add(JsonInt.of(g.basinTaken()));
        }
        JsonObject.Builder b = JsonObject.builder().put("basinTaken", new JsonArray(taken));
        if (probe != null) {
            b.put("probe", probe.state());
        }
        return b.build();
    }

    @Override
    public void restoreState(JsonValue state) {
        if (state instanceof JsonNull) {
            return;
        }
        try {
            List<JsonValue> taken = ((JsonArray) ((JsonObject) state).get("basinTaken")).values();
            if (taken.size() != groups.length) {
                throw new IllegalArgumentException("TPE state: " + taken.size() + " parameter groups, the space has "
                    + groups.length);
            }
            for (int i = 0; i < groups.length; i++) {
                groups[i].restoreBasinTaken(Math.toIntExact(((JsonInt) taken.get(i)).value()));
            }
            if (probe != null) {
                ((JsonObject) state).find("probe").ifPresent(probe::restore);
            }
        } catch (ClassCastException | NullPointerException | ArithmeticException e) {
            throw new IllegalArgumentException("TPE state: not a state this sampler wrote: " + e, e);
        }
    }
}
