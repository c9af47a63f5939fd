package dev.tunerd.tuners.hyperband;

/**
 * The first {@code keep} places of a stable sort of indices by a {@code double} key, without boxing and without
 * sorting the rest (issue 13 session 24): the indices {@code Arrays.sort(Integer[], Comparator.comparingDouble(...))}
 * puts first, in its order (ties keep their order, keys compared as {@link Double#compare}), so a replay halved with
 * it keeps the same configurations in the same order. An insertion into the kept places, each index against the
 * worst kept one first. Stateless.
 */
final class StableOrder {
    private StableOrder() {
    }

    /**
     * Moves the first {@code keep} indices of the stable order of {@code idx[0 .. n)} by {@code keys[0 .. n)} (the key
     * of the index at each place) to {@code idx[0 .. keep)}, in that order, with their keys in {@code keys[0 ..
     * keep)}; the places after are left undefined. {@code keep} at most {@code n}.
     */
    static void firsts(int[] idx, double[] keys, int n, int keep) {
        int kept = 0;
        for (int p = 0; p < n; p++) {
            double k = keys[p];
            int id = idx[p];
            if (kept == keep && Double.compare(keys[kept - 1], k) <= 0) {
                continue; // not before the worst kept: a later index goes after an equal one
            }
            int at = kept == keep ? kept - 1 : kept; // the worst kept falls out when every place is taken
            while (at > 0 && Double.compare(keys[at - 1], k) > 0) {
                keys[at] = keys[at - 1];
                idx[at] = idx[at - 1];
                at--;
            }
            keys[at] = k;
            idx[at] = id;
            if (kept < keep) {
                kept++;
            }
        }
    }
}
