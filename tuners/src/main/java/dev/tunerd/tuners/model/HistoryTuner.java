package dev.tunerd.tuners.model;

import dev.tunerd.tuners.common.ImportScreen;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Deduplicator;
import dev.tunerd.tuners.common.ParameterHistory;
import dev.tunerd.tuners.common.Rng;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * The bookkeeping shared by TPE and Anneal around an {@link InternalSampler}: the search space, the completed
 * history (user parameters and loss, so it can be re-read into a changed space), trials in flight, NNI's dedup for
 * finite spaces ({@link Deduplicator}), import, and snapshots. Results and trial ends may arrive in any order, duplicated or for unknown
 * ids: those are logged and ignored (NNI raises KeyError or RuntimeError). A result for an id this instance never
 * issued but whose parameters fit the space (a restart without snapshot) is used as an observation.
 *
 * <p>Not thread-safe: the dispatcher calls a tuner from one thread at a time.
 */
public abstract class HistoryTuner implements Tuner, Snapshotting {
    protected final System.Logger log = System.getLogger(getClass().getName());
    private final OptimizeMode mode;
    private final long seed;
    private final TrialBook book = new TrialBook();
    private final List<JsonObject> historyParams = new ArrayList<>();
    private final List<Double> historyLosses = new ArrayList<>();
    /** Positions in the history of imported results (given with {@code FD}, not suggested by this tuner). */
    private final BitSet importedAt = new BitSet();
    private Rng rng;
    private SearchSpace space;
    private InternalSampler sampler;
    private Deduplicator dedup;
    private JsonValue pendingGrid = JsonNull.INSTANCE;
    private JsonValue pendingSampler = JsonNull.INSTANCE;

    protected HistoryTuner(OptimizeMode mode, Long seed, AlgorithmContext context) {
        this.mode = mode;
        this.seed = seed != null ? seed : context.clock().instant().toEpochMilli() * 1_000_003L
            + context.clock().instant().getNano();
        this.rng = new Rng(this.seed);
    }

    /** A fresh sampler for {@code space}; it must draw all its randomness from {@code rng}. */
    protected abstract InternalSampler newSampler(SearchSpace space, Rng rng);

