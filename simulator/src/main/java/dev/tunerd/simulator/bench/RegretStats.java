package dev.tunerd.simulator.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The arithmetic of BENCHMARKS.md section 1: median simple regret over seeds, and the normalised score
 * {@code 100 * (1 - mean regret / mean regret of random search)} averaged over problems. Stateless.
 */
public final class RegretStats {

    private RegretStats() {
    }

    /** The median (mean of the two middle values for an even count); NaN for no values. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * The nearest-rank percentile: the smallest value with at least {@code q} of the values at or below it (the 90th
     * of 100 values is the 90th smallest); NaN for no values.
     *
     * @param q a fraction in (0, 1]
     */
    public static double percentile(double[] values, double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("percentile fraction must be in (0, 1], got " + q);
        }
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * sorted.length - 1e-9);
        return sorted[Math.max(1, rank) - 1];
    }

    /**
     * The q-quantile of sorted values, interpolated linearly between order statistics (the quartiles of the charts);
     * NaN for no values.
     */
    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    public static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).sum() / values.length;
    }

    /** Simple regret after {@code budget} trials of each run: best-so-far at that trial minus f*. */
    public static double[] regretsAt(List<double[]> bestSoFarPerSeed, int budget, double optimum) {
        return bestSoFarPerSeed.stream().mapToDouble(b -> b[Math.min(budget, b.length) - 1] - optimum).toArray();
    }

    /**
     * The normalised score over the problems both maps have: for each problem
     * {@code 100 * (1 - meanRegret / randomMeanRegret)}, averaged. Problems where random search's mean regret is 0
     * are skipped (every tuner is optimal there); NaN when no problem is left.
     *
     * @param meanRegret       problem name to the tuner's mean regret at the budget
     * @param randomMeanRegret problem name to random search's mean regret at the budget
     */
    public static double normalisedScore(Map<String, Double> meanRegret, Map<String, Double> randomMeanRegret) {
        double sum = 0;
        int n = 0;
        for (Map.Entry<String, Double> e : meanRegret.entrySet()) {
            Double random = randomMeanRegret.get(e.getKey());
            if (random != null && random > 0) {
                sum += 100 * (1 - e.getValue() / random);
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
