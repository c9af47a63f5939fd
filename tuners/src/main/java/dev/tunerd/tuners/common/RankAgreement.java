package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether ranking configurations at a small budget predicts their ranking at the full budget, measured on the
 * configurations that were trained to the full budget: for each of them the value it had at every rung (its
 * intermediate result at that budget) and its final value. The agreement at rung k is Kendall's tau between the
 * values at rung k and the final values (1: same order, 0: unrelated, -1: reversed; ties count as neither). A rung
 * is trusted once at least {@code minCurves} full trainings reached it and their agreement is at least
 * {@code threshold}; with {@code threshold <= -1} every rung is always trusted (plain successive halving).
 *
 * <p>Successive halving throws away the configurations that look bad at a small budget; where learning curves cross
 * (fast learners lead early and plateau high) that keeps the wrong ones and does worse than training fewer
 * configurations fully. Multi-fidelity algorithms ask this class before deciding on a rung (see docs/ALGORITHMS.md).
 * Keeps the last {@code window} full trainings; an agreement costs O(window^2). Not thread-safe.
 */
public final class RankAgreement {
    /** The threshold that trusts every rung. */
    public static final double ALWAYS = -1;

    private final double threshold;
    private final int minCurves;
    private final int window;
    private final ArrayDeque<double[]> curves = new ArrayDeque<>(); // rung values..., then the final value

    /**
     * @param threshold Kendall's tau a rung needs (-1 .. 1; -1 trusts every rung at once)
     * @param minCurves full trainings needed before a rung can be trusted (at least 2)
     * @param window    full trainings kept (at least minCurves)
     */
    public RankAgreement(double threshold, int minCurves, int window) {
        if (!(threshold >= -1 && threshold <= 1) || minCurves < 2 || window < minCurves) {
            throw new IllegalArgumentException("bad rank agreement settings " + threshold + "/" + minCurves + "/"
                + window);
        }
        this.threshold = threshold;
        this.minCurves = minCurves;
        this.window = window;
    }

    /**
     * A full training: its value at rungs 0, 1, ... and its final value; ignored when the final value is not finite. A
     * rung value that is not finite (NaN: the training's result there never reached the tuner) leaves the training
     * out of that rung's count and agreement only.
     */
    public void record(double[] rungValues, double finalValue) {
        if (!Double.isFinite(finalValue) || Arrays.stream(rungValues).noneMatch(Double::isFinite)) {
            return;
        }
        double[] c = Arrays.copyOf(rungValues, rungValues.length + 1);
        c[rungValues.length] = finalValue;
        curves.addLast(c);
        if (curves.size() > window) {
            curves.pollFirst();
        }
    }

    /**
     * A full training's value at each of {@code budgets}, read off its intermediate results ({@code history}, in
     * sequence order) on the assumption that a training of {@code maxBudget} reports once per budget unit (epoch), or
     * in proportion when it reported more often. A budget whose result is not in the history is NaN: the last ones of a
     * training may come after its end (a manager's choice; until issue 13 session 10 also the daemon's, which handed
     * them to the tuner on the assessor's queue), or never; reading the rest in proportion to what arrived (the first
     * round's rule) read values at the wrong budgets, and how many arrived depended on the machine's load.
     */
    public static double[] atBudgets(List<Double> history, int[] budgets, int maxBudget) {
        int reported = Math.max(maxBudget, history.size());
        double[] out = new double[budgets.length];
        for (int k = 0; k < budgets.length; k++) {
            int i = Math.max(0, (int) Math.round((double) budgets[k] * reported / maxBudget) - 1);
            out[k] = i < history.size() ? history.get(i) : Double.NaN;
        }
        return out;
    }

    /** Whether decisions at rung {@code k} may be trusted. */
    public boolean trusts(int k) {
        if (threshold <= ALWAYS) {
            return true;
        }
        return count(k) >= minCurves && agreement(k) >= threshold;
    }

    /** Full trainings with a value at rung {@code k}. */
    public int count(int k) {
        int n = 0;
        for (double[] c : curves) {
            if (k < c.length - 1 && Double.isFinite(c[k])) {
                n++;
            }
        }
        return n;
    }

    /** Kendall's tau between the values at rung {@code k} and the final values; NaN with fewer than two. */
    public double agreement(int k) {
        List<double[]> pairs = new ArrayList<>();
        for (double[] c : curves) {
            if (k < c.length - 1 && Double.isFinite(c[k])) {
                pairs.add(new double[] {c[k], c[c.length - 1]});
            }
        }
        int n = pairs.size();
        if (n < 2) {
            return Double.NaN;
        }
        long score = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double a = Math.signum(pairs.get(i)[0] - pairs.get(j)[0]);
                double b = Math.signum(pairs.get(i)[1] - pairs.get(j)[1]);
                score += (long) (a * b);
            }
        }
        return score / (n * (n - 1) / 2.0);
    }

    /**
     * The kept full trainings, oldest first, as copies: each the values at rungs 0, 1, ... then the final value (NaN
     * where a rung's value never arrived). For callers that weigh the evidence otherwise than by Kendall's tau.
     */
    public List<double[]> curves() {
        List<double[]> out = new ArrayList<>(curves.size());
        curves.forEach(c -> out.add(c.clone()));
        return out;
    }

    /** The kept full trainings, for a snapshot. */
    public JsonValue snapshot() {
        List<JsonValue> out = new ArrayList<>();
        for (double[] c : curves) {
            List<Double> values = new ArrayList<>();
            for (double v : c) {
                values.add(v);
            }
            out.add(SnapshotJson.doubles(values));
        }
        return new JsonArray(out);
    }

    /** Restores {@link #snapshot()}. */
    public void restore(JsonValue state) {
        curves.clear();
        for (JsonValue v : SnapshotJson.asArray(state).values()) {
            List<Double> values = SnapshotJson.toDoubles(v);
            if (values.isEmpty()) {
                continue;
            }
            double[] c = values.stream().mapToDouble(Double::doubleValue).toArray();
            curves.addLast(c);
            if (curves.size() > window) {
                curves.pollFirst();
            }
        }
    }
}
