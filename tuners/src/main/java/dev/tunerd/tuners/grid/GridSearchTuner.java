package dev.tunerd.tuners.grid;

import dev.tunerd.tuners.common.ImportScreen;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.GridEnumerator;
import dev.tunerd.tuners.common.ParameterHistory;
import dev.tunerd.tuners.common.SnapshotJson;
import java.lang.System.Logger.Level;
import java.util.List;

/**
 * NNI's {@code GridSearch}: walks {@link GridEnumerator}'s grid in NNI's order, skipping parameter sets already
 * in the history (generated, or imported with {@code FD}), and answers {@code NO} once the grid is exhausted. A
 * search-space update restarts the walk and keeps the history, as NNI does. Deterministic. Not thread-safe (see
 * {@link Tuner}).
 */
public final class GridSearchTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(GridSearchTuner.class.getName());

    private final ParameterHistory history = new ParameterHistory();
    private SearchSpace space;
    private GridEnumerator grid;

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        if (parsed.isEmpty()) {
            throw new InvalidSearchSpaceException("Search space is empty");
        }
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
        grid = new GridEnumerator(space);
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (grid == null) {
            throw new IllegalStateException("GridSearch has no search space yet");
        }
        for (double[] next = grid.next(); next != null; next = grid.next()) {
            JsonObject parameters = space.format(next);
            if (history.addIfNew(parameters)) {
                return parameters;
            }
        }
        throw new NoMoreTrialsException("Search space fully explored");
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        // grid search does not learn from results
    }

    /**
     * As NNI, the imported parameter sets join the history as sent; results are ignored. Beyond NNI, a set that does
     * not fit the current space is skipped and logged ({@link ImportScreen}), and one that fits also joins in its
     * normalised form (NNI's source has a TODO for it), so {@code 2} for a
     * q-type (sent as {@code 2.0}) or a float that q rounding would change still counts as tried.
     */
    @Override
    public void importData(List<ImportedTrial> trials) {
        for (ImportedTrial t : ImportScreen.fitting(LOG, "GridSearch", space, trials, false)) {
            history.addIfNew(t.parameter());
            if (space != null) {
                history.addIfNew(space.format(space.deformat(t.parameter())));
            }
        }
    }

    @Override
    public JsonValue snapshot() {
        JsonObject.Builder b = JsonObject.builder().put("history", history.snapshot());
        if (grid != null) {
            b.put("grid", grid.snapshot());
        }
        return b.build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "GridSearch");
        history.restore(SnapshotJson.member(s, "history"));
        if (grid != null && s.has("grid")) {
            grid.restore(s.get("grid"));
        }
    }
}
