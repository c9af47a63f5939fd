package dev.tunerd.tuners.random;

import dev.tunerd.tuners.common.ImportScreen;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Deduplicator;
import dev.tunerd.tuners.common.ParameterHistory;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.SnapshotJson;
import java.lang.System.Logger.Level;
import java.util.List;

/**
 * NNI's {@code Random} tuner: every active parameter drawn independently (uniform index for choice/randint, uniform
 * in internal space for the uniform family, Gaussian for the normal family), then NNI's deduplication, so a finite
 * space is walked without repeats and ends with {@code NO}. Results are ignored.
 *
 * <p>Beyond NNI: imported data ({@code FD}) and the history survive search-space updates and snapshots, so a
 * resumed experiment does not repeat finished sets of a finite space. Not thread-safe (see {@link Tuner}).
 */
public final class RandomTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(RandomTuner.class.getName());

    private final long seed;
    private Rng rng;
    private final ParameterHistory history = new ParameterHistory();
    private SearchSpace space;
    private Deduplicator dedup;

    public RandomTuner(long seed) {
        this.seed = seed;
        this.rng = Rng.withSeed(seed);
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
        dedup = new Deduplicator(space, history);
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        return dedup().accept(RandomSampler.sample(space, rng)).parameters();
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        // random search learns nothing from results
    }

    /** Adds imported sets to the history; sets that do not fit the current space are skipped ({@link ImportScreen}). */
    @Override
    public void importData(List<ImportedTrial> trials) {
        Deduplicator d = dedup();
        for (ImportedTrial trial : ImportScreen.fitting(LOG, "Random", space, trials, false)) {
            d.addHistory(trial.parameter());
        }
    }

    private Deduplicator dedup() {
        if (dedup == null) {
            throw new IllegalStateException("Random has no search space yet");
        }
        return dedup;
    }

    @Override
    public JsonValue snapshot() {
        return JsonObject.builder().put("seed", seed).put("rng", rng.state()).put("history", history.snapshot())
            .put("grid", dedup == null ? JsonNull.INSTANCE : dedup.snapshot()).build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Random");
        if (!(SnapshotJson.member(s, "rng") instanceof JsonInt)) {
            throw new IllegalArgumentException("Random snapshot \"rng\" must be an integer");
        }
        history.restore(SnapshotJson.member(s, "history"));
        if (dedup != null) {
            dedup.restore(SnapshotJson.member(s, "grid"));
        }
        rng = new Rng(SnapshotJson.longMember(s, "rng"));
    }
}
