package dev.tunerd.tuners.anneal;

import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The trials one annealing chain learns from: internal vectors kept sorted by loss, and per parameter the number of
 * observations (hyperopt's T). Not thread-safe.
 */
final class AnnealPool {
    private final List<double[]> vectors = new ArrayList<>();
    private double[] losses = new double[16];
    private int[] byLoss = new int[16];
    private final int[] observedCount;

    AnnealPool(int dimensions) {
        this.observedCount = new int[dimensions];
    }

    int size() {
        return vectors.size();
    }

    /** Observations of parameter i (trials where it was active). */
    int observed(int i) {
        return observedCount[i];
    }

    double value(int trial, int i) {
        return vectors.get(trial)[i];
    }

    /** The trial at loss rank r (0 = the best). */
    int trialAt(int r) {
        return byLoss[r];
    }

    /** The smallest loss, +infinity when empty. */
    double bestLoss() {
        return vectors.isEmpty() ? Double.POSITIVE_INFINITY : losses[byLoss[0]];
    }

    void add(double[] internal, double loss) {
        int n = vectors.size();
        if (n == losses.length) {
            losses = Arrays.copyOf(losses, n * 2);
            byLoss = Arrays.copyOf(byLoss, n * 2);
        }
        vectors.add(internal.clone());
        double l = Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss;
        losses[n] = l;
        int pos = n;
        while (pos > 0 && Double.compare(losses[byLoss[pos - 1]], l) > 0) {
            byLoss[pos] = byLoss[pos - 1];
            pos--;
        }
        byLoss[pos] = n;
        for (int i = 0; i < internal.length; i++) {
            if (!Double.isNaN(internal[i])) {
                observedCount[i]++;
            }
        }
    }

    void removeLast() {
        int last = vectors.size() - 1;
        double[] v = vectors.remove(last);
        int pos = 0;
        while (byLoss[pos] != last) {
            pos++;
        }
        System.arraycopy(byLoss, pos + 1, byLoss, pos, last - pos);
        for (int i = 0; i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                observedCount[i]--;
            }
        }
    }

    void clear() {
        vectors.clear();
        Arrays.fill(observedCount, 0);
    }

    /** min, max or mean of the losses (NNI's constant liar); the pool must not be empty. */
    double lie(AnnealSampler.Liar liar) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int n = vectors.size();
        for (int i = 0; i < n; i++) {
            min = Math.min(min, losses[i]);
            max = Math.max(max, losses[i]);
            sum += losses[i];
        }
        return liar == AnnealSampler.Liar.MIN ? min : liar == AnnealSampler.Liar.MAX ? max : sum / n;
    }

    /** max - min of parameter i over the best {@code m} trials that have it (0 when fewer than two). */
    double spread(int i, int m) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int seen = 0;
        for (int r = 0; r < vectors.size() && seen < m; r++) {
            double v = vectors.get(byLoss[r])[i];
            if (!Double.isNaN(v)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
                seen++;
            }
        }
        return seen < 2 ? 0 : hi - lo;
    }

    /**
     * A trial chosen earlier in this suggestion that has parameter i, else hyperopt's draw among those that have it:
     * rank {@code geometric(1 / avgBestIdx) - 1} in loss order (0 = best), clipped to the last.
     */
    int pickTrial(int i, List<Integer> chosen, Rng rng, double avgBestIdx) {
        for (int trial : chosen) {
            if (!Double.isNaN(vectors.get(trial)[i])) {
                return trial;
            }
        }
        int rank = Math.min(rng.nextGeometricFailures(1.0 / avgBestIdx), observedCount[i] - 1);
        int seen = 0;
        for (int r = 0; r < vectors.size(); r++) {
            int trial = byLoss[r];
            if (!Double.isNaN(vectors.get(trial)[i]) && seen++ == rank) {
                chosen.add(trial);
                return trial;
            }
        }
        throw new IllegalStateException("no observation of parameter " + i);
    }
}
