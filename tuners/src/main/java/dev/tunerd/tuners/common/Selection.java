package dev.tunerd.tuners.common;

/**
 * Quickselect over primitive doubles in {@link Double#compare} order: Medianstop's step medians and the surrogate
 * models' loss thresholds ({@code model.SurrogateLosses}).
 */
public final class Selection {
    private Selection() {
    }

    /**
     * Reorders {@code a[from, to)} so that {@code a[k]} holds the value a sort would put there, with no greater value
     * before it and no smaller one after it. Expected O(to - from); equal values split evenly, so many ties stay
     * linear.
     */
    public static void select(double[] a, int from, int to, int k) {
        int left = from;
        int right = to - 1;
        while (right > left) {
            int mid = (left + right) >>> 1;
            sort3(a, left, mid, right);
            double pivot = a[mid];
            int i = left;
            int j = right;
            while (i <= j) {
                while (Double.compare(a[i], pivot) < 0) {
                    i++;
                }
                while (Double.compare(a[j], pivot) > 0) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            // now a[left, j] <= pivot <= a[i, right], and a(j, i) == pivot
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return;
            }
        }
    }

    /**
     * The value at index {@code k} of {@code values} sorted ascending, found by selection on a copy ({@code values} is
     * left as it is).
     */
    public static double kthSmallest(double[] values, int k) {
        if (k < 0 || k >= values.length) {
            throw new IllegalArgumentException("k out of range: " + k + " of " + values.length);
        }
        double[] a = values.clone();
        select(a, 0, a.length, k);
        return a[k];
    }

    private static void sort3(double[] a, int x, int y, int z) {
        if (Double.compare(a[y], a[x]) < 0) {
            swap(a, x, y);
        }
        if (Double.compare(a[z], a[y]) < 0) {
            swap(a, y, z);
            if (Double.compare(a[y], a[x]) < 0) {
                swap(a, x, y);
            }
        }
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
