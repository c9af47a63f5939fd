package dev.tunerd.tuners.bohb;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.ChoiceScout;
import dev.tunerd.tuners.common.ImportScreen;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.SnapshotJson;
import dev.tunerd.tuners.hyperband.BracketEngine;
import dev.tunerd.tuners.hyperband.BracketPlan;
import dev.tunerd.tuners.hyperband.BracketTuner;
import dev.tunerd.tuners.hyperband.BudgetedParameters;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * NNI's BOHB advisor as a tuner (Falkner et al. 2018): Hyperband's brackets ({@link BracketEngine}, budgets
 * {@code min_budget .. max_budget}, ids {@code "<s>_<i>_<n>"}) whose new configurations come from a model of the
 * largest budget with enough results ({@link TpeBudgets}, the TPE kernel, by default; {@link BudgetModels}, Falkner
 * et al.'s KDE, with {@code sampler: kde}), else at random (and a {@code random_fraction} of them always at random).
 * A new configuration is drawn by the request that issues it (since issue 13 session 28; before, a bracket's start
 * drew its whole first round), from the model as it stood at the bracket's start ({@link FrozenModel}): the draws are
 * those of the whole-round draw. Configurations drawn whose first trial has not ended are pending: the TPE kernel
 * takes them as trials in flight. Every trial that ended with a value feeds the model
 * of its budget; imported data ({@code FD})
 * too, at its {@code TRIAL_BUDGET} (the largest budget when it has none). By default ({@code exec_mode:
 * parallelism}), unlike NNI's, a bracket starts whenever nothing is queued, so no worker waits for a round to end;
 * {@code exec_mode: serial} is NNI's way ({@code NO} while a bracket's round runs, the owed trial sent when it ends). Nested choices are not supported (as NNI). Not
 * thread-safe.
 */
public final class BohbTuner extends BracketTuner {
    private static final System.Logger LOG = System.getLogger(BohbTuner.class.getName());

    private record Result(int budget, JsonObject params, double loss) {
    }

    private final BohbArgs args;
    private final List<Result> results = new ArrayList<>();
    /**
     * New configurations drawn whose first trial has not ended (queued or running): the TPE kernel's trials in flight.
     * While a round is drawn in part, the ends are held back ({@link FrozenModel}), so the k-th draw of a round sees
     * what the whole-round draw saw.
     */
    private final List<JsonObject> drawn = new ArrayList<>();
    /** Updates of the model and of {@link #drawn} held back while a first round is drawn in part. */
    private final FrozenModel frozen = new FrozenModel();
    /**
     * {@code choice_scout}: every other model draw scouts a named choice's neglected option (N times at most), only
     * at the budget whose model draws: a scout trained lower would be judged where a slow method looks bad (SGD), and
     * its result would never reach the model (session 31).
     */
    private final ChoiceScout scout;
    /** Whether the configuration {@link #draw} returned last came from the model (neither random nor a scout). */
    private boolean modelDrew;
    private Rng rng;
    private SearchSpace space;
    private UnitSpace unit;
    private BudgetModels models;
    private TpeBudgets tpe;

    public BohbTuner(BohbArgs args, long seed, AlgorithmContext context) {
        this(args, seed, context, false);
    }

    /** {@code wholeRound}: a bracket's start draws its whole first round, as before session 28 (the tests' reference). */
    BohbTuner(BohbArgs args, long seed, AlgorithmContext context, boolean wholeRound) {
        super(new BracketEngine(BracketPlan.fromBudgets(args.minBudget(), args.maxBudget(), args.eta()), args.serial(),
            false),
            args.mode(), context, args.rankAgreement());
        this.args = args;
        this.scout = new ChoiceScout(args.choiceScout());
        this.rng = Rng.withSeed(seed);
        readRungsWith(args.rungValue());
        if (!wholeRound) {
            engine.drawOnIssue(); // each request draws what it hands out, never a whole round (issue 13 session 28)
        }
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        BudgetedParameters.checkSpace(searchSpace);
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        for (ParameterSpec p : parsed.parameters()) {
            if (p.parentIndex() >= 0) {
                throw new InvalidSearchSpaceException("BOHB does not support nested choice: parameter \""
                    + String.join("/", p.path()) + "\" lives under a choice branch");
            }
        }
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
        unit = new UnitSpace(parsed.parameters());
        rebuildModels();
    }

    private void rebuildModels() {
        if (args.tpe()) {
            int needed = args.minPointsInModel() != null ? args.minPointsInModel()
                : Math.max(TpeArgs.defaults().nStartupJobs(), unit.size() + 1);
            tpe = new TpeBudgets(unit, needed, rng);
        } else {
            models = new BudgetModels(unit, args);
        }
        asFed().subList(0, frozen.fed(results.size())).forEach(r -> feed(r.budget(), r.params(), r.loss()));
    }

