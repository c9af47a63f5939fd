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
 * Keeps the last {@code window} full trainings and, per rung, the sum of the pairs' concordances as they come and go
 * (an integer, so the tau is the one a count over all pairs gives, to the bit): a training recorded costs O(window)
 * per rung, an agreement O(1) (O(window^2) until issue 13 session 27, paid at every bracket start). Not thread-safe.
 */
public final class RankAgreement {
    /** The threshold that trusts every rung. */
    public static final double ALWAYS = -1;

    private final double threshold;
    private final int minCurves;
    private final int window;
    private final ArrayDeque<double[]> curves = new ArrayDeque<>(); // rung values..., then the final value
    /** Per rung: the kept trainings with a value there, and the sum of their pairs' concordances (+1, -1 or 0). */
    private int[] counted = new int[0];
    private long[] concordance = new long[0];

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
        keep(c);
    }

    /** Keeps {@code c} (rung values, then the final value), dropping the oldest beyond the window. */
    private void keep(double[] c) {
        tally(c, 1);
        curves.addLast(c);
        if (curves.size() > window) {
            tally(curves.pollFirst(), -1);
        }
    }

    /** Adds ({@code sign} 1) or takes away (-1) {@code c}'s pairs with the other kept trainings, rung by rung. */
    private void tally(double[] c, int sign) {
        int rungs = c.length - 1;
        if (counted.length < rungs) {
            counted = Arrays.copyOf(counted, rungs);
            concordance = Arrays.copyOf(concordance, rungs);
        }
        for (int k = 0; k < rungs; k++) {
            if (!Double.isFinite(c[k])) {
                continue;
            }
            long score = 0;
            for (double[] d : curves) {
                if (k < d.length - 1 && Double.isFinite(d[k])) {
                    score += concordant(c, d, k);
                }
            }
            concordance[k] += sign * score;
            counted[k] += sign;
        }
    }

    /**
     * +1 when {@code c} and {@code d} are in the same order at rung {@code k} as by their final values, -1 when in the
     * opposite order, 0 on a tie; the same whichever comes first (both signs flip).
     */
    private static long concordant(double[] c, double[] d, int k) {
        double a = Math.signum(c[k] - d[k]);
        double b = Math.signum(c[c.length - 1] - d[d.length - 1]);
        return (long) (a * b);
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
        return k >= 0 && k < counted.length ? counted[k] : 0;
    }

    /** Kendall's tau between the values at rung {@code k} and the final values; NaN with fewer than two. */
    public double agreement(int k) {
        int n = count(k);
        if (n < 2) {
            return Double.NaN;
        }
        return concordance[k] / (n * (n - 1) / 2.0);
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
        counted = new int[0];
        concordance = new long[0];
        for (JsonValue v : SnapshotJson.asArray(state).values()) {
            List<Double> values = SnapshotJson.toDoubles(v);
            if (values.isEmpty()) {
                continue;
            }
            keep(values.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
