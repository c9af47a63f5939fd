package dev.tunerd.tuners.model;

import java.util.List;
import java.util.function.Supplier;

/**
 * A cheap space filler for initial designs: the farthest of a few random points from every point taken so far
 * (squared Euclidean distance to the nearest one; the first draw wins ties). Stateless.
 */
public final class SpaceFilling {
    private SpaceFilling() {
    }

    /**
     * @param draws how many random points to draw, >= 1
     * @param draw  one random point (the caller's generator, so the stream of draws is the caller's)
     * @param taken the points tried or in flight, in any number of lists
     * @return the drawn point farthest from every taken one
     */
    @SafeVarargs
    public static double[] farthestOf(int draws, Supplier<double[]> draw, List<double[]>... taken) {
        double[] best = null;
        double bestDistance = -1;
        for (int i = 0; i < draws; i++) {
            double[] candidate = draw.get();
            double nearest = Double.POSITIVE_INFINITY;
            for (List<double[]> group : taken) {
                for (double[] t : group) {
                    double d = 0;
                    for (int c = 0; c < candidate.length; c++) {
                        d += (candidate[c] - t[c]) * (candidate[c] - t[c]);
                    }
                    nearest = Math.min(nearest, d);
                }
            }
            if (nearest > bestDistance) {
                bestDistance = nearest;
                best = candidate;
            }
        }
        return best;
    }
}
