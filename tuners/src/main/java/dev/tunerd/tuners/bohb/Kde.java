package dev.tunerd.tuners.bohb;

import java.util.List;

/**
 * A multivariate product-kernel density over points of the unit cube (statsmodels' {@code KDEMultivariate} as
 * HpBandSter uses it): a Gaussian kernel per continuous coordinate, Aitchison-Aitken per categorical one, bandwidths
 * by the normal reference rule {@code 1.06 sd n^(-1/(d+4))}, floored per coordinate (at least {@code min_bandwidth}). Immutable.
 */
final class Kde {
    private static final double SQRT_2PI = Math.sqrt(2 * Math.PI);

    final double[][] data;
    final double[] bandwidth;
    private final int[] categories;

    /**
     * @param categories per coordinate: 0 for continuous, the number of options for categorical
     * @param floors     per coordinate, the smallest bandwidth
     */
    Kde(List<double[]> points, int[] categories, double[] floors) {
        this.data = points.toArray(double[][]::new);
        this.categories = categories;
        int n = data.length;
        int d = categories.length;
        this.bandwidth = new double[d];
        double scale = 1.06 * Math.pow(n, -1.0 / (d + 4));
        for (int j = 0; j < d; j++) {
            double mean = 0;
            for (double[] x : data) {
                mean += x[j];
            }
            mean /= n;
            double var = 0;
            for (double[] x : data) {
                var += (x[j] - mean) * (x[j] - mean);
            }
            double sd = n > 1 ? Math.sqrt(var / (n - 1)) : 0;
            double bw = Math.max(floors[j], scale * sd);
            if (categories[j] > 0) { // the kernel's weight on the other options cannot exceed uniform
                bw = Math.min(bw, (categories[j] - 1.0) / categories[j]);
            }
            bandwidth[j] = bw;
        }
    }

    /** The density at {@code x}. */
    double pdf(double[] x) {
        double sum = 0;
        for (double[] p : data) {
            double k = 1;
            for (int j = 0; j < x.length && k > 0; j++) {
                k *= kernel(j, x[j], p[j]);
            }
            sum += k;
        }
        return sum / data.length;
    }

    private double kernel(int j, double x, double at) {
        double bw = bandwidth[j];
        if (categories[j] > 0) {
            return (int) x == (int) at ? 1 - bw : bw / (categories[j] - 1);
        }
        double z = (x - at) / bw;
        return Math.exp(-0.5 * z * z) / (SQRT_2PI * bw);
    }
}
