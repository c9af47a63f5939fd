package dev.tunerd.tuners.tpe.kernel;

import java.util.Arrays;

/**
 * The trials in flight of one parameter group, in the group's unit coordinates, for the diversity rule: a candidate
 * closer to one of them than a fraction of the good density's bandwidth (distance measured in bandwidths over the
 * numeric dimensions; a categorical dimension whose option differs counts as far) is not proposed. Buffers are kept
 * between suggestions. Not thread-safe.
 */
final class PendingRows {
    private final int dims;
    private final boolean[] categorical;
    private double[] rows = new double[0];
    private int count;

    PendingRows(boolean[] categorical) {
        this.categorical = categorical.clone();
        this.dims = categorical.length;
    }

    void clear() {
        count = 0;
    }

    void add(double[] row) {
        if ((count + 1) * dims > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(4, 2 * (count + 1)) * Math.max(1, dims));
        }
        System.arraycopy(row, 0, rows, count * dims, dims);
        count++;
    }

    int count() {
        return count;
    }

    /**
     * Appends every row in flight to a mixture's components (issue 16, session 13: trials in flight as light bad
     * observations, {@link TpeSettings#inFlightBad()}): row-major {@code centres} and {@code weights} from component
     * {@code at} on, each of weight {@code weight}. The arrays must hold {@code at + count()} components.
     *
     * @return the number of components afterwards
     */
    int appendTo(double[] centres, double[] weights, int at, double weight) {
        System.arraycopy(rows, 0, centres, at * dims, count * dims);
        Arrays.fill(weights, at, at + count, weight);
        return at + count;
    }

    /** The rows in flight, row-major: the first {@code count() * dims} values are used. Read only. */
    double[] flat() {
        return rows;
    }

    /** Row {@code i} as a copy. */
    double[] row(int i) {
        return Arrays.copyOfRange(rows, i * dims, (i + 1) * dims);
    }

    /**
     * Whether {@code candidate} lies within {@code fraction} bandwidths of a row in flight (Euclidean over the numeric
     * dimensions, each scaled by its bandwidth; every categorical option equal).
     */
    boolean near(double[] candidate, double[] bandwidths, double fraction) {
        for (int r = 0; r < count; r++) {
            if (within(candidate, r, bandwidths, fraction * fraction)) {
                return true;
            }
        }
        return false;
    }

    /** How many rows in flight lie within {@code fraction} bandwidths of {@code point} (as {@link #near}). */
    int countNear(double[] point, double[] bandwidths, double fraction) {
        int n = 0;
        for (int r = 0; r < count; r++) {
            n += within(point, r, bandwidths, fraction * fraction) ? 1 : 0;
        }
        return n;
    }

    /**
     * How many rows in flight are coordinate moves of {@code point}: equal to it in every dimension but one numeric
     * one (within 1e-9 in the unit cube). Marks that dimension in {@code moved} for each.
     */
    int coordinateMoves(double[] point, boolean[] moved) {
        int n = 0;
        for (int r = 0; r < count; r++) {
            int base = r * dims;
            int differs = -1;
            for (int j = 0; j < dims && differs != -2; j++) {
                if (Math.abs(point[j] - rows[base + j]) > 1e-9) {
                    differs = differs == -1 && !categorical[j] ? j : -2;
                }
            }
            if (differs >= 0) {
                moved[differs] = true;
                n++;
            }
        }
        return n;
    }

    private boolean within(double[] point, int r, double[] bandwidths, double limit) {
        int base = r * dims;
        double d2 = 0;
        for (int j = 0; j < dims && d2 < limit; j++) {
            double diff = point[j] - rows[base + j];
            if (categorical[j]) {
                d2 += diff == 0 ? 0 : Double.POSITIVE_INFINITY;
            } else {
                double z = diff / bandwidths[j];
                d2 += z * z;
            }
        }
        return d2 < limit;
    }
}
