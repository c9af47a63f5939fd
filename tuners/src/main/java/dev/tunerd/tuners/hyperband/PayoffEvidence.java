package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * The payoff check's evidence ({@link BracketPayoff}): every new configuration trained to the full budget that ended
 * with a value, its values at the largest bracket's rungs and its final value, in the order of ends (at most the last
 * {@code 2 * window} kept, a decision reads at most the last {@code window}), and the largest bracket's winners.
 *
 * <p><b>Values in at the end</b> (issue 13 session 14). The daemon hands a tuner that reads intermediate results its
 * {@code PERIODICAL}s in wire order with the {@code FINAL}s, {@code EN}s and requests (since issue 13 session 10), so a
 * training's values have all arrived when its end does: a training goes into the evidence at its end with the values
 * that arrived before it, and a value that arrives later is ignored. What a decision reads is then a function of the
 * order of ends and requests alone, whatever the order in which a trial's results arrive before its end, and no
 * request ever waits for values: a trial that reports fewer intermediate results than the halving budgets (or none)
 * goes in with what it has (a missing rung is NaN, and the checks leave the training out where they need that rung).
 * Sessions 8-13 instead waited for a training's values that had not arrived by its end (the two-queue race of session
 * 8), which could hold a request for ever once a trial's values were lost.
 *
 * <p>Which trainings a decision reads: while another trial is in flight (several workers), every one ended so far
 * ({@code othersTraining}); otherwise (one worker) those that had ended when the last configuration was issued, as
 * before session 14, which leaves out the training that has just ended. Reading the latest one too helped with 4
 * workers and not with one (issue 13 sessions 12-14, docs/benchmarks/s12.md to s14.md). Not thread-safe.
 */
final class PayoffEvidence {
    private final BracketPlan plan;
    private final int window;
    private final int[] budgets;
    private final BooleanSupplier othersTraining;
    /** New full trainings that ended with a value so far: the next one's ordinal. */
    private int ended;
    /** {@link #ended} when the last configuration was issued. */
    private int endedAtLastIssue;
    /** Trainings by ordinal: values at the largest bracket's rungs, then the final value. */
    private final TreeMap<Integer, double[]> settled = new TreeMap<>();
    /** Final values of the largest bracket's winners (its last round), in the order of their ends. */
    private final List<Double> winners = new ArrayList<>();
    /** {@link #winners}' size when the last configuration was issued. */
    private int winnersAtLastIssue;
    /** Changes of what {@link #curves()} and {@link #winners()} return, so far (not in the snapshot). */
    private long version;
    /**
     * The lists handed out since {@link #settled} or {@link #winners} last changed, by their end (issue 13 session 24:
     * a decision asked for them several times, each time a fresh copy). Unmodifiable; not in the snapshot.
     */
    private final Map<Integer, List<double[]>> curvesByEnd = new java.util.HashMap<>();
    private final Map<Integer, List<Double>> winnersByEnd = new java.util.HashMap<>();

    /**
     * With {@code replay_by_model} (issue 13 session 29): a training's curve as the checks read it, given its ordinal
     * and its values (a copy with the rungs where rounds promote by prediction replaced by its held-out predicted
     * score, {@link FinalPredictor#rescore}); null: the values as they are.
     */
    private java.util.function.BiFunction<Integer, double[], double[]> rescore;

    /**
     * @param othersTraining whether a trial other than the one being decided for is in flight: a decision then reads
     *                       every training ended so far
     */
    PayoffEvidence(BracketPlan plan, int window, BooleanSupplier othersTraining) {
        this.plan = plan;
        this.window = window;
        this.othersTraining = othersTraining;
        this.budgets = new int[plan.sMax()];
        for (int k = 0; k < budgets.length; k++) {
            budgets[k] = plan.budget(plan.sMax(), k);
        }
    }

    /** A configuration of the largest bracket's last round ended with {@code finalLoss}. */
    void winner(double finalLoss) {
        winners.add(finalLoss);
        version++;
        winnersByEnd.clear();
    }

    /** The winners a decision reads (as {@link #curves()}), at most the last window. */
    List<Double> winners() {
        return winnersBefore(othersTraining.getAsBoolean() ? winners.size() : winnersAtLastIssue);
    }

    private List<Double> winnersBefore(int n) {
        return winnersByEnd.computeIfAbsent(n, k -> List.copyOf(winners.subList(Math.max(0, n - window), n)));
    }

    /**
     * Every winner ended so far, at most the last window, whether or not a decision reads it yet ({@code winner_veto}:
     * with one worker a winner that ended after the last issue).
     */
    List<Double> allWinners() {
        return winnersBefore(winners.size());
    }

    /** A number that changes whenever {@link #curves()} or {@link #winners()} may have changed. */
    long version() {
        return version;
    }

    /** A configuration was issued (any trial, any budget). */
    void issued() {
        if (endedAtLastIssue != ended || winnersAtLastIssue != winners.size()) {
            version++;
        }
        endedAtLastIssue = ended;
        winnersAtLastIssue = winners.size();
    }

