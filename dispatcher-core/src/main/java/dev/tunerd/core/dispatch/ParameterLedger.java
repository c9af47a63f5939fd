package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.json.JsonValue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parameter-id bookkeeping of spec 4.4 and 4.7: the id counter, every issued id with its parameters, the ids
 * recovered from a previous run, and which ids already had their final result or their trial end.
 *
 * <p>Memory: the flags are bits ({@link IdFlags}), and the parameters of an id are let go once it has both its
 * final result and its trial end (nothing looks them up after that: a later FINAL or EN for it is a duplicate), so a
 * long experiment keeps parameters only for trials in flight.
 *
 * <p>Thread-safe (every method is synchronized): ids are issued from the default worker and, through deferred
 * sends, from the assessor worker; a checkpoint may read it from either.
 */
public final class ParameterLedger {

    private long nextId;
    private long recoveredMaxId = -1;
    private final Map<Long, JsonValue> parameters = new HashMap<>();
    private final IdFlags known = new IdFlags(); // issued or resumed, released or not
    private final IdFlags finalReceived = new IdFlags();
    private final IdFlags ended = new IdFlags();
    private final Map<Long, String> wireIds = new HashMap<>();
    private final Map<String, Long> byWireId = new HashMap<>();
    private final Set<Long> recoveredNamed = new HashSet<>();

    /**
     * Reserves {@code count} consecutive ids and returns the first; the counter moves even if some go unused.
     *
     * @throws IllegalStateException when the ids would pass {@link ResumedTrial#MAX_PARAMETER_ID}
     */
    public synchronized long reserve(int count) {
        long first = nextId;
        if (first + count - 1 > ResumedTrial.MAX_PARAMETER_ID) {
            throw new IllegalStateException("parameter ids are exhausted: " + count + " more after " + (first - 1)
                + " would pass " + ResumedTrial.MAX_PARAMETER_ID + ", the largest id the manager holds exactly");
        }
        nextId += count;
        return first;
    }

    /** The next id that {@link #reserve} will hand out. */
    public synchronized long nextId() {
        return nextId;
    }

    /** Records an issued id; ids not reserved yet, or already issued, are refused. */
    public synchronized void issue(long id, JsonValue params) {
        if (id < 0 || id >= nextId) {
            throw new IllegalArgumentException("parameter id " + id + " was never reserved (next id is " + nextId + ")");
        }
        if (known.contains(id)) {
            throw new IllegalArgumentException("parameter id " + id + " was already issued");
        }
        known.add(id);
        parameters.put(id, params);
        releaseIfDone(id);
    }

    /**
     * Records an issued id with the wire id its tuner named for it; a wire id already used is refused (before
     * anything is recorded).
     */
    public synchronized void issue(long id, JsonValue params, String wireId) {
        if (byWireId.containsKey(wireId)) {
            throw new IllegalArgumentException("wire parameter id \"" + wireId + "\" was already issued (as id "
                + byWireId.get(wireId) + ")");
        }
        issue(id, params);
        name(id, wireId);
    }

    private void name(long id, String wireId) {
        wireIds.put(id, wireId);
        byWireId.put(wireId, id);
    }

    /** The internal id issued (or recovered) under a tuner-named wire id, or null when it is unknown. */
    public synchronized Long idOfWire(String wireId) {
        return byWireId.get(wireId);
    }

    /** The wire id a tuner named for {@code id}, or null (ids the dispatcher sends as numbers). */
    public synchronized String wireId(long id) {
        return wireIds.get(id);
    }

    /** Whether {@code wireId} is known (issued in this run or recovered from the previous one). */
    public synchronized boolean knowsWire(String wireId) {
        return byWireId.containsKey(wireId);
    }

    /** True when {@code id} was issued or resumed (even if its parameters were let go since). */
    public synchronized boolean isKnown(long id) {
        return known.contains(id);
    }

    /**
     * The parameters issued (or recovered) under {@code id}, or null when it is unknown or already has both its final
     * result and its trial end.
     */
    public synchronized JsonValue parameters(long id) {
        return parameters.get(id);
    }

