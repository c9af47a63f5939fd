package dev.tunerd.tuners.smac;

import java.util.List;

/**
 * The best observation's basin by nearest-better clustering: each observation is linked to its nearest better one; a
 * link longer than {@code cutFactor} times the mean link length is cut, and an observation is in the basin when its
 * chain of links reaches the best one uncut. A slope that leads back to the best observation is in it however far it
 * reaches; a separate basin close by is not, since its best observation's nearest better one lies across the gap.
 */
final class NearestBetterBasin {
    private NearestBetterBasin() {
    }

    /**
     * @param byRank    encoded observations, best first
     * @param cutFactor links longer than this times the mean link are cut
     * @param distance  the encoding's distance
     * @return membership of the basin, indexed like {@code byRank} (the first is always in)
     */
    static boolean[] byRank(List<double[]> byRank, double cutFactor, EncodedDistance distance) {
        int n = byRank.size();
        int[] parent = new int[n];
        double[] link = new double[n];
        double sum = 0;
        for (int k = 1; k < n; k++) {
            double[] x = byRank.get(k);
            double nearest = Double.POSITIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                double d2 = distance.squared(x, byRank.get(j));
                if (d2 < nearest) {
                    nearest = d2;
                    parent[k] = j;
                }
            }
            link[k] = Math.sqrt(nearest);
            sum += Double.isFinite(link[k]) ? link[k] : 0;
        }
        double cut = cutFactor * sum / Math.max(1, n - 1);
        boolean[] in = new boolean[n];
        if (n > 0) {
            in[0] = true;
        }
        for (int k = 1; k < n; k++) {
            in[k] = in[parent[k]] && link[k] <= cut;
        }
        return in;
    }
}