    /**
     * The results with the values the model was fed: a revision held back ({@link FrozenModel}) is already in
     * {@link #results} but not yet in the model, so a model rebuilt after a restore must take the value from before it,
     * as the uninterrupted model still does, until the round is drawn (issue 13 session 31).
     */
    private List<Result> asFed() {
        List<Result> out = new ArrayList<>(results);
        List<FrozenModel.Revise> revisions = frozen.heldRevisions();
        for (int k = revisions.size() - 1; k >= 0; k--) {
            FrozenModel.Revise v = revisions.get(k);
            for (int i = out.size() - 1; i >= 0; i--) { // the result trialRevised changed
                Result r = out.get(i);
                if (r.budget() == v.budget() && Double.compare(r.loss(), v.loss()) == 0 && r.params().equals(v.params())) {
                    out.set(i, new Result(r.budget(), r.params(), v.before()));
                    break;
                }
            }
        }
        return out;
    }

    /** Applies {@code u} now, or holds it back while a first round is drawn in part (the model is frozen then). */
    private void update(FrozenModel.Update u) {
        if (engine.undrawn() > 0) {
            frozen.hold(u);
            return;
        }
        thaw();
        apply(u);
    }

    /** Applies what was held back, in its order. */
    private void thaw() {
        frozen.release().forEach(this::apply);
    }

    private void apply(FrozenModel.Update u) {
        if (u instanceof FrozenModel.Feed f) {
            Result r = results.get(f.index());
            feed(r.budget(), r.params(), r.loss());
        } else if (u instanceof FrozenModel.Ended e) {
            drawn.remove(e.config());
        } else if (u instanceof FrozenModel.Revise v) {
            if (args.tpe()) { // the kernel cannot take a value back: the budget's model is fed again, in order
                tpe.forget(v.budget());
                results.subList(0, v.known()).stream().filter(x -> x.budget() == v.budget())
                    .forEach(x -> feed(x.budget(), x.params(), x.loss()));
                return;
            }
            double[] x = toUnit(v.params());
            if (x != null) {
                models.revise(v.budget(), x, v.before(), v.loss());
            }
        }
    }

    private void feed(int budget, JsonObject params, double loss) {
        if (args.tpe()) {
            double[] internal = internal(params);
            if (internal != null) {
                tpe.observe(budget, internal, loss);
            }
            return;
        }
        double[] x = toUnit(params);
        if (x != null) {
            models.observe(budget, x, loss);
        }
    }