    /**
     * Resume bookkeeping ({@code AD}, NNI 2.10+): remembers the recovered ids and moves the counter past them. Unlike
     * NNI the counter never moves backwards, so ids already issued in this run are never reused. A string id (named
     * by a tuner) the ledger does not know yet gets an internal id of its own, counted as the previous run's.
     *
     * @return the string ids that were new to this ledger
     */
    public synchronized List<String> resume(List<ResumedTrial> resumed) {
        List<String> newNames = new java.util.ArrayList<>();
        long max = 0;
        for (ResumedTrial t : resumed) {
            if (t.isNamed()) {
                continue;
            }
            if (!finalReceived.contains(t.parameterId()) || !ended.contains(t.parameterId())) {
                parameters.put(t.parameterId(), t.parameters());
            }
            known.add(t.parameterId());
            max = Math.max(max, t.parameterId());
        }
        recoveredMaxId = Math.max(recoveredMaxId, max);
        nextId = Math.max(nextId, max + 1);
        for (ResumedTrial t : resumed) { // string ids (named by a tuner): each gets an internal id of its own
            if (t.isNamed() && !byWireId.containsKey(t.wireId())) {
                long id = nextId++;
                parameters.put(id, t.parameters());
                known.add(id);
                name(id, t.wireId());
                recoveredNamed.add(id);
                newNames.add(t.wireId());
            }
        }
        return newNames;
    }

    /**
     * A resume without a checkpoint: ids below {@code bound} were the previous runs' (finished or not, known or not),
     * so none is issued again and a late result or end for one is handled as the previous run's (spec 4.7).
     */
    public synchronized void continuePast(long bound) {
        nextId = Math.max(nextId, bound);
        recoveredMaxId = Math.max(recoveredMaxId, bound - 1);
    }

    /**
     * True for ids of the previous run (spec 4.7: {@code id <= recovered max id}), and for the internal ids given to
     * the string ids of a resume {@code AD}.
     */
    public synchronized boolean isRecovered(long id) {
        return id <= recoveredMaxId || (!recoveredNamed.isEmpty() && recoveredNamed.contains(id));
    }

    public synchronized long recoveredMaxId() {
        return recoveredMaxId;
    }

    /** Marks the final result of {@code id} as received; false when it already was (a duplicate). */
    public synchronized boolean markFinalReceived(long id) {
        boolean first = finalReceived.add(id);
        releaseIfDone(id);
        return first;
    }

    /** Marks the trial of {@code id} as ended; false when it already was. */
    public synchronized boolean markEnded(long id) {
        boolean first = ended.add(id);
        releaseIfDone(id);
        return first;
    }

    private void releaseIfDone(long id) {
        if (finalReceived.contains(id) && ended.contains(id)) {
            parameters.remove(id);
        }
    }

    public synchronized boolean hasEnded(long id) {
        return ended.contains(id);
    }

    public synchronized boolean hasFinal(long id) {
        return finalReceived.contains(id);
    }

    /**
     * Everything this ledger knows, as an immutable copy (for a checkpoint).
     *
     * @param nextId         the next id to reserve
     * @param recoveredMaxId the largest id of a previous run, -1 when none
     * @param parameters     issued and recovered ids with their parameters
     * @param finalReceived  ids whose final result was delivered
     * @param ended          ids whose trial ended
     * @param wireIds        ids a tuner named, with their wire ids
     */
    public record Snapshot(long nextId, long recoveredMaxId, Map<Long, JsonValue> parameters, Set<Long> finalReceived,
                           Set<Long> ended, Map<Long, String> wireIds) {
        public Snapshot {
            parameters = Map.copyOf(parameters);
            finalReceived = Set.copyOf(finalReceived);
            ended = Set.copyOf(ended);
            wireIds = Map.copyOf(wireIds);
        }

        public Snapshot(long nextId, long recoveredMaxId, Map<Long, JsonValue> parameters, Set<Long> finalReceived,
                        Set<Long> ended) {
            this(nextId, recoveredMaxId, parameters, finalReceived, ended, Map.of());
        }
    }

    public synchronized Snapshot snapshot() {
        return new Snapshot(nextId, recoveredMaxId, parameters, finalReceived.toSet(), ended.toSet(), wireIds);
    }

    /** Replaces the whole state with {@code snapshot} (a restarted dispatcher continuing from a checkpoint). */
    public synchronized void restore(Snapshot snapshot) {
        nextId = snapshot.nextId();
        recoveredMaxId = snapshot.recoveredMaxId();
        parameters.clear();
        known.clear();
        finalReceived.clear();
        ended.clear();
        wireIds.clear();
        byWireId.clear();
        recoveredNamed.clear();
        snapshot.finalReceived().forEach(finalReceived::add);
        snapshot.ended().forEach(ended::add);
        snapshot.finalReceived().forEach(id -> { // a result is only marked for an issued id
            if (ended.contains(id)) {
                known.add(id);
            }
        });
        snapshot.parameters().forEach((id, p) -> {
            known.add(id);
            if (!finalReceived.contains(id) || !ended.contains(id)) {
                parameters.put(id, p);
            }
        });
        snapshot.wireIds().forEach((id, wire) -> {
            known.add(id);
            name(id, wire);
        });
    }
}
