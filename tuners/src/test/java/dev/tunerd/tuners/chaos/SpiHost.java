package dev.tunerd.tuners.chaos;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.hyperband.BudgetedParameters;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The daemon between a hostile manager and one advisor, calling it as dispatcher-core does ({@code MsgDispatcher},
 * {@code FinalResults}, {@code WireIds}, {@code ParameterLedger}; this module cannot see them): ids reserved per
 * request, unfilled ids owed ({@code NO}) until the advisor sends them, a FINAL only for an issued id, once, and only
 * when it is a number or a dict with a numeric {@code default}; a trial end once per issued id; an intermediate result
 * for any issued id, in any order, after the end too, and only when it is a scalar as well (the rule the daemon applies
 * since session 31); customized trials reach an advisor only if it accepts them; a snapshot after every request, as a
 * checkpoint takes one.
 *
 * <p>It checks what the daemon relies on: at most as many sets as ids, a non-empty wire id never issued before (also
 * across restarts), no (configuration, budget) issued twice, an advisor sends only ids it owes. With a fork
 * ({@link #fork}) a second instance restored from the first one's snapshot is called in lockstep and must issue exactly
 * what the first one issues. A broken rule is an {@link AssertionError}; anything an advisor throws escapes to the
 * caller (no exception is documented for these calls: the daemon would answer {@code ER} and exit).
 */
final class SpiHost {

    /** A set the advisor issued: the daemon's id, the wire id it named, the parameters. */
    record Issued(long id, String wire, JsonObject params) {
        int budget() {
            JsonValue b = params.get(BudgetedParameters.KEY);
            return b == null ? 1 : (int) b.asDouble();
        }
    }

    /** One instance and what it sent through its context's sender since it was last asked. */
    private static final class Instance {
        final Tuner tuner;
        final List<Map.Entry<Long, JsonValue>> outbox = new ArrayList<>();

        Instance(Function<AlgorithmContext, Tuner> make) {
            this.tuner = make.apply(new AlgorithmContext((id, p) -> outbox.add(Map.entry(id, p)), Optional.empty(),
                Clock.systemUTC()));
        }
    }

    private final Advisor advisor;
    private Instance primary;
    private Instance mirror;
    private final Map<Long, JsonObject> params = new HashMap<>();
    private final Set<String> wireNames = new HashSet<>();
    private final Set<String> configBudgets = new HashSet<>();
    private final Set<Long> finals = new HashSet<>();
    private final Set<Long> ended = new HashSet<>();
    private final LinkedHashSet<Long> owed = new LinkedHashSet<>();
    private long nextId;
    private int forks;
    private int restarts;

    SpiHost(Advisor advisor) {
        this.advisor = advisor;
        this.primary = fresh();
    }

    /**
     * A host whose advisor starts from {@code state} (restored, then {@code restoreFinished}), its ids from
     * {@code firstId} on: the daemon after a resume.
     */
    SpiHost(Advisor advisor, JsonValue state, long firstId, Map<Long, JsonObject> inFlight) {
        this.advisor = advisor;
        this.primary = fresh();
        ((Snapshotting) primary.tuner).restore(state);
        ((Snapshotting) primary.tuner).restoreFinished();
        this.nextId = firstId;
        params.putAll(inFlight);
    }

    /**
     * The daemon after a resume without a checkpoint (session 32): a fresh instance given the bound the earlier run
     * recorded ({@code continueNamesFrom}, before its search space, as the daemon does before the first IN; 0: no
     * record, as NNI), ids from {@code bound} on, and every name the earlier run issued counted as issued, so one
     * named again breaks the wire-id rule.
     */
    static SpiHost resumedWithoutState(Advisor advisor, long bound, Set<String> earlierNames) {
        return new SpiHost(advisor, bound, earlierNames);
    }

    private SpiHost(Advisor advisor, long bound, Set<String> earlierNames) {
        this.advisor = advisor;
        Instance i = new Instance(advisor.make());
        if (bound > 0) {
            ((NamesParameterIds) i.tuner).continueNamesFrom(bound);
        }
        i.tuner.updateSearchSpace(Advisor.SPACE);
        this.primary = i;
        this.nextId = bound;
        wireNames.addAll(earlierNames);
    }

    /** What the daemon records before each TR: a bound above every id reserved and every name counter used. */
    long issuedBound() {
        return Math.max(nextId, ((NamesParameterIds) primary.tuner).nameCounterBound());
    }

    /** Every wire id issued so far (also those of an earlier run given to {@link #resumedWithoutState}). */
    Set<String> wireNames() {
        return Set.copyOf(wireNames);
    }

    /** The sets issued whose trials have not ended. */
    Map<Long, JsonObject> inFlight() {
        Map<Long, JsonObject> out = new HashMap<>(params);
        out.keySet().removeAll(ended);
        return out;
    }

    private Instance fresh() {
        Instance i = new Instance(advisor.make());
        i.tuner.updateSearchSpace(Advisor.SPACE);
        return i;
    }

    int owedCount() {
        return owed.size();
    }

    boolean mirrored() {
        return mirror != null;
    }

    int forks() {
        return forks;
    }

    int restarts() {
        return restarts;
    }

    /** {@code GE count}: what was issued (the rest of the ids are owed, and the daemon answered {@code NO}). */
    List<Issued> request(int count) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(nextId++);
        }
        List<Issued> out = new ArrayList<>();
        List<String> seen = lockstep("GE " + count, t -> {
            List<JsonValue> sets = t.generateMultipleParameters(List.copyOf(ids));
            List<String> named = new ArrayList<>();
            for (int i = 0; i < sets.size(); i++) {
                named.add(ids.get(i) + "=" + wireOf(t, ids.get(i)) + " " + Json.writeAllowingNonFinite(sets.get(i)));
            }
            if (sets.size() > ids.size()) {
                throw new AssertionError(sets.size() + " parameter sets for " + ids.size() + " ids");
            }
            if (t instanceof Snapshotting s) { // a checkpoint saves the state with the sets it issued
                s.snapshot();
            }
            return named;
        });
        for (int i = 0; i < seen.size(); i++) {
            out.add(issue(ids.get(i), seen.get(i)));
        }
        List<Issued> sentNow = sent();
        owed.addAll(ids.subList(seen.size(), ids.size()));
        out.addAll(sentNow);
        return out;
    }

    /** A FINAL with {@code value} for {@code id}, through the daemon's filter; returns what the advisor sent. */
    List<Issued> finalResult(long id, String trialJobId, JsonValue value) {
        JsonObject p = params.get(id);
        if (p == null || finals.contains(id) || !Metrics.isScalar(value)) {
            return List.of(); // unknown, duplicate, or not a number: logged and dropped by the daemon
        }
        finals.add(id);
        lockstep("FINAL " + id, t -> {
            t.receiveTrialResult(new TrialResult(id, p, value, false, Optional.of(trialJobId)));
            return "";
        });
        return sent();
    }

    /** A PERIODICAL metric; the daemon passes it on for every issued id whose value is a scalar. */
    List<Issued> intermediate(long id, String trialJobId, int sequence, JsonValue value) {
        if (!params.containsKey(id) || !(primary.tuner instanceof ReceivesIntermediateResults)
            || !Metrics.isScalar(value)) {
            return List.of();
        }
        lockstep("ME " + id + "#" + sequence, t -> {
            ((ReceivesIntermediateResults) t).receiveIntermediateResult(new IntermediateResult(id, trialJobId, sequence,
                value));
            return "";
        });
        return sent();
    }

    /** {@code EN}: passed on once per issued id. */
    List<Issued> trialEnd(long id, boolean success) {
        if (!params.containsKey(id) || !ended.add(id)) {
            return List.of();
        }
        lockstep("EN " + id, t -> {
            t.trialEnd(id, success);
            return "";
        });
        return sent();
    }

    /** {@code FD}: passed on whole (the daemon screens nothing here; an advisor that learns from imports does). */
    List<Issued> importData(List<ImportedTrial> trials) {
        lockstep("FD " + trials.size(), t -> {
            t.importData(trials);
            return "";
        });
        return sent();
    }

    /** A customized trial's FINAL: reaches the advisor only if it accepts those, and then as an unknown id (logged). */
    void customizedResult() {
        primary.tuner.acceptsCustomizedTrials();
    }

    /**
     * From now on a second instance, restored from this one's snapshot (as text, as a checkpoint stores it), is called
     * in lockstep and must issue exactly what this one issues.
     */
    void fork() {
        mirror = restoredFrom(primary, false);
        forks++;
    }

    /**
     * A kill and a resume from the checkpoint: a fresh instance restored from the state at this point (what the last
     * snapshot plus the journal's replay rebuild), then {@code restoreFinished}; the requests owed to the killed
     * process are void (a restarted manager asks again). Ends a fork.
     */
    void restart() {
        primary = restoredFrom(primary, true);
        mirror = null;
        owed.clear();
        restarts++;
    }

    private Instance restoredFrom(Instance from, boolean finished) {
        if (!(from.tuner instanceof Snapshotting s)) {
            throw new AssertionError(advisor.name() + " has no snapshot");
        }
        Instance to = fresh();
        Snapshotting r = (Snapshotting) to.tuner;
        r.restore(Json.parse(Json.writeAllowingNonFinite(s.snapshot())));
        if (finished) {
            r.restoreFinished();
        }
        return to;
    }

    /** The snapshot of the advisor as it stands, as a checkpoint would store it. */
    String snapshotText() {
        return Json.writeAllowingNonFinite(((Snapshotting) primary.tuner).snapshot());
    }

    private interface Call<R> {
        R apply(Tuner t);
    }

    /**
     * Runs {@code call} on the instance and, with a fork, on the mirror, and compares what they returned and sent; then
     * records the sets sent (each must be owed) and returns them.
     */
    private <R> R lockstep(String what, Call<R> call) {
        String before = DIAGNOSE && mirror != null ? stateDiff() : null;
        if (before != null) {
            throw new AssertionError("before " + what + " the restored state differs: " + before);
        }
        R a = call.apply(primary.tuner);
        List<String> sentA = drain(primary);
        if (mirror != null) {
            R b = call.apply(mirror.tuner);
            List<String> sentB = drain(mirror);
            if (!a.equals(b) || !sentA.equals(sentB)) {
                throw new AssertionError("the restored instance diverged at " + what + ": issued " + a + " sent " + sentA
                    + ", restored issued " + b + " sent " + sentB);
            }
        }
        lastSent = new ArrayList<>();
        for (String s : sentA) {
            long id = Long.parseLong(s.substring(0, s.indexOf('=')));
            if (!owed.remove(id)) {
                throw new AssertionError("the advisor sent parameter id " + id + ", which it does not owe (owed: " + owed
                    + ")");
            }
            lastSent.add(issue(id, s));
        }
        return a;
    }

    private List<Issued> lastSent = new ArrayList<>();

    /** {@code -Dchaos.diagnose=true}: compare the two instances' snapshots before every call of a fork. */
    static final boolean DIAGNOSE = Boolean.getBoolean("chaos.diagnose");

    private String stateDiff() {
        String a = Json.writeAllowingNonFinite(((Snapshotting) primary.tuner).snapshot());
        String b = Json.writeAllowingNonFinite(((Snapshotting) mirror.tuner).snapshot());
        if (a.equals(b)) {
            return null;
        }
        int i = 0;
        while (i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 300);
        return "original ..." + a.substring(from, Math.min(a.length(), i + 200)) + "\n restored ..."
            + b.substring(from, Math.min(b.length(), i + 200));
    }

    /** The sets the advisor sent through its sender during the last call. */
    List<Issued> sent() {
        return lastSent;
    }

    private List<String> drain(Instance i) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<Long, JsonValue> e : i.outbox) {
            out.add(e.getKey() + "=" + wireOf(i.tuner, e.getKey()) + " " + Json.writeAllowingNonFinite(e.getValue()));
        }
        i.outbox.clear();
        return out;
    }

    private static String wireOf(Tuner t, long id) {
        return t instanceof NamesParameterIds n ? n.wireParameterId(id) : Long.toString(id);
    }

    /** Records an issued set from its line {@code "<id>=<wire> <params>"} and checks the uniqueness rules. */
    private Issued issue(long id, String line) {
        int space = line.indexOf(' ');
        String wire = line.substring(line.indexOf('=') + 1, space);
        JsonObject p = (JsonObject) Json.parse(line.substring(space + 1));
        if (wire.isEmpty() || wire.equals("null")) {
            throw new AssertionError("parameter id " + id + " has no wire id");
        }
        if (!wireNames.add(wire)) {
            throw new AssertionError("wire id " + wire + " issued twice (parameter id " + id + ")");
        }
        JsonObject.Builder config = JsonObject.builder();
        p.members().forEach((k, v) -> {
            if (!k.equals(BudgetedParameters.KEY)) {
                config.put(k, v);
            }
        });
        Issued issued = new Issued(id, wire, p);
        String key = Json.writeAllowingNonFinite(config.build()) + " @" + issued.budget();
        if (!configBudgets.add(key)) {
            throw new AssertionError("configuration " + key + " issued twice at the same budget (parameter id " + id
                + ", wire id " + wire + ")");
        }
        params.put(id, p);
        return issued;
    }
}
