package dev.tunerd.tuners.medianstop;

import java.util.Arrays;

/**
 * A binary heap of positions into {@link CompletedCurves}' arena, ordered by the doubles there
 * ({@link Double#compare}): the smallest on top, or the largest when built with {@code maxOnTop}. Four bytes an entry
 * instead of a second copy of the value. Not thread-safe.
 */
final class IndexHeap {
    private final CompletedCurves values;
    private final int sign;
    private int[] positions = new int[16];
    private int size;

    IndexHeap(CompletedCurves values, boolean maxOnTop) {
        this.values = values;
        this.sign = maxOnTop ? -1 : 1;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The top position; the heap must not be empty. */
    int peek() {
        return positions[0];
    }

    void add(int position) {
        if (size == positions.length) {
            positions = Arrays.copyOf(positions, size * 2);
        }
        positions[size] = position;
        siftUp(size++);
    }

    /** Removes and returns the top position; the heap must not be empty. */
    int poll() {
        int top = positions[0];
        removeAt(0);
        return top;
    }

    /** Removes {@code position}; false when it is not here. O(n). */
    boolean remove(int position) {
        for (int i = 0; i < size; i++) {
            if (positions[i] == position) {
                removeAt(i);
                return true;
            }
        }
        return false;
    }

    private void removeAt(int i) {
        size--;
        if (i == size) {
            return;
        }
        positions[i] = positions[size];
        siftDown(i);
        siftUp(i);
    }

    private boolean before(int a, int b) {
        return sign * Double.compare(values.value(a), values.value(b)) < 0;
    }

    private void siftUp(int i) {
        int p = positions[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(p, positions[parent])) {
                break;
            }
            positions[i] = positions[parent];
            i = parent;
        }
        positions[i] = p;
    }

    private void siftDown(int i) {
        int p = positions[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && before(positions[child + 1], positions[child])) {
                child++;
            }
            if (!before(positions[child], p)) {
                break;
            }
            positions[i] = positions[child];
            i = child;
        }
        positions[i] = p;
    }
}
