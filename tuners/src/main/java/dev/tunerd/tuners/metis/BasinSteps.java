package dev.tunerd.tuners.metis;

import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.NumericCube;
import java.util.ArrayList;
import java.util.List;

/**
 * Two steps Metis can take besides its own rule ({@link MetisSettings.Polish}, {@link MetisSettings.Far}): a pattern
 * search on the model's mean within the best result's basin, and the lowest confidence bound away from it. Stateless.
 */
final class BasinSteps {
    /** The pattern search stops when its step is below this share of the radius. */
    private static final double SMALLEST_STEP = 1.0 / 512;
    private static final int MAX_MOVES = 400;

    private BasinSteps() {
    }

    /**
     * A compass search from {@code best} on {@code mean - kappa * sd}: each coordinate in turn tries a step up and
     * down (starting at half the radius, halved when no coordinate gains), never leaving the box of half-width
     * {@code radius} around {@code best} nor the unit cube; the point reached, canonical.
     */
    static double[] polish(GpRegression gp, NumericCube cube, double[] best, double radius, double kappa) {
        int d = best.length;
        double[] x = best.clone();
        double[] out = new double[2];
        double fx = score(gp, x, kappa, out);
        double step = radius / 2;
        int moves = 0;
        while (step >= radius * SMALLEST_STEP && moves < MAX_MOVES) {
            boolean gained = false;
            for (int c = 0; c < d; c++) {
                for (int sign = 1; sign >= -1; sign -= 2) {
                    double v = Math.min(Math.min(1, best[c] + radius), Math.max(Math.max(0, best[c] - radius),
                        x[c] + sign * step));
                    if (v == x[c]) {
                        continue;
                    }
                    double keep = x[c];
                    x[c] = v;
                    double f = score(gp, x, kappa, out);
                    moves++;
                    if (f < fx) {
                        fx = f;
                        gained = true;
                        break;
                    }
                    x[c] = keep;
                }
            }
            if (!gained) {
                step /= 2;
            }
        }
        return cube.canonical(x);
    }

    private static double score(GpRegression gp, double[] x, double kappa, double[] out) {
        gp.predict(x, out, null, null);
        double v = out[0] - kappa * Math.sqrt(Math.max(out[1], 0));
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    /**
     * The lowest {@code mean - kappa * sd} among the starts at least {@code distance} from {@code best} (Euclidean, in
     * the unit cube), refined by the search when the refined point stays that far; null when no start is that far.
     */
    static ModelSearch.Found far(ModelSearch search, List<double[]> starts, double[][] pred, double[] best,
                                 double distance, double kappa) {
        List<double[]> farStarts = new ArrayList<>();
        List<double[]> farPred = new ArrayList<>();
        int bestStart = -1;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int i = 0; i < starts.size(); i++) {
            if (distance(starts.get(i), best) >= distance) {
                double v = pred[i][0] - kappa * pred[i][1];
                if (v < bestValue || bestStart < 0) {
                    bestValue = v;
                    bestStart = farStarts.size();
                }
                farStarts.add(starts.get(i));
                farPred.add(pred[i]);
            }
        }
        if (farStarts.isEmpty()) {
            return null;
        }
        ModelSearch.Found refined = search.minimise(kappa, farStarts, farPred.toArray(double[][]::new),
            ModelSearch.REFINED);
        return distance(refined.u(), best) >= distance ? refined : search.at(farStarts.get(bestStart));
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int c = 0; c < a.length; c++) {
            s += (a[c] - b[c]) * (a[c] - b[c]);
        }
        return Math.sqrt(s);
    }
}
