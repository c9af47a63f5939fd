package dev.tunerd.tuners.medianstop;

import dev.tunerd.tuners.common.Selection;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The exact median of one step's completed running averages, keeping only a window of values around it. The values
 * are split into a lower side (sorted indices {@code 0 .. ceil(n/2)-1}) and an upper side; of each side only the part
 * next to the median is held, in a heap ({@link DoubleHeap}: the lower side's largest on top, the upper side's
 * smallest), and the rest is a count: {@code below} values that are all {@code <=} the bound {@code lo} (itself
 * {@code <=} every value in the lower heap), {@code above} values all {@code >=} {@code hi}. Values arriving beyond a
 * bound only raise its count. When a heap runs dry while its side still has counted values, or the window holds
 * more than {@code 3w} values, it is rebuilt from every value of the step ({@code column}, read from
 * {@link CompletedCurves}' arena): {@code w = max(minWindow, n/64)} values each side of the median, found by
 * selection in O(n). A median drifting steadily one way costs a rebuild every ~2w completions (O(1) amortised per
 * value), values landing around it about two every doubling of n. So memory is a small fraction of the values (which the arena holds anyway)
 * instead of a 4-byte position for every one, and medians are exact, in {@link Double#compare} order. Not
 * thread-safe.
 */
final class StepMedian {
    private final Supplier<double[]> column;
    private final int minWindow;
    private final DoubleHeap lower = new DoubleHeap(true);
    private final DoubleHeap upper = new DoubleHeap(false);
    private int below;
    private int above;
    private double lo;
    private double hi;
    private int rebuilds;

    /**
     * @param column    every current value of this step, in any order (a fresh array the window may reorder)
     * @param minWindow the fewest values a rebuilt window holds each side of the median
     */
    StepMedian(Supplier<double[]> column, int minWindow) {
        this.column = column;
        this.minWindow = minWindow;
    }

    int count() {
        return below + lower.size() + upper.size() + above;
    }

    /** Sorted index {@code (n-1)/2}; {@link #count} must be positive. */
    double lowerMedian() {
        return lower.peek();
    }

    /** Sorted index {@code n/2}; {@link #count} must be positive. */
    double upperMedian() {
        return count() % 2 == 1 ? lower.peek() : upper.peek();
    }

    /** How often the window was rebuilt from the whole step (for tests). */
    int rebuilds() {
        return rebuilds;
    }

    /** Adds {@code v}; the value must also be in {@code column} from now on. */
    void add(double v) {
        if (lower.isEmpty() || Double.compare(v, lower.peek()) <= 0) {
            if (below > 0 && Double.compare(v, lo) <= 0) {
                below++;
            } else {
                lower.add(v);
            }
        } else if (above > 0 && Double.compare(v, hi) >= 0) {
            above++;
        } else {
            upper.add(v);
        }
        rebalance();
    }

    /** Removes one value equal to {@code v}, which must be here; {@code column} must no longer list it. */
    void remove(double v) {
        if (Double.compare(v, lower.peek()) <= 0) {
            if (!lower.remove(v)) {
                below--; // v <= lo: it was counted
            }
        } else if (!upper.remove(v)) {
            above--;
        }
        rebalance();
    }

    private void rebalance() {
        int lowerSide = below + lower.size();
        int upperSide = upper.size() + above;
        if (lowerSide > upperSide + 1 && !lower.isEmpty()) {
            upper.add(lower.poll());
        } else if (upperSide > lowerSide && !upper.isEmpty()) {
            lower.add(upper.poll());
        } else if (lowerSide > upperSide + 1 || upperSide > lowerSide) {
            rebuild(); // the value to move is only counted
            return;
        }
        if ((lower.isEmpty() && below > 0) || (upper.isEmpty() && above > 0)
                || lower.size() + upper.size() > 3 * window(count())) {
            rebuild();
        }
    }

    /** How many values a rebuilt window keeps each side of the median. */
    private int window(int n) {
        return Math.max(minWindow, n / 64);
    }

    private void rebuild() {
        rebuilds++;
        double[] all = column.get();
        int n = all.length;
        int median = (n + 1) / 2; // the lower side is all[0, median)
        int window = window(n);
        int from = Math.max(0, median - window);
        int to = Math.min(n, median + window);
        Selection.select(all, 0, n, from);
        if (to < n) {
            Selection.select(all, from, n, to - 1);
        }
        Arrays.sort(all, from, to);
        below = from;
        above = n - to;
        lo = from < n ? all[from] : 0;
        hi = to > 0 ? all[to - 1] : 0;
        lower.reset(all, from, median);
        upper.reset(all, median, to);
    }
}
