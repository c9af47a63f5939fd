package dev.tunerd.tuners.medianstop;

/**
 * The running averages of completed trials at one step, kept as two heaps split at the median so that adding a
 * value costs O(log n) and both medians NNI uses cost O(1): the lower one (sorted index {@code (n-1)/2}, used when
 * maximising) and the upper one ({@code n/2}, minimising). The lower heap holds the smallest {@code ceil(n/2)}
 * values. Values are ordered by {@link Double#compare}; the heaps hold primitive doubles ({@link DoubleHeap}).
 * Not thread-safe.
 */
final class StepMedian {
    private final DoubleHeap lower = new DoubleHeap(true);
    private final DoubleHeap upper = new DoubleHeap(false);

    void add(double value) {
        if (lower.isEmpty() || Double.compare(value, lower.peek()) <= 0) {
            lower.add(value);
        } else {
            upper.add(value);
        }
        rebalance();
    }

    /** Removes one occurrence (O(n); only when a trial id completes twice). */
    void remove(double value) {
        if (!lower.remove(value)) {
            upper.remove(value);
        }
        rebalance();
    }

    private void rebalance() {
        if (lower.size() > upper.size() + 1) {
            upper.add(lower.poll());
        } else if (upper.size() > lower.size()) {
            lower.add(upper.poll());
        }
    }

    int size() {
        return lower.size() + upper.size();
    }

    /** The value at sorted index {@code (n-1)/2}; n must be positive. */
    double lowerMedian() {
        return lower.peek();
    }

    /** The value at sorted index {@code n/2}; n must be positive. */
    double upperMedian() {
        return size() % 2 == 1 ? lower.peek() : upper.peek();
    }
}
