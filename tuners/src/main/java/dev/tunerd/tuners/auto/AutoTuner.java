package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.spi.text.SafeText;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks a builtin tuner ({@link AutoPolicy}) on the first search space, from that space and the experiment's budget
 * in the {@link AlgorithmContext}, logs which and why, and from then on passes every call to it. A later search
 * space goes to the same tuner (no second pick: its history stays). The snapshot records the pick next to the
 * picked tuner's own state, and {@link #restore} recreates that tuner, even when the rules would now pick another
 * (a changed budget on resume). Imports that arrive before the first search space are kept and handed over. Not
 * thread-safe (the dispatcher serialises calls).
 */
public final class AutoTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(AutoTuner.class.getName());
    private final AlgorithmContext context;
    private final AutoClassArgs args;
    private final List<ImportedTrial> earlyImports = new ArrayList<>();
    private Tuner delegate;
    private AutoChoice choice;
    private JsonObject lastSpace;

    public AutoTuner(AlgorithmContext context, AutoClassArgs args) {
        this.context = context;
        this.args = args;
    }

    /** What was picked; null before the first search space. */
    public AutoChoice choice() {
        return choice;
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        if (delegate == null) {
            AutoChoice picked = args.algorithm() != null
                ? new AutoChoice(args.algorithm(), "given by the classArg algorithm")
                : AutoPolicy.pick(SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES), context.budget());
            start(picked, searchSpace);
            LOG.log(Level.INFO, "Auto picked {0}: {1}", choice.algorithm(), choice.reason());
        } else {
            delegate.updateSearchSpace(searchSpace);
        }
        lastSpace = searchSpace;
    }

    private void start(AutoChoice picked, JsonObject searchSpace) {
        Tuner created = DelegateFactory.create(picked.algorithm(), context, args.optimizeMode(), args.seed());
        created.updateSearchSpace(searchSpace);
        if (delegate != null) {
            delegate.close();
        }
        delegate = created;
        choice = picked;
        if (!earlyImports.isEmpty()) {
            delegate.importData(List.copyOf(earlyImports));
            earlyImports.clear();
        }
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        return started().generateParameters(parameterId);
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        return started().generateMultipleParameters(parameterIds);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        if (delegate == null) {
            LOG.log(Level.WARNING, "Auto: a result before any search space is ignored");
            return;
        }
        delegate.receiveTrialResult(result);
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        if (delegate != null) {
            delegate.trialEnd(parameterId, success);
        }
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        if (delegate == null) {
            earlyImports.addAll(trials);
        } else {
            delegate.importData(trials);
        }
    }

    @Override
    public boolean acceptsCustomizedTrials() {
        return delegate != null && delegate.acceptsCustomizedTrials();
    }

    @Override
    public void close() {
        if (delegate != null) {
            delegate.close();
        }
    }

    @Override
    public JsonValue snapshot() {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("algorithm", choice == null ? JsonNull.INSTANCE : JsonString.of(choice.algorithm()));
        m.put("reason", choice == null ? JsonNull.INSTANCE : JsonString.of(choice.reason()));
        m.put("state", delegate instanceof Snapshotting s ? s.snapshot() : JsonNull.INSTANCE);
        return JsonObject.of(m);
    }

    @Override
    public void restore(JsonValue state) {
        if (!(state instanceof JsonObject o) || !o.has("algorithm") || !o.has("state")) {
            throw new IllegalArgumentException("not an Auto snapshot");
        }
        if (!(o.get("algorithm") instanceof JsonString name)) {
            return; // taken before any search space: nothing was picked
        }
        String algorithm = AutoClassArgs.ALGORITHMS.stream().filter(a -> a.equalsIgnoreCase(name.value()))
            .findFirst().orElseThrow(() -> new IllegalArgumentException("Auto snapshot names an unknown tuner"));
        String reason = o.get("reason") instanceof JsonString r ? r.value() : "recorded in the snapshot";
        if (lastSpace == null) {
            throw new IllegalArgumentException("Auto: restore needs the search space first");
        }
        if (choice == null || !choice.algorithm().equals(algorithm)) {
            start(new AutoChoice(algorithm, reason), lastSpace);
        } else {
            choice = new AutoChoice(algorithm, reason);
        }
        if (delegate instanceof Snapshotting s && o.get("state") != JsonNull.INSTANCE) {
            s.restore(o.get("state"));
        }
        LOG.log(Level.INFO, "Auto resumed with {0}, as picked before: {1}", choice.algorithm(),
            SafeText.capped(choice.reason(), 500)); // read back from the snapshot file
    }

    private Tuner started() {
        if (delegate == null) {
            throw new IllegalStateException("Auto: parameters asked for before any search space");
        }
        return delegate;
    }
}
