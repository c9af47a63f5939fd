package dev.tunerd.tuners.medianstop;

import java.util.Arrays;

/**
 * A binary heap of primitive doubles in {@link Double#compare} order: the smallest on top, or the largest when built
 * with {@code maxOnTop}. One of the two halves of a step's median window ({@link StepMedian}). Not thread-safe.
 */
final class DoubleHeap {
    private final int sign;
    private double[] values = new double[8];
    private int size;

    DoubleHeap(boolean maxOnTop) {
        this.sign = maxOnTop ? -1 : 1;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The top value; the heap must not be empty. */
    double peek() {
        return values[0];
    }

    void add(double v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size + (size >> 1) + 1);
        }
        values[size] = v;
        siftUp(size++);
    }

    /** Removes and returns the top value; the heap must not be empty. */
    double poll() {
        double top = values[0];
        removeAt(0);
        return top;
    }

    /** Removes one value equal to {@code v} ({@link Double#compare} equal); false when there is none. O(n). */
    boolean remove(double v) {
        for (int i = 0; i < size; i++) {
            if (Double.compare(values[i], v) == 0) {
                removeAt(i);
                return true;
            }
        }
        return false;
    }

    /** Replaces the content with {@code source[from, to)}, sized to fit. */
    void reset(double[] source, int from, int to) {
        size = to - from;
        values = Arrays.copyOfRange(source, from, from + Math.max(size, 8));
        for (int i = (size >>> 1) - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    private void removeAt(int i) {
        size--;
        if (i == size) {
            return;
        }
        values[i] = values[size];
        siftDown(i);
        siftUp(i);
    }

    private boolean before(double a, double b) {
        return sign * Double.compare(a, b) < 0;
    }

    private void siftUp(int i) {
        double v = values[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(v, values[parent])) {
                break;
            }
            values[i] = values[parent];
            i = parent;
        }
        values[i] = v;
    }

    private void siftDown(int i) {
        double v = values[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && before(values[child + 1], values[child])) {
                child++;
            }
            if (!before(values[child], v)) {
                break;
            }
            values[i] = values[child];
            i = child;
        }
        values[i] = v;
    }
}
