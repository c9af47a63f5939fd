package dev.tunerd.tuners.pbt;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;

/**
 * NNI's PBT tuner ({@code pbt_tuner.py}): a population of {@code population_size} members trains in generations; each
 * trial runs one step of one member, loading {@code load_checkpoint_dir} and saving {@code save_checkpoint_dir}
 * (both added to its parameters). Requests beyond the current generation are owed (the request ends with fewer sets,
 * so the dispatcher answers {@code NO}) and sent through {@link AlgorithmContext#sender()} as soon as the generation
 * completes and the next one is formed ({@link Population#advance}).
 *
 * <p>Differences from NNI, on purpose: a trial that ends without a result (failed, early stopped, or succeeded
 * without reporting) counts as failed at once, so it cannot stall its generation; a second result or an end for an
 * id already counted is ignored; owed ids are paid oldest first; search spaces with nested choices, or with a key
 * named like the two directory keys, are rejected ({@link InvalidSearchSpaceException}); {@code importData} counts
 * only results of member steps in flight (how a resumed manager reports trials started before the restart); a killed
 * daemon resumes from its own journal via {@link Snapshotting}, where NNI rebuilds from imported data. A new search space ({@code SS}) starts a fresh random population in the next generation's
 * directories. Not thread-safe (the dispatcher serialises calls); the sender is thread-safe.
 */
public final class PbtTuner implements Tuner, Snapshotting {
    static final String LOAD_KEY = "load_checkpoint_dir";
    static final String SAVE_KEY = "save_checkpoint_dir";
    private static final System.Logger LOG = System.getLogger(PbtTuner.class.getName());

    private final OptimizeMode mode;
    private final int populationSize;
    private final double fraction;
    private final double factor;
    private final double resampleProbability;
    private final CheckpointRoot root;
    private final ParameterSender sender;
    private final Map<Long, Integer> running = new HashMap<>();
    private final ArrayDeque<Long> owed = new ArrayDeque<>();
    private Rng rng;
    private SearchSpace space;
    private Explorer explorer;
    private Population population;

    PbtTuner(AlgorithmContext context, PbtClassArgs args, CheckpointRoot root) {
        this.mode = args.optimizeMode();
        this.populationSize = args.populationSize();
        this.fraction = args.fraction();
        this.factor = args.factor();
        this.resampleProbability = args.resampleProbability();
        this.root = root;
        this.sender = context.sender();
        long seed = args.seed() != null ? args.seed()
            : context.clock().instant().toEpochMilli() * 1_000_003L + context.clock().instant().getNano();
        this.rng = Rng.withSeed(seed);
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        List<String> problems = new ArrayList<>();
        for (ParameterSpec p : parsed.parameters()) {
            if (p.isNestedChoice() || p.isNested()) {
                problems.add("PBT does not support nested choices: \"" + String.join("/", p.path()) + "\"");
            } else if (p.name().equals(LOAD_KEY) || p.name().equals(SAVE_KEY)) {
                problems.add("the key \"" + p.name() + "\" is reserved: PBT puts the checkpoint directories there");
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidSearchSpaceException(problems);
        }
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        int generation = population == null ? 0 : population.generation() + 1;
        if (population != null) {
            LOG.log(Level.INFO, "PBT: new search space; a fresh population starts at generation " + generation);
        }
        space = parsed;
        explorer = new Explorer(space, factor, resampleProbability);
        population = Population.random(root, space, populationSize, generation, rng);
        running.clear();
        payOwed();
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (space == null) {
            throw new IllegalStateException("PBT: no search space yet (IN or SS must come first)");
        }
        if (!population.hasUnassigned()) {
            owed.addLast(parameterId);
            throw new NoMoreTrialsException("generation " + population.generation() + " is fully handed out; id "
                + parameterId + " is sent when it completes");
        }
        return issue(parameterId);
    }

    /** Fills what the current generation allows; every other id is owed and sent later. */
    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        List<JsonValue> out = new ArrayList<>();
        for (long id : parameterIds) {
            try {
                out.add(generateParameters(id));
            } catch (NoMoreTrialsException e) {
                LOG.log(Level.DEBUG, "PBT: {0}", e.getMessage());
            }
        }
        return out;
    }