    /** A configuration in internal coordinates, or null when it is from an earlier search space. */
    private double[] internal(JsonObject params) {
        try {
            return space.deformat(params);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A configuration in the model's unit cube, or null when it is from an earlier search space. */
    private double[] toUnit(JsonObject params) {
        double[] internal = internal(params);
        if (internal == null) {
            return null;
        }
        double[] x = new double[internal.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = unit.toUnit(i, internal[i]);
        }
        return x;
    }

    @Override
    protected Optional<String> snapshotMisfit(JsonObject params) {
        return params == null ? Optional.empty() : misfit(params);
    }

    @Override
    protected boolean hasSpace() {
        return space != null;
    }

    @Override
    protected JsonObject newConfig(int budget) {
        modelDrew = false;
        double[] x = draw(budget);
        scout.record(space, x, modelDrew); // random draws and scouts count towards choice_scout's N
        JsonObject c = space.format(x);
        drawn.add(c);
        if (engine.undrawn() <= 1) { // the round's last draw (its entry is still queued): the model catches up
            thaw();
        }
        return c;
    }

    private double[] draw(int budget) {
        if (args.tpe()) {
            if (tpe.modelBudget() >= 0 && rng.nextDouble() >= args.randomFraction()) {
                if (budget >= tpe.modelBudget() && scout.due(space)) {
                    return scout.draw(space, rng);
                }
                modelDrew = true;
                return tpe.suggest(internals(drawn));
            }
            return RandomSampler.sample(space, rng);
        }
        if (models.hasModel() && rng.nextDouble() >= args.randomFraction()) {
            if (budget >= models.modelBudget() && scout.due(space)) {
                return scout.draw(space, rng);
            }
            modelDrew = true;
            double[] x = models.sample(rng);
            double[] internal = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                internal[i] = unit.toInternal(i, x[i]);
            }
            return internal;
        }
        return RandomSampler.sample(space, rng);
    }

    /** {@code configs} in internal coordinates, those from an earlier search space left out. */
    private List<double[]> internals(List<JsonObject> configs) {
        List<double[]> out = new ArrayList<>();
        for (JsonObject p : configs) {
            double[] x = internal(p);
            if (x != null) {
                out.add(x);
            }
        }
        return out;
    }

    /** A first round's trial ended: its configuration is no longer pending (whether or not it has a value). */
    @Override
    public void trialEnd(long parameterId, boolean success) {
        BracketEngine.Issued issued = engine.issued(parameterId);
        boolean first = issued != null && !engine.hasEnded(parameterId) && engine.firstRound(parameterId);
        super.trialEnd(parameterId, success);
        if (first) {
            update(new FrozenModel.Ended(issued.params()));
        }
    }

    @Override
    protected void trialDone(JsonObject params, int budget, double loss) {
        results.add(new Result(budget, params, loss));
        update(new FrozenModel.Feed(results.size() - 1));
    }

    /** A FINAL after the trial's end replaces the value its end gave the model (the last intermediate result). */
    @Override
    protected void trialRevised(JsonObject params, int budget, double before, double loss) {
        for (int i = results.size() - 1; i >= 0; i--) {
            Result r = results.get(i);
            if (r.budget() == budget && Double.compare(r.loss(), before) == 0 && r.params().equals(params)) {
                results.set(i, new Result(budget, params, loss));
                update(new FrozenModel.Revise(budget, params, before, loss, results.size()));
                return;
            }
        }
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        for (ImportedTrial t : ImportScreen.fitting(LOG, "BOHB", this::misfit, trials, true)) {
            JsonObject p = (JsonObject) t.parameter();
            int budget = p.get(BudgetedParameters.KEY) instanceof JsonInt b ? (int) b.value() : args.maxBudget();
            trialDone(withoutBudget(p), budget, mode.toLoss(t.scalar()));
        }
    }

    /** Why an imported parameter set (with or without its {@code TRIAL_BUDGET}) does not fit the space, or empty. */
    private Optional<String> misfit(JsonValue parameters) {
        if (!(parameters instanceof JsonObject p)) {
            return Optional.of("parameters must be an object");
        }
        return space == null ? Optional.empty() : space.misfit(withoutBudget(p));
    }

    /** {@code p} without its {@code TRIAL_BUDGET} (package-private for the tests). */
    static JsonObject withoutBudget(JsonObject p) {
        JsonObject.Builder plain = JsonObject.builder();
        p.members().forEach((k, v) -> {
            if (!k.equals(BudgetedParameters.KEY)) {
                plain.put(k, v);
            }
        });
        return plain.build();
    }

    /** For tests and the bench: the budget whose model draws configurations, -1 while there is none. */
    public int modelBudget() {
        if (space == null) {
            return -1;
        }
        return args.tpe() ? tpe.modelBudget() : models.modelBudget();
    }

    @Override
    protected JsonValue ownState() {
        List<JsonValue> list = new ArrayList<>();
        results.forEach(r -> list.add(JsonArray.of(JsonInt.of(r.budget()), r.params(), JsonFloat.of(r.loss()))));
        return JsonObject.builder().put("rng", rng.state()).put("results", new JsonArray(list))
            .put("drawn", new JsonArray(new ArrayList<>(drawn))).put("held", frozen.toJson())
            .put("scouted", scout.toJson()).build();
    }

    @Override
    protected void restoreOwnState(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "BOHB");
        results.clear();
        for (JsonValue v : SnapshotJson.arrayMember(s, "results").values()) {
            List<JsonValue> f = SnapshotJson.asArray(v).values();
            if (f.size() != 3 || !(f.get(1) instanceof JsonObject params)) {
                throw new IllegalArgumentException("BOHB snapshot result must be [budget, params, loss]");
            }
            misfit(params).ifPresent(why -> {
                throw new IllegalArgumentException("BOHB snapshot result params do not fit the search space: " + why);
            });
            results.add(new Result(SnapshotJson.integer(f.get(0), "result budget"), params,
                SnapshotJson.number(f.get(2), "result loss")));
        }
        drawn.clear();
        if (s.get("drawn") instanceof JsonArray pending) { // absent in states written before issue 13 session 8
            for (JsonValue v : pending.values()) {
                if (!(v instanceof JsonObject p)) {
                    throw new IllegalArgumentException("BOHB snapshot: a pending configuration must be an object");
                }
                drawn.add(p);
            }
        }
        frozen.read(s.get("held"), results.size());
        scout.restore(s.get("scouted")); // absent in states written before issue 13 session 30
        rng = new Rng(SnapshotJson.longMember(s, "rng"));
        if (space != null) {
            rebuildModels();
        }
    }
}
