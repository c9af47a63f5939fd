package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.SnapshotJson;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * NNI's Hyperband advisor as a tuner: random configurations run through brackets of successive halving
 * ({@link BracketEngine}), ids named NNI's way ({@code "0-4_0_7"}), {@code TRIAL_BUDGET} in every parameter set. A
 * round is ranked by the last value each trial reported, intermediate or final. In serial mode a request that finds
 * nothing to issue is owed (the dispatcher sends {@code NO}) and paid through the sender as soon as a round's end
 * queues promotions or lets the next bracket start: NNI's credit. Imported data is ignored, as in NNI.
 *
 * <p>Not thread-safe (see {@link Tuner}).
 */
public final class HyperbandTuner implements Tuner, NamesParameterIds, ReceivesIntermediateResults, Snapshotting {
    private static final System.Logger LOG = System.getLogger(HyperbandTuner.class.getName());

    private final BracketEngine engine;
    private final OptimizeMode mode;
    private final AlgorithmContext context;
    private final ArrayDeque<Long> owed = new ArrayDeque<>(); // this process's unfilled requests, never snapshotted
    private Rng rng;
    private SearchSpace space;

    public HyperbandTuner(HyperbandArgs args, long seed, AlgorithmContext context) {
        this.engine = new BracketEngine(BracketPlan.hyperband(args.R(), args.eta()), args.execMode().equals("serial"),
            true);
        this.mode = args.mode();
        this.context = context;
        this.rng = Rng.withSeed(seed);
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        BudgetedParameters.checkSpace(searchSpace);
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws dev.tunerd.spi.NoMoreTrialsException {
        JsonValue p = next(parameterId);
        if (p == null) {
            throw new dev.tunerd.spi.NoMoreTrialsException("the current bracket waits for its round to end");
        }
        return p;
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        List<JsonValue> out = new ArrayList<>(parameterIds.size());
        for (long id : parameterIds) {
            JsonValue p = next(id);
            if (p == null) {
                owed.addAll(parameterIds.subList(out.size(), parameterIds.size()));
                break;
            }
            out.add(p);
        }
        return out;
    }

    private JsonValue next(long id) {
        if (space == null) {
            throw new IllegalStateException("Hyperband has no search space yet");
        }
        BracketEngine.Issued issued = engine.issue(id, budget -> space.format(RandomSampler.sample(space, rng)));
        return issued == null ? null : BudgetedParameters.with(issued.params(), issued.budget());
    }

    @Override
    public String wireParameterId(long parameterId) {
        return engine.wireId(parameterId);
    }

    @Override
    public void wireIdsInUse(Collection<String> wireIds) {
        wireIds.forEach(engine::reserve);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        engine.report(result.parameterId(), Long.MAX_VALUE, mode.toLoss(result.scalar()));
    }

    @Override
    public void receiveIntermediateResult(IntermediateResult result) {
        engine.report(result.parameterId(), result.sequence(), mode.toLoss(result.scalar()));
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        engine.end(parameterId);
        payOwed();
    }

    /** Sends what earlier requests could not get, as far as the engine now has configurations to issue. */
    private void payOwed() {
        while (!owed.isEmpty()) {
            long id = owed.peek();
            JsonValue p = next(id);
            if (p == null) {
                return;
            }
            owed.poll();
            context.sender().send(id, p);
        }
    }

    @Override
    public JsonValue snapshot() {
        return JsonObject.builder().put("rng", rng.state()).put("engine", EngineState.write(engine)).build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Hyperband");
        EngineState.read(engine, SnapshotJson.member(s, "engine"));
        rng = new Rng(SnapshotJson.longMember(s, "rng"));
    }
}