    /** The algorithm name for log messages and snapshots. */
    protected abstract String algorithm();

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        space = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        space.warnings().forEach(w -> log.log(Level.WARNING, w));
        rebuild();
    }

    private void rebuild() {
        sampler = newSampler(space, rng);
        dedup = new Deduplicator(space, new ParameterHistory());
        for (int i = 0; i < historyParams.size(); i++) {
            double[] internal = tryDeformat(historyParams.get(i));
            if (internal != null) {
                observe(internal, historyLosses.get(i), importedAt.get(i));
                dedup.addHistory(internal);
            }
        }
        for (JsonObject p : book.running().values()) {
            double[] internal = tryDeformat(p);
            if (internal != null) {
                dedup.addHistory(internal);
            }
        }
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (space == null) {
            throw new IllegalStateException(algorithm() + ": no search space yet (IN or SS must come first)");
        }
        List<double[]> running = new ArrayList<>();
        for (JsonObject p : book.running().values()) {
            double[] internal = tryDeformat(p);
            if (internal != null) {
                running.add(internal);
            }
        }
        JsonObject params = dedup.accept(sampler.suggest(running)).parameters();
        book.issue(parameterId, params);
        return params;
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        long id = result.parameterId();
        if (book.isDone(id)) {
            log.log(Level.WARNING, "{0}: ignoring a second final result for parameter id {1}", algorithm(), id);
            return;
        }
        double loss = mode.toLoss(result.scalar());
        JsonObject params = book.finish(id);
        if (params == null && result.parameters() instanceof JsonObject p) {
            // its trial already ended (the end came first), or an id from before a restart
            log.log(Level.DEBUG, "{0}: result for parameter id {1}, not in flight; using its parameters",
                algorithm(), id);
            params = p;
        }
        if (params != null) {
            record(params, loss, false);
        }
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        if (book.end(parameterId) != null && !success) {
            log.log(Level.DEBUG, "{0}: trial {1} ended without a result", algorithm(), parameterId);
        }
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        for (ImportedTrial t : ImportScreen.fitting(log, algorithm(), space, trials, true)) {
            if (t.parameter() instanceof JsonObject p) {
                record(p, mode.toLoss(t.scalar()), true);
            }
        }
    }

    private void record(JsonObject params, double loss, boolean imported) {
        importedAt.set(historyParams.size(), imported);
        historyParams.add(params);
        historyLosses.add(loss);
        if (space != null) {
            double[] internal = tryDeformat(params);
            if (internal != null) {
                observe(internal, loss, imported);
                dedup.addHistory(internal);
            }
        }
    }

    private void observe(double[] internal, double loss, boolean imported) {
        if (imported) {
            sampler.observeImported(internal, loss);
        } else {
            sampler.observe(internal, loss);
        }
    }

    private double[] tryDeformat(JsonObject params) {
        try {
            return space.deformat(params);
        } catch (IllegalArgumentException e) {
            log.log(Level.DEBUG, "{0}: parameters do not fit the current space: {1}", algorithm(), e.getMessage());
            return null;
        }
    }

    @Override
    public JsonValue snapshot() {
        List<JsonValue> history = new ArrayList<>();
        for (int i = 0; i < historyParams.size(); i++) {
            history.add(JsonArray.of(historyParams.get(i), Losses.toJson(historyLosses.get(i))));
        }
        List<JsonValue> running = new ArrayList<>();
        book.running().forEach((id, p) -> running.add(JsonArray.of(JsonInt.of(id), p)));
        List<JsonValue> done = new ArrayList<>();
        book.doneIds().stream().sorted().forEach(id -> done.add(JsonInt.of(id)));
        JsonObject.Builder b = JsonObject.builder().put("algorithm", algorithm()).put("rng", rng.state())
            .put("history", new JsonArray(history)).put("running", new JsonArray(running))
            .put("done", new JsonArray(done)).put("grid", dedup == null ? JsonNull.INSTANCE : dedup.snapshot())
            .put("sampler", sampler == null ? JsonNull.INSTANCE : sampler.state());
        if (!importedAt.isEmpty()) { // written only when there are imports: older readers and states stay as they were
            List<JsonValue> imported = new ArrayList<>();
            importedAt.stream().forEach(i -> imported.add(JsonInt.of(i)));
            b.put("imported", new JsonArray(imported));
        }
        return b.build();
    }

    @Override
    public void restore(JsonValue state) {
        try {
            JsonObject s = (JsonObject) state;
            if (!algorithm().equals(((dev.tunerd.spi.json.JsonString) s.get("algorithm")).value())) {
                throw new IllegalArgumentException("state of another algorithm: " + s.get("algorithm"));
            }
            historyParams.clear();
            historyLosses.clear();
            importedAt.clear();
            for (JsonValue h : ((JsonArray) s.get("history")).values()) {
                JsonArray pair = (JsonArray) h;
                historyParams.add((JsonObject) pair.get(0));
                historyLosses.add(Losses.fromJson(pair.get(1)));
            }
            // absent in a state written before imports were told apart: every result counts as the tuner's own
            if (s.find("imported").orElse(null) instanceof JsonArray imported) {
                for (JsonValue i : imported.values()) {
                    int at = Math.toIntExact(((JsonInt) i).value());
                    if (at < 0 || at >= historyParams.size()) {
                        throw new IllegalArgumentException(algorithm() + ": imported position " + at
                            + " outside the history of " + historyParams.size());
                    }
                    importedAt.set(at);
                }
            }
            book.clearRunning();
            book.doneIds().clear();
            for (JsonValue r : ((JsonArray) s.get("running")).values()) {
                JsonArray pair = (JsonArray) r;
                book.issue(((JsonInt) pair.get(0)).value(), (JsonObject) pair.get(1));
            }
            for (JsonValue d : ((JsonArray) s.get("done")).values()) {
                book.doneIds().add(((JsonInt) d).value());
            }
            rng = new Rng(((JsonInt) s.get("rng")).value());
            pendingGrid = s.find("grid").orElse(JsonNull.INSTANCE);
            pendingSampler = s.find("sampler").orElse(JsonNull.INSTANCE);
        } catch (ClassCastException | NullPointerException | ArithmeticException e) {
            throw new IllegalArgumentException(algorithm() + ": not a state this tuner wrote: " + e, e);
        }
        if (space != null) {
            rebuild();
            dedup.restore(pendingGrid);
            sampler.restoreState(pendingSampler);
        }
    }

    /** Trials in flight, by id (for tests and subclasses). */
    protected Map<Long, JsonObject> running() {
        return book.running();
    }

    /** The seed in use (given or derived from the clock). */
    public long seed() {
        return seed;
    }
}
