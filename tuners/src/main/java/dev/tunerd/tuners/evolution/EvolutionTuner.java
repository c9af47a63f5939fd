package dev.tunerd.tuners.evolution;

import dev.tunerd.tuners.common.ImportScreen;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.TrialBook;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * NNI's Evolution tuner. While {@code population_size} trials are in flight a request cannot be served: the id is
 * remembered as owed, the request ends with fewer sets (so the dispatcher answers {@code NO}), and owed ids are
 * filled later through {@link AlgorithmContext#sender()} as soon as a result or a trial end frees a place.
 *
 * <p>Differences from NNI, on purpose: every owed id is paid as soon as there is room (NNI pays one per trial end
 * and only while more than one is owed, so the last owed id is never sent); a trial end or a duplicate result for an
 * id that is unknown or already finished is logged and ignored (NNI: KeyError, issue #5015, or RuntimeError);
 * imported trials join the population (NNI ignores them); a failed trial that never reported is replaced by a
 * random individual, as in NNI.
 *
 * <p>Not thread-safe (the dispatcher serialises calls); the sender it calls is thread-safe.
 */
public final class EvolutionTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(EvolutionTuner.class.getName());
    private final OptimizeMode mode;
    private final int populationSize;
    private final ParameterSender sender;
    private final TrialBook book = new TrialBook();
    private final ArrayDeque<Long> owed = new ArrayDeque<>();
    private Rng rng;
    private SearchSpace space;
    private Population population;

    public EvolutionTuner(AlgorithmContext context, EvolutionClassArgs args) {
        this.mode = args.optimizeMode();
        this.populationSize = args.populationSize();
        this.sender = context.sender();
        long seed = args.seed() != null ? args.seed()
            : context.clock().instant().toEpochMilli() * 1_000_003L + context.clock().instant().getNano();
        this.rng = new Rng(seed);
    }

    /** As NNI: a new space starts a new random population; trials in flight stay counted. */
    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        space = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        space.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        population = new Population(space, rng);
        for (int i = 0; i < populationSize; i++) {
            population.addRandom();
        }
        payOwed();
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (space == null) {
            throw new IllegalStateException("Evolution: no search space yet (IN or SS must come first)");
        }
        if (book.runningCount() >= populationSize) {
            owed.addLast(parameterId);
            throw new NoMoreTrialsException("population busy: " + book.runningCount() + " trials in flight");
        }
        return issue(parameterId);
    }

    /** Fills what it can; every id it cannot fill now is owed and sent later. */
    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        List<JsonValue> out = new ArrayList<>();
        for (long id : parameterIds) {
            try {
                out.add(generateParameters(id));
            } catch (NoMoreTrialsException e) {
                LOG.log(Level.DEBUG, "Evolution: parameter id {0} owed: {1}", id, e.getMessage());
            }
        }
        return out;
    }

    private JsonObject issue(long id) {
        JsonObject params = space.format(population.next());
        book.issue(id, params);
        return params;
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        if (book.isDone(result.parameterId())) {
            LOG.log(Level.WARNING, "Evolution: ignoring a second result for parameter id {0}", result.parameterId());
            return;
        }
        JsonObject params = book.finish(result.parameterId());
        if (params == null && result.parameters() instanceof JsonObject p) {
            params = p; // its trial already ended (the end came first): the result still counts
        }
        if (params == null) {
            LOG.log(Level.WARNING, "Evolution: ignoring a result for parameter id {0}, which it cannot use",
                result.parameterId());
            return;
        }
        double[] internal = fit(params);
        if (internal != null) {
            population.add(internal, gain(result.scalar()));
        }
        payOwed();
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        JsonObject params = book.end(parameterId);
        if (params != null && !success && population != null) {
            population.addRandom();
        }
        payOwed();
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        if (population == null) {
            return;
        }
        for (ImportedTrial t : ImportScreen.fitting(LOG, "Evolution", space, trials, true)) {
            double[] internal = t.parameter() instanceof JsonObject p ? fit(p) : null;
            if (internal != null) {
                population.add(internal, gain(t.scalar()));
            }
        }
    }

    /** Larger is better; NaN counts as the worst possible result. */
    private double gain(double reward) {
        double g = mode.toGain(reward);
        return Double.isNaN(g) ? Double.NEGATIVE_INFINITY : g;
    }

    private double[] fit(JsonObject params) {
        try {
            return space.deformat(params);
        } catch (IllegalArgumentException e) {
            LOG.log(Level.DEBUG, "Evolution: parameters do not fit the current space: {0}", e.getMessage());
            return null;
        }
    }

    private void payOwed() {
        while (space != null && !owed.isEmpty() && book.runningCount() < populationSize) {
            long id = owed.pollFirst();
            JsonObject params = issue(id);
            LOG.log(Level.DEBUG, "Evolution: sending owed parameter id {0}", id);
            sender.send(id, params);
        }
    }

    /** Ids owed to the dispatcher, oldest first (for tests). */
    List<Long> owedIds() {
        return List.copyOf(owed);
    }

    @Override
    public JsonValue snapshot() {
        return EvolutionState.write(rng, population, book, owed);
    }

    @Override
    public void restore(JsonValue state) {
        EvolutionState s = EvolutionState.read(state, space);
        rng = new Rng(s.rngState());
        population = new Population(space, rng);
        s.individuals().forEach(i -> population.add(i.config(), i.gain()));
        book.clearRunning();
        book.doneIds().clear();
        s.running().forEach(book::issue);
        book.doneIds().addAll(s.done());
        owed.clear();
        owed.addAll(s.owed());
    }
}
