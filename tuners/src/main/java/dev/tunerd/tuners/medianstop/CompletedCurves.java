package dev.tunerd.tuners.medianstop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The running averages of the completed trials, kept once: appended to an arena of primitive doubles in fixed-size
 * chunks (never copied), while each step's two median heaps ({@link IndexHeap}) hold 4-byte positions into it. Before,
 * each trial's averages were a {@code double[]} in a map and a second copy sat in the step heaps; at 100,000 trials of
 * 50 steps that was two thirds of the daemon's memory. Medians are NNI's: sorted index {@code (n-1)/2} (lower, used
 * when maximising) and {@code n/2} (upper). A trial id completing again replaces its averages, as NNI's dict does
 * (its old positions are taken out of the heaps; their arena slots stay unused). Not thread-safe.
 */
final class CompletedCurves {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;

    private double[][] chunks = new double[8][];
    private int used;
    private final Map<String, Integer> trialNumbers = new HashMap<>();
    private final List<String> trialIds = new ArrayList<>();
    private int[] starts = new int[16];
    private int[] lengths = new int[16];
    private final List<IndexHeap[]> steps = new ArrayList<>(); // [lower (max on top), upper (min on top)]

    /** Records (or replaces) the running averages of {@code trialJobId}. */
    void complete(String trialJobId, double[] averages) {
        Integer known = trialNumbers.get(trialJobId);
        int trial;
        if (known != null) {
            trial = known;
            for (int s = 0; s < lengths[trial]; s++) {
                remove(s, starts[trial] + s);
            }
        } else {
            trial = trialIds.size();
            trialIds.add(trialJobId);
            trialNumbers.put(trialJobId, trial);
            if (trial == starts.length) {
                starts = Arrays.copyOf(starts, trial * 2);
                lengths = Arrays.copyOf(lengths, trial * 2);
            }
        }
        starts[trial] = used;
        lengths[trial] = averages.length;
        for (int s = 0; s < averages.length; s++) {
            add(s, append(averages[s]));
        }
    }

    /** How many completed trials reached step {@code step} (1-based). */
    int count(int step) {
        if (step < 1 || step > steps.size()) {
            return 0;
        }
        IndexHeap[] h = steps.get(step - 1);
        return h[0].size() + h[1].size();
    }

    /** The value at sorted index {@code (n-1)/2} of step {@code step}; {@link #count} must be positive. */
    double lowerMedian(int step) {
        return value(steps.get(step - 1)[0].peek());
    }

    /** The value at sorted index {@code n/2} of step {@code step}; {@link #count} must be positive. */
    double upperMedian(int step) {
        IndexHeap[] h = steps.get(step - 1);
        return value((h[0].size() + h[1].size()) % 2 == 1 ? h[0].peek() : h[1].peek());
    }

    /** The completed trial ids, in the order they first completed. */
    List<String> trialIds() {
        return trialIds;
    }

    /** The running averages of the {@code trial}-th completed trial. */
    double[] averages(int trial) {
        double[] out = new double[lengths[trial]];
        for (int s = 0; s < out.length; s++) {
            out[s] = value(starts[trial] + s);
        }
        return out;
    }

    void clear() {
        chunks = new double[8][];
        used = 0;
        trialNumbers.clear();
        trialIds.clear();
        starts = new int[16];
        lengths = new int[16];
        steps.clear();
    }

    double value(int position) {
        return chunks[position >>> CHUNK_BITS][position & (CHUNK - 1)];
    }

    private int append(double v) {
        int chunk = used >>> CHUNK_BITS;
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunk * 2);
        }
        if (chunks[chunk] == null) {
            chunks[chunk] = new double[CHUNK];
        }
        chunks[chunk][used & (CHUNK - 1)] = v;
        return used++;
    }

    private void add(int step, int position) {
        while (steps.size() <= step) {
            steps.add(new IndexHeap[] {new IndexHeap(this, true), new IndexHeap(this, false)});
        }
        IndexHeap[] h = steps.get(step);
        if (h[0].isEmpty() || Double.compare(value(position), value(h[0].peek())) <= 0) {
            h[0].add(position);
        } else {
            h[1].add(position);
        }
        rebalance(h);
    }

    private void remove(int step, int position) {
        IndexHeap[] h = steps.get(step);
        if (!h[0].remove(position)) {
            h[1].remove(position);
        }
        rebalance(h);
    }

    /** The lower heap holds the smallest {@code ceil(n/2)} values. */
    private static void rebalance(IndexHeap[] h) {
        if (h[0].size() > h[1].size() + 1) {
            h[1].add(h[0].poll());
        } else if (h[1].size() > h[0].size()) {
            h[0].add(h[1].poll());
        }
    }
}
