package dev.tunerd.tuners.common;

import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;

/**
 * NNI's {@code Deduplicator} ({@code dedup.py}) for any tuner that proposes internal vectors: in a space that can
 * repeat ({@link SearchSpace#isFinite()}), a proposal already in the history is replaced by the next unseen point
 * of a grid walk ({@link GridEnumerator}) that shares the history; when the grid is exhausted there is nothing new
 * left and {@link NoMoreTrialsException} ends the request with {@code NO}. In a space with a continuous top-level
 * parameter, proposals pass untouched and nothing is recorded (NNI's "never duplicate").
 *
 * <p>Usage, per generated set: {@code Candidate c = dedup.accept(proposal); send(c.parameters());}. Imported or
 * resumed sets go in with {@link #addHistory}. The history object may outlive the deduplicator (tuners keep it across
 * search-space updates, which NNI does not). Not thread-safe.
 */
public final class Deduplicator {
    private final SearchSpace space;
    private final ParameterHistory history;
    private final boolean neverDuplicates;
    private GridEnumerator grid;

    /** What to send: the internal vector finally chosen and its user parameters. */
    public record Candidate(double[] internal, JsonObject parameters) {
    }

    public Deduplicator(SearchSpace space, ParameterHistory history) {
        this.space = space;
        this.history = history;
        this.neverDuplicates = !space.isFinite();
    }

    /**
     * Returns {@code proposal} when it is new (recording it), else the next unseen grid point.
     *
     * @throws NoMoreTrialsException when every parameter set of the space has been produced
     */
    public Candidate accept(double[] proposal) throws NoMoreTrialsException {
        JsonObject parameters = space.format(proposal);
        if (neverDuplicates || history.addIfNew(parameters)) {
            return new Candidate(proposal, parameters);
        }
        if (grid == null) {
            grid = new GridEnumerator(space);
        }
        for (double[] next = grid.next(); next != null; next = grid.next()) {
            JsonObject nextParameters = space.format(next);
            if (history.addIfNew(nextParameters)) {
                return new Candidate(next, nextParameters);
            }
        }
        throw new NoMoreTrialsException("every parameter set of the search space has been tried");
    }

    /** Records an internal vector (imported data) as tried; a no-op in a space that never repeats, as in NNI. */
    public void addHistory(double[] internal) {
        if (!neverDuplicates) {
            history.addIfNew(space.format(internal));
        }
    }

    /**
     * Records user parameters (from {@code FD}) after mapping them through the space, so that {@code 2} and
     * {@code 2.0} for a q-type or a reordered object count as the same set.
     *
     * @throws IllegalArgumentException naming the key when they do not fit the space
     */
    public void addHistory(JsonValue userParameters) {
        addHistory(space.deformat(userParameters));
    }

    /** The grid walk's position (null before the first repeat); the history is snapshotted by its owner. */
    public JsonValue snapshot() {
        return grid == null ? JsonNull.INSTANCE : grid.snapshot();
    }

    /** Restores {@link #snapshot()} over the same space. */
    public void restore(JsonValue snapshot) {
        if (snapshot instanceof JsonNull) {
            grid = null;
            return;
        }
        grid = new GridEnumerator(space);
        grid.restore(snapshot);
    }
}