    private JsonObject issue(long parameterId) {
        Member m = population.handOut();
        root.createDirectory(m.loadDirectory);
        root.createDirectory(m.saveDirectory);
        running.put(parameterId, m.index);
        JsonObject.Builder b = JsonObject.builder();
        space.format(m.internal).members().forEach(b::put);
        return b.put(LOAD_KEY, new JsonString(m.loadDirectory)).put(SAVE_KEY, new JsonString(m.saveDirectory))
            .build();
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        Integer member = running.remove(result.parameterId());
        if (member == null) {
            LOG.log(Level.INFO, "PBT: result for parameter id {0} ignored: not a member step in flight (already"
                + " counted, or from an earlier generation)", result.parameterId());
            return;
        }
        double gain = mode.toGain(result.scalar());
        score(member, gain);
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        Integer member = running.remove(parameterId);
        if (member == null) {
            return; // its result was counted already
        }
        LOG.log(Level.INFO, "PBT: parameter id {0} ended {1} without a result; member {2} counts as failed",
            parameterId, success ? "successfully" : "unsuccessfully", member);
        score(member, Double.NaN);
    }

    /**
     * A result for a member step in flight, recognised by its {@code save_checkpoint_dir}, counts as that member's
     * result: after a resume the manager reports results of trials started before it as imports (NNI's resumed
     * trials). Anything else is ignored: PBT cannot use results of steps it did not schedule.
     */
    @Override
    public void importData(List<ImportedTrial> trials) {
        int ignored = 0;
        for (ImportedTrial t : trials) {
            Long id = inFlightWithSaveDirectory(t.parameter());
            if (id == null || population == null) {
                ignored++;
                continue;
            }
            int member = running.remove(id);
            double gain;
            try {
                gain = mode.toGain(t.scalar());
            } catch (IllegalArgumentException e) {
                gain = Double.NaN;
            }
            score(member, gain);
        }
        if (ignored > 0) {
            LOG.log(Level.INFO, "PBT: {0} imported trials ignored (not a member step in flight)", ignored);
        }
    }

    private Long inFlightWithSaveDirectory(JsonValue parameters) {
        if (!(parameters instanceof JsonObject o) || !(o.get(SAVE_KEY) instanceof JsonString save)) {
            return null;
        }
        for (Map.Entry<Long, Integer> e : running.entrySet()) {
            if (population.members().get(e.getValue()).saveDirectory.equals(save.value())) {
                return e.getKey();
            }
        }
        return null;
    }

    private void score(int member, double gain) {
        if (population.score(member, gain)) {
            population.advance(explorer, fraction, rng);
            LOG.log(Level.INFO, "PBT: generation {0} formed", population.generation());
            payOwed();
        }
    }

    private void payOwed() {
        while (space != null && !owed.isEmpty() && population.hasUnassigned()) {
            long id = owed.pollFirst();
            JsonObject params = issue(id);
            try {
                sender.send(id, params);
            } catch (IllegalArgumentException e) {
                // only while a restored tuner replays its journal: the previous run sent this id already, with these
                // same parameters (generation steps do not depend on the order results arrive in)
                LOG.log(Level.INFO, "PBT: parameter id {0} was sent before the restart: {1}", id, e.getMessage());
            }
        }
    }

    /** Ids owed to the dispatcher, oldest first (for tests). */
    List<Long> owedIds() {
        return List.copyOf(owed);
    }

    Population population() {
        return population;
    }

    @Override
    public JsonValue snapshot() {
        return PbtState.write(rng, population, running, owed);
    }

    @Override
    public void restore(JsonValue state) {
        if (space == null) {
            throw new IllegalArgumentException("PBT: a state can only be restored after the search space is set");
        }
        PbtState s = PbtState.read(state, root, space.size());
        rng = new Rng(s.rngState());
        population = s.population();
        running.clear();
        running.putAll(s.running());
        owed.clear();
        owed.addAll(s.owed());
    }
}
