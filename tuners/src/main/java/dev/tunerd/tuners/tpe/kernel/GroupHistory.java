package dev.tunerd.tuners.tpe.kernel;

import java.util.Arrays;

/**
 * The observations of one parameter group (the parameters sharing an activation condition) in unit coordinates,
 * kept in primitive arrays and in two orders at once: by arrival (row number, used for linear forgetting) and by
 * loss (an index array maintained by binary insertion, so splitting good from bad never sorts). Temporary rows
 * (constant-liar values of trials in flight) can be pushed on top and popped again. Not thread-safe.
 */
final class GroupHistory {
    private final int dims;
    private double[] coords;
    private double[] losses;
    private int[] byLoss;
    private int rows;

    GroupHistory(int dims) {
        this.dims = dims;
        this.coords = new double[16 * Math.max(1, dims)];
        this.losses = new double[16];
        this.byLoss = new int[16];
    }

    int dims() {
        return dims;
    }

    int rows() {
        return rows;
    }

    double coord(int row, int dim) {
        return coords[row * dims + dim];
    }

    double[] coordArray() {
        return coords;
    }

    double loss(int row) {
        return losses[row];
    }

    /** Row number of the {@code rank}-th smallest loss (ties: earlier arrival first). */
    int rowAtRank(int rank) {
        return byLoss[rank];
    }

    /** Appends a row; {@code values} holds this group's coordinates in group order. */
    void push(double[] values, double loss) {
        ensureCapacity(rows + 1);
        System.arraycopy(values, 0, coords, rows * dims, dims);
        losses[rows] = loss;
        int pos = upperBound(loss);
        System.arraycopy(byLoss, pos, byLoss, pos + 1, rows - pos);
        byLoss[pos] = rows;
        rows++;
    }

    /** Removes the most recently pushed row. */
    void pop() {
        int last = rows - 1;
        for (int r = 0; r < rows; r++) {
            if (byLoss[r] == last) {
                System.arraycopy(byLoss, r + 1, byLoss, r, rows - r - 1);
                break;
            }
        }
        rows = last;
    }

    double minLoss() {
        return losses[byLoss[0]];
    }

    double maxLoss() {
        return losses[byLoss[rows - 1]];
    }

    double meanLoss() {
        double s = 0;
        for (int r = 0; r < rows; r++) {
            s += losses[r];
        }
        return s / rows;
    }

    private int upperBound(double loss) {
        int lo = 0;
        int hi = rows;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Double.compare(losses[byLoss[mid]], loss) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void ensureCapacity(int n) {
        if (n > losses.length) {
            int cap = Math.max(n, losses.length * 2);
            coords = Arrays.copyOf(coords, cap * Math.max(1, dims));
            losses = Arrays.copyOf(losses, cap);
            byLoss = Arrays.copyOf(byLoss, cap);
        }
    }
}
