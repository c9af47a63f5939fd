package dev.tunerd.tuners.model;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which parameter sets are in flight and which ids are done, for the model-based tuners: results and trial ends may
 * come in any order, twice, or for ids never seen (after a restart), and none of that may crash a tuner. Holds the
 * issued parameters (user form) so that they can be re-read into a new search space or a snapshot. Not thread-safe.
 */
public final class TrialBook {
    private final Map<Long, JsonObject> running = new LinkedHashMap<>();
    private final Set<Long> done = new HashSet<>();

    /** Records a set issued under {@code id}. */
    public void issue(long id, JsonObject params) {
        running.put(id, params);
    }

    /** The issued set still in flight, or null. */
    public JsonObject inFlight(long id) {
        return running.get(id);
    }

    /** Marks {@code id} as having its result; returns its parameters when it was still in flight. */
    public JsonObject finish(long id) {
        done.add(id);
        return running.remove(id);
    }

    /**
     * The trial of {@code id} ended: it is no longer in flight, but its result may still come (the manager may send
     * the end first) and is then taken with the parameters the dispatcher passes along.
     */
    public JsonObject end(long id) {
        return running.remove(id);
    }

    /** Whether the result of {@code id} was already received. */
    public boolean isDone(long id) {
        return done.contains(id);
    }

    /** Parameters in flight, in issue order. */
    public List<JsonObject> runningParameters() {
        return new ArrayList<>(running.values());
    }

    public Map<Long, JsonObject> running() {
        return running;
    }

    public Set<Long> doneIds() {
        return done;
    }

    public int runningCount() {
        return running.size();
    }

    public void clearRunning() {
        running.clear();
    }
}
