package dev.tunerd.tuners.curvefitting;

/**
 * numpy's summation order for small float64 arrays, so that sums which NNI compares against a threshold round as
 * NNI's do: below 8 elements left to right from 0, up to 128 elements eight interleaved partial sums combined
 * pairwise, then the remainder. Stateless.
 */
final class NumpySums {
    private static final int BLOCK = 128;

    private NumpySums() {
    }

    /** {@code np.sum} of the first {@code n} values (n at most 128, which is all Curvefitting ever sums). */
    static double sum(double[] a, int n) {
        if (n > BLOCK) {
            throw new IllegalArgumentException("pairwise block above " + BLOCK + " not needed here: " + n);
        }
        if (n < 8) {
            double res = 0.0;
            for (int i = 0; i < n; i++) {
                res += a[i];
            }
            return res;
        }
        double[] r = new double[8];
        System.arraycopy(a, 0, r, 0, 8);
        int i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (int j = 0; j < 8; j++) {
                r[j] += a[i + j];
            }
        }
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) {
            res += a[i];
        }
        return res;
    }

    /** {@code np.std} (ddof 0): the square root of the mean squared deviation from the mean. */
    static double populationStd(double[] a) {
        int n = a.length;
        double mean = sum(a, n) / n;
        double[] squares = new double[n];
        for (int i = 0; i < n; i++) {
            double d = a[i] - mean;
            squares[i] = d * d;
        }
        return Math.sqrt(sum(squares, n) / n);
    }
}
