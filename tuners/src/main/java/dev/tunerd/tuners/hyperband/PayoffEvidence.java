package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * The payoff check's evidence ({@link BracketPayoff}), kept so that a bracket decision does not depend on when a
 * training's values arrive. Until issue 13 session 10 the daemon handed intermediate results to a tuner on the
 * assessor's queue (as NNI does) and ends and final results on the tuner's queue, so when a full training's values at
 * the rungs arrived, relative to its end and to the requests that start brackets, depended on the machine's load;
 * deciding on "the trainings whose values have arrived" made Hyperband's brackets, and so its results, differ between
 * reruns of the same seeds (issue 13 session 7). The daemon now keeps the wire order, but a manager may still send a
 * training's values after its end, so the rule below stays.
 *
 * <p>Here every new configuration trained to the full budget that ended with a value gets an ordinal (its place in
 * the order of ends, which the tuner's queue fixes) and is <i>settled</i>, its values frozen, when either
 * <ul>
 *   <li>its intermediate results up to the largest bracket's last halving budget have arrived (values read at
 *       indices that later results do not change), or</li>
 *   <li>an intermediate result arrives of a trial issued after its end: the manager sent that trial's results after
 *       the ended one's end, so, the queue being first in first out, whatever the ended one reported before its end
 *       has arrived (the training goes in with that).</li>
 * </ul>
 * A decision uses the settled trainings among those that ended before the last configuration was issued (a set
 * fixed by the tuner's queue), at most {@code window}, in the order of ends. When one of those is not settled yet,
 * the request waits ({@link #ready}; the engine answers it later) until it is, so the decision is the same whatever
 * the interleaving of the two queues (before session 10 the assessor's queue was often a whole training or two
 * behind in the benchmark; with the wire order a training that reported all its values is settled at its end). It
 * does not wait while no trial has reported any intermediate result (trials that report none) or once a trial issued
 * after the training's end ended without any value (a failing trial: the training is settled with what has
 * arrived). What remains is an experiment whose
 * trials reported intermediate results and then stopped reporting them while still reporting final ones: its
 * requests wait. Not thread-safe.
 */
final class PayoffEvidence {
    private record Waiting(long parameterId, List<Double> history, double finalLoss) {
    }

    private final BracketPlan plan;
    private final int window;
    private final int[] budgets;
    private final int evidenceLength;
    /** New full trainings that ended with a value so far: the next one's ordinal. */
    private int ended;
    /** {@link #ended} when the last configuration was issued: decisions use ordinals below it. */
    private int endedAtLastIssue;
    /** {@link #endedAtLastIssue} before the last issue: the evidence the previous decision used. */
    private int endedAtIssueBefore;
    /** Settled trainings by ordinal: values at the largest bracket's rungs, then the final value. */
    private final TreeMap<Integer, double[]> settled = new TreeMap<>();
    /** Ended trainings not settled yet, by ordinal. */
    private final TreeMap<Integer, Waiting> waiting = new TreeMap<>();
    /** Trials issued while some training waited and without an intermediate result so far: {@link #ended} then. */
    private final Map<Long, Integer> stamps = new HashMap<>();
    /** Whether any trial reported an intermediate result so far. */
    private boolean anyIntermediate;

    PayoffEvidence(BracketPlan plan, int window) {
        this.plan = plan;
        this.window = window;
        this.budgets = new int[plan.sMax()];
        for (int k = 0; k < budgets.length; k++) {
            budgets[k] = plan.budget(plan.sMax(), k);
        }
        this.evidenceLength = plan.sMax() == 0 ? 0 : plan.budget(plan.sMax(), plan.sMax() - 1);
    }

    /** Final values of the largest bracket's winners (its last round), in the order of their ends. */
    private final List<Double> winners = new ArrayList<>();
    /** {@link #winners}' size when the last configuration was issued. */
    private int winnersAtLastIssue;

    /** A configuration of the largest bracket's last round ended with {@code finalLoss}. */
    void winner(double finalLoss) {
        winners.add(finalLoss);
    }

    /** The winners that ended before the last issue, at most the last window. */
    List<Double> winners() {
        return List.copyOf(winners.subList(Math.max(0, winnersAtLastIssue - window), winnersAtLastIssue));
    }

    /** Changes of what {@link #curves()} and {@link #winners()} return, so far (not in the snapshot). */
    private long version;

    /** A number that changes whenever {@link #curves()} or {@link #winners()} may have changed. */
    long version() {
        return version;
    }

    /** {@code parameterId} was issued (any trial, any budget). */
    void issued(long parameterId) {
        if (endedAtLastIssue != ended || winnersAtLastIssue != winners.size()) {
            version++;
        }
        endedAtIssueBefore = endedAtLastIssue;
        endedAtLastIssue = ended;
        winnersAtLastIssue = winners.size();
        if (!waiting.isEmpty()) { // only a trial issued after a waiting training's end can settle it
            stamps.put(parameterId, ended);
        }
    }

    /** New full trainings that had ended with a value when the last configuration was issued. */
    int endedAtLastIssue() {
        return endedAtLastIssue;
    }

    /** An intermediate result of {@code parameterId} arrived (any trial). */
    void intermediate(long parameterId, double loss) {
        anyIntermediate = true;
        Integer stamp = stamps.remove(parameterId);
        for (Map.Entry<Integer, Waiting> w : waiting.entrySet()) {
            if (w.getValue().parameterId() == parameterId) {
                w.getValue().history().add(loss);
                if (w.getValue().history().size() >= evidenceLength) {
                    settle(w.getKey());
                }
                break;
            }
        }
        if (stamp != null) { // everything reported before the ends of trainings older than this trial has arrived
            while (!waiting.isEmpty() && waiting.firstKey() < stamp) {
                settle(waiting.firstKey());
            }
        }
    }

    /** A new configuration trained to the full budget ended with {@code finalLoss}; {@code history} as arrived. */
    void ended(long parameterId, List<Double> history, double finalLoss) {
        int ordinal = ended++;
        waiting.put(ordinal, new Waiting(parameterId, new ArrayList<>(history), finalLoss));
        if (history.size() >= evidenceLength) {
            settle(ordinal);
        }
    }

    /**
     * Whether a decision may be taken now: every training it uses is settled. A request waits for a training's values
     * as long as they can still come, which the tuner cannot tell from a queue that is merely behind; it gives up only
     * when no trial has reported any intermediate result so far (trials that report none: the evidence stays empty,
     * the training stays waiting) or when {@value #FAILED_TO_GIVE_UP} trial issued after the training's end has
     * ended without any value (a failing trial: the training is settled with what it has). {@code failed}: whether a
     * trial ended without a value.
     */
    boolean ready(LongPredicate failed) {
        if (!anyIntermediate) {
            return true;
        }
        while (!waiting.isEmpty() && waiting.firstKey() < endedAtLastIssue) {
            int first = waiting.firstKey();
            int failedAfter = 0;
            for (Map.Entry<Long, Integer> s : stamps.entrySet()) {
                if (s.getValue() > first && failed.test(s.getKey())) {
                    failedAfter++;
                }
            }
            if (failedAfter < FAILED_TO_GIVE_UP) {
                return false;
            }
            settle(first);
        }
        return true;
    }

    /** Trials issued after a training's end that ended without any value before a request stops waiting for it. */
    static final int FAILED_TO_GIVE_UP = 1;

    /** The evidence of a decision: settled trainings that ended before the last issue, at most the last window. */
    List<double[]> curves() {
        return curvesBefore(endedAtLastIssue);
    }

    /**
     * The evidence the decision before the last issue used ({@link #curves()} then): whether the evidence changed
     * between two requests.
     */
    List<double[]> previousCurves() {
        return curvesBefore(endedAtIssueBefore);
    }

    private List<double[]> curvesBefore(int end) {
        List<double[]> out = new ArrayList<>();
        for (double[] c : settled.headMap(end, false).descendingMap().values()) {
            if (out.size() == window) {
                break;
            }
            out.add(0, c.clone());
        }
        return out;
    }

    private void settle(int ordinal) {
        version++;
        Waiting w = waiting.remove(ordinal);
        if (!w.history().isEmpty()) {
            double[] values = RankAgreement.atBudgets(w.history(), budgets, plan.maxBudget());
            double[] c = java.util.Arrays.copyOf(values, values.length + 1);
            c[values.length] = w.finalLoss();
            settled.put(ordinal, c);
            while (settled.size() > 2 * window) {
                settled.pollFirstEntry();
            }
        }
        if (waiting.isEmpty()) {
            stamps.clear();
        } else {
            int oldest = waiting.firstKey(); // a stamp at or below it settles nothing any more
            stamps.values().removeIf(s -> s <= oldest);
        }
    }

    /** For a snapshot. */
    JsonValue snapshot() {
        List<JsonValue> done = new ArrayList<>();
        settled.forEach((ordinal, c) -> {
            List<Double> values = new ArrayList<>();
            for (double v : c) {
                values.add(v);
            }
            done.add(JsonObject.builder().put("ordinal", JsonInt.of(ordinal))
                .put("values", SnapshotJson.doubles(values)).build());
        });
        List<JsonValue> open = new ArrayList<>();
        waiting.forEach((ordinal, w) -> open.add(JsonObject.builder().put("ordinal", JsonInt.of(ordinal))
            .put("id", JsonInt.of(w.parameterId())).put("history", SnapshotJson.doubles(w.history()))
            .put("final", JsonFloat.of(w.finalLoss())).build()));
        JsonObject.Builder st = JsonObject.builder();
        stamps.forEach((id, s) -> st.put(Long.toString(id), JsonInt.of(s)));
        return JsonObject.builder().put("ended", JsonInt.of(ended))
            .put("endedAtLastIssue", JsonInt.of(endedAtLastIssue))
            .put("endedAtIssueBefore", JsonInt.of(endedAtIssueBefore))
            .put("anyIntermediate", dev.tunerd.spi.json.JsonBool.of(anyIntermediate))
            .put("settled", new JsonArray(done)).put("waiting", new JsonArray(open)).put("stamps", st.build())
            .put("winners", SnapshotJson.doubles(winners)).put("winnersAtLastIssue", JsonInt.of(winnersAtLastIssue))
            .build();
    }

    /** Restores {@link #snapshot()}. */
    void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Hyperband payoff evidence");
        version++;
        settled.clear();
        waiting.clear();
        stamps.clear();
        ended = Math.toIntExact(SnapshotJson.longMember(s, "ended"));
        endedAtLastIssue = Math.toIntExact(SnapshotJson.longMember(s, "endedAtLastIssue"));
        // absent in states written before issue 13 session 13: as if the evidence had not changed at the last issue
        endedAtIssueBefore = s.get("endedAtIssueBefore") == null ? endedAtLastIssue
            : Math.toIntExact(SnapshotJson.longMember(s, "endedAtIssueBefore"));
        if (endedAtIssueBefore < 0 || endedAtIssueBefore > endedAtLastIssue || endedAtLastIssue > ended) {
            throw new IllegalArgumentException("Hyperband payoff evidence: issue counters out of range");
        }
        anyIntermediate = s.get("anyIntermediate") instanceof dev.tunerd.spi.json.JsonBool b && b.value();
        winners.clear();
        winnersAtLastIssue = 0;
        if (s.get("winners") != null) { // absent in states written before issue 13 session 10
            winners.addAll(SnapshotJson.toDoubles(s.get("winners")));
            long at = SnapshotJson.longMember(s, "winnersAtLastIssue");
            if (at < 0 || at > winners.size()) {
                throw new IllegalArgumentException("Hyperband payoff evidence: winnersAtLastIssue " + at
                    + " out of range");
            }
            winnersAtLastIssue = (int) at;
        }
        for (JsonValue v : SnapshotJson.arrayMember(s, "settled").values()) {
            JsonObject o = SnapshotJson.object(v, "Hyperband payoff evidence: a settled training");
            double[] c = SnapshotJson.toDoubles(SnapshotJson.member(o, "values")).stream()
                .mapToDouble(Double::doubleValue).toArray();
            if (c.length != budgets.length + 1) {
                throw new IllegalArgumentException("Hyperband payoff evidence: a settled training has " + c.length
                    + " values, expected " + (budgets.length + 1));
            }
            settled.put(ordinal(o), c);
        }
        for (JsonValue v : SnapshotJson.arrayMember(s, "waiting").values()) {
            JsonObject o = SnapshotJson.object(v, "Hyperband payoff evidence: a waiting training");
            JsonValue fin = SnapshotJson.member(o, "final");
            if (!fin.isNumber()) {
                throw new IllegalArgumentException("Hyperband payoff evidence: a waiting training's final value must"
                    + " be a number");
            }
            waiting.put(ordinal(o), new Waiting(SnapshotJson.longMember(o, "id"),
                new ArrayList<>(SnapshotJson.toDoubles(SnapshotJson.member(o, "history"))), fin.asDouble()));
        }
        if (SnapshotJson.member(s, "stamps") instanceof JsonObject st) {
            st.members().forEach((id, v) -> {
                try {
                    stamps.put(Long.parseLong(id), Math.toIntExact(((JsonInt) v).value()));
                } catch (NumberFormatException | ClassCastException e) {
                    throw new IllegalArgumentException("Hyperband payoff evidence: a stamp is a parameter id and an"
                        + " integer");
                }
            });
        }
    }

    private int ordinal(JsonObject o) {
        long ordinal = SnapshotJson.longMember(o, "ordinal");
        if (ordinal < 0 || ordinal >= ended) {
            throw new IllegalArgumentException("Hyperband payoff evidence: ordinal " + ordinal + " out of range");
        }
        return (int) ordinal;
    }

    /**
     * A snapshot written before this class (issue 13 session 7 and earlier): the rank check's trainings, in the order
     * they were recorded, as settled, and the trainings it still awaited as waiting (no trial is stamped, so they
     * are settled with what they have at the next decision unless their results arrive first).
     */
    void restoreLegacy(List<double[]> curves, Map<Long, List<Double>> awaitedHistories, Map<Long, Double> awaited) {
        version++;
        settled.clear();
        waiting.clear();
        stamps.clear();
        ended = 0;
        for (double[] c : curves) {
            if (c.length == budgets.length + 1) {
                settled.put(ended, c.clone());
            }
            ended++;
        }
        for (Iterator<Map.Entry<Long, Double>> it = awaited.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Double> e = it.next();
            List<Double> h = awaitedHistories.get(e.getKey());
            waiting.put(ended++, new Waiting(e.getKey(), new ArrayList<>(h == null ? List.of() : h), e.getValue()));
        }
        endedAtLastIssue = ended;
        endedAtIssueBefore = ended;
        anyIntermediate = !settled.isEmpty();
    }
}