    /**
     * A new configuration trained to the full budget ended with {@code finalLoss}; {@code history}: its intermediate
     * results as arrived, in order (all of them, in wire order). It goes into the evidence now; an empty history adds
     * nothing (a trial that reports no intermediate results says nothing about early ranks).
     */
    void ended(List<Double> history, double finalLoss) {
        version++;
        put(ended++, history, finalLoss);
    }

    /** From now on the checks read each training's curve through {@code rescore} (see {@link #rescore}). */
    void readThrough(java.util.function.BiFunction<Integer, double[], double[]> rescore) {
        this.rescore = rescore;
        version++;
        forgetLists();
    }

    /** The ordinal of the last training that went into the evidence ({@link #ended}), -1 when none did. */
    int lastOrdinal() {
        return settled.isEmpty() ? -1 : settled.lastKey();
    }

    /** The trainings a decision reads, at most the last window, in the order of ends (unmodifiable). */
    List<double[]> curves() {
        return curvesBefore(othersTraining.getAsBoolean() ? ended : endedAtLastIssue);
    }

    /**
     * What the decision at the last issue read when other trials were in flight then too (several workers): whether
     * the evidence changed between two requests.
     */
    List<double[]> previousCurves() {
        return curvesBefore(endedAtLastIssue);
    }

    private List<double[]> curvesBefore(int end) {
        List<double[]> cached = curvesByEnd.get(end);
        if (cached != null) {
            return cached;
        }
        List<double[]> out = new ArrayList<>();
        for (Map.Entry<Integer, double[]> c : settled.headMap(end, false).descendingMap().entrySet()) {
            if (out.size() == window) {
                break;
            }
            out.add(rescore == null ? c.getValue().clone() : rescore.apply(c.getKey(), c.getValue()));
        }
        java.util.Collections.reverse(out);
        List<double[]> list = java.util.Collections.unmodifiableList(out);
        curvesByEnd.put(end, list);
        return list;
    }

    /** {@link #settled} or {@link #winners} changed: the lists handed out so far no longer hold. */
    private void forgetLists() {
        curvesByEnd.clear();
        winnersByEnd.clear();
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
        return JsonObject.builder().put("ended", JsonInt.of(ended))
            .put("endedAtLastIssue", JsonInt.of(endedAtLastIssue)).put("settled", new JsonArray(done))
            .put("winners", SnapshotJson.doubles(winners)).put("winnersAtLastIssue", JsonInt.of(winnersAtLastIssue))
            .build();
    }

    /**
     * Restores {@link #snapshot()}, or a state written from issue 13 session 8 to session 13: its trainings still
     * waiting for values go in with the values they have (they had ended: values in at the end); its stamps and the
     * counter of the issue before the last are not needed any more.
     */
    void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Hyperband payoff evidence");
        version++;
        forgetLists();
        settled.clear();
        ended = SnapshotJson.intMember(s, "ended");
        endedAtLastIssue = SnapshotJson.intMember(s, "endedAtLastIssue");
        if (endedAtLastIssue < 0 || endedAtLastIssue > ended) {
            throw new IllegalArgumentException("Hyperband payoff evidence: issue counter out of range");
        }
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
        if (s.get("waiting") != null) { // states written from issue 13 session 8 to session 13
            for (JsonValue v : SnapshotJson.arrayMember(s, "waiting").values()) {
                JsonObject o = SnapshotJson.object(v, "Hyperband payoff evidence: a waiting training");
                JsonValue fin = SnapshotJson.member(o, "final");
                if (!fin.isNumber()) {
                    throw new IllegalArgumentException("Hyperband payoff evidence: a waiting training's final value"
                        + " must be a number");
                }
                put(ordinal(o), SnapshotJson.toDoubles(SnapshotJson.member(o, "history")), fin.asDouble());
            }
        }
    }

    private void put(int ordinal, List<Double> history, double finalLoss) {
        if (history.isEmpty()) {
            return;
        }
        double[] values = RankAgreement.atBudgets(history, budgets, plan.maxBudget());
        double[] c = java.util.Arrays.copyOf(values, values.length + 1);
        c[values.length] = finalLoss;
        forgetLists();
        settled.put(ordinal, c);
        while (settled.size() > 2 * window) {
            settled.pollFirstEntry();
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
     * they were recorded, then the trainings it still awaited with the values they have, all ended.
     */
    void restoreLegacy(List<double[]> curves, Map<Long, List<Double>> awaitedHistories, Map<Long, Double> awaited) {
        version++;
        forgetLists();
        settled.clear();
        ended = 0;
        for (double[] c : curves) {
            if (c.length == budgets.length + 1) {
                settled.put(ended, c.clone());
            }
            ended++;
        }
        for (Map.Entry<Long, Double> e : awaited.entrySet()) {
            List<Double> h = awaitedHistories.get(e.getKey());
            put(ended++, h == null ? List.of() : h, e.getValue());
        }
        endedAtLastIssue = ended;
        winners.clear();
        winnersAtLastIssue = 0;
    }
}
