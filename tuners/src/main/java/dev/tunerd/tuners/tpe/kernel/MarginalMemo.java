package dev.tunerd.tuners.tpe.kernel;

import java.util.Arrays;

/**
 * The marginal log densities one fit of a {@link ParzenEstimator} has computed, per dimension, for the first few
 * distinct coordinates asked: a choice or a snapped parameter ({@code randint}, q types) takes few values, and
 * every univariate candidate of a suggestion asks each of its dimensions again (issue 13 session 27: half of BOHB's
 * decision time). A value is a function of the fit, the coordinate and the component limit only, so the one kept is
 * the one a new sum would give, to the bit. Cleared by a fit that changes any value a marginal reads (the
 * suggestions of a bracket start refit the same observations). Not thread-safe.
 */
final class MarginalMemo {
    /** Coordinates kept per dimension: the options of a small choice or the steps of a short grid. */
    private static final int CAPACITY = 16;
    private final long[][] keys;
    private final double[][] values;
    private final int[] size;
    private int limit = -1;

    MarginalMemo(int dims) {
        this.keys = new long[dims][CAPACITY];
        this.values = new double[dims][CAPACITY];
        this.size = new int[dims];
    }

    /** Forgets every value (the estimator was fitted to something else). */
    void clear() {
        Arrays.fill(size, 0);
    }

    /** Readies the memo for sums over the first {@code components} components (another limit: forgets all). */
    void limit(int components) {
        if (components != limit) {
            clear();
            limit = components;
        }
    }

    /** The index of {@code x}'s value in dimension {@code j}, or -1. */
    int find(int j, double x) {
        long bits = Double.doubleToRawLongBits(x);
        long[] k = keys[j];
        for (int i = 0; i < size[j]; i++) {
            if (k[i] == bits) {
                return i;
            }
        }
        return -1;
    }

    double value(int j, int index) {
        return values[j][index];
    }

    /** Keeps {@code value} for {@code x} in dimension {@code j} while there is room. */
    void put(int j, double x, double value) {
        int i = size[j];
        if (i < CAPACITY) {
            keys[j][i] = Double.doubleToRawLongBits(x);
            values[j][i] = value;
            size[j] = i + 1;
        }
    }
}
