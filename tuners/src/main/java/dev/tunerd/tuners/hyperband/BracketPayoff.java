package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Whether a bracket of successive halving is worth its epochs, judged on the full trainings of new configurations so
 * far (the rank check's evidence: each one's value at the budgets of the largest bracket, then its final value). The
 * bracket is replayed on that evidence: {@code n} configurations drawn from the evidence (with replacement), halved
 * round by round on their recorded values at the bracket's budgets, the best final value among the survivors of its
 * last round is its outcome. The same epochs spent on full trainings instead ({@code cost} = the bracket's epochs over
 * {@code R}, usually fractional) give the expected best of {@code cost} draws of the final values, exactly. The bracket
 * runs when its mean outcome over {@value #DRAWS} replays is better (smaller loss) than that by at least
 * {@code margin} standard deviations of the final values.
 *
 * <p>Unlike Kendall's tau over all configurations, this weighs what halving decides (whether the good ones survive,
 * the cost of the bracket, how many it screens): where early ranks only roughly agree with the final ones but the
 * best keep ahead (long power-law curves) a large bracket still pays; where the early leaders fall behind it does not.
 * A pure function of the evidence and {@code s} (the replays draw from a generator seeded by both), so a resumed
 * advisor decides as the killed one did. Cost: {@value #DRAWS} replays of O(N log N) on the evidence's N curves, plus
 * drawing the bracket's {@code n} configurations (fewer replays for very large brackets). Immutable.
 */
final class BracketPayoff {
    /** Replays per decision (fewer when a bracket starts more than {@link #DRAW_BUDGET} / DRAWS configurations). */
    static final int DRAWS = 256;
    private static final int DRAW_BUDGET = 1 << 20;

    private final BracketPlan plan;
    private final double margin;
    private final int minCurves;

    /**
     * @param margin    standard deviations of the final values by which the bracket must beat full trainings
     * @param minCurves full trainings with values at every budget the bracket halves at needed before it may run
     */
    BracketPayoff(BracketPlan plan, double margin, int minCurves) {
        this.plan = plan;
        this.margin = margin;
        this.minCurves = minCurves;
    }

    /**
     * Whether bracket {@code s} pays on {@code curves} (each: values at the largest bracket's rungs 0 .. sMax-1, then
     * the final value, as losses; NaN where a value never arrived). Bracket 0 always does.
     */
    boolean pays(List<double[]> curves, int s) {
        if (s == 0) {
            return true;
        }
        int sMax = plan.sMax();
        List<double[]> usable = new ArrayList<>();
        for (double[] c : curves) {
            boolean ok = c.length == sMax + 1 && Double.isFinite(c[sMax]);
            for (int k = sMax - s; ok && k < sMax; k++) {
                ok = Double.isFinite(c[k]);
            }
            if (ok) {
                usable.add(c);
            }
        }
        int n = usable.size();
        if (n < minCurves) {
            return false;
        }
        double[] finals = new double[n];
        for (int j = 0; j < n; j++) {
            finals[j] = usable.get(j)[sMax];
        }
        return outcome(usable, s) <= expectedBest(finals, cost(s)) - margin * deviation(finals);
    }

    /** The bracket's epochs in full trainings (budget {@code R} each). */
    double cost(int s) {
        double epochs = 0;
        for (int i = 0; i <= s; i++) {
            epochs += (double) plan.configs(s, i) * plan.budget(s, i);
        }
        return epochs / plan.maxBudget();
    }

    /** The mean best final value of bracket {@code s} replayed on {@code usable}. */
    double outcome(List<double[]> usable, int s) {
        int n = usable.size();
        int sMax = plan.sMax();
        // the curves ranked at each rung the bracket halves at (ties: evidence order)
        int[][] order = new int[s][];
        for (int i = 0; i < s; i++) {
            int k = sMax - s + i;
            order[i] = java.util.stream.IntStream.range(0, n).boxed()
                .sorted(Comparator.comparingDouble((Integer j) -> usable.get(j)[k]).thenComparingInt(j -> j))
                .mapToInt(Integer::intValue).toArray();
        }
        int start = plan.configs(s, 0);
        int replays = Math.max(16, Math.min(DRAWS, DRAW_BUDGET / start));
        Rng rng = Rng.withSeed(0x5DEECE66DL * n + s);
        int[] count = new int[n];
        double sum = 0;
        for (int r = 0; r < replays; r++) {
            Arrays.fill(count, 0);
            for (int d = 0; d < start; d++) {
                count[rng.nextInt(n)]++;
            }
            for (int i = 0; i < s; i++) { // keep the best configs(s, i + 1) copies by their value at this rung
                int keep = plan.configs(s, i + 1);
                for (int j : order[i]) {
                    int kept = Math.min(count[j], keep);
                    keep -= kept;
                    count[j] = kept;
                }
            }
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                if (count[j] > 0) {
                    best = Math.min(best, usable.get(j)[sMax]);
                }
            }
            sum += best;
        }
        return sum / replays;
    }

    /** The expected smallest of {@code m} (possibly fractional) draws with replacement from {@code values}. */
    static double expectedBest(double[] values, double m) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double out = 0;
        for (int j = 0; j < n; j++) { // P(min = v[j]) = P(all >= v[j]) - P(all > v[j])
            out += v[j] * (Math.pow((double) (n - j) / n, m) - Math.pow((double) (n - j - 1) / n, m));
        }
        return out;
    }

    private static double deviation(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / values.length);
    }
}
