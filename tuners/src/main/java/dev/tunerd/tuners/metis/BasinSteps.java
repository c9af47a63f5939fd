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
    /** Values of one coordinate at which {@link #oneWellNear} reads the model's mean. */
    static final int SLICE_POINTS = 41;

    private BasinSteps() {
    }

    /**
     * {@link #polish(GpRegression, NumericCube, double[], double, double, boolean[])} with the settings' radius and
     * kappa, on every coordinate or only on those {@link #oneWellNear} ({@link MetisSettings.Polish#slice()}) and
     * {@link #smoothAtScale} ({@link MetisSettings.Polish#length()}) pick.
     */
    static double[] polish(GpRegression gp, NumericCube cube, double[] best, MetisSettings.Polish p) {
        boolean[] moved = null;
        if (p.slice()) {
            moved = oneWellNear(gp, best, p.radius());
        }
        if (p.length() > 0) {
            boolean[] smooth = smoothAtScale(gp.theta(), p.length() * p.radius());
            if (moved == null) {
                moved = smooth;
            } else {
                for (int c = 0; c < moved.length; c++) {
                    moved[c] &= smooth[c];
                }
            }
        }
        return polish(gp, cube, best, p.radius(), p.kappa(), moved);
    }

    /**
     * Per coordinate, whether the fitted length scale ({@code theta}: log signal variance, log length scales, log
     * noise) is at least {@code shortest}.
     */
    static boolean[] smoothAtScale(double[] theta, double shortest) {
        boolean[] smooth = new boolean[theta.length - 2];
        for (int c = 0; c < smooth.length; c++) {
            smooth[c] = Math.exp(theta[1 + c]) >= shortest;
        }
        return smooth;
    }

    /** {@link #polish(GpRegression, NumericCube, double[], double, double, boolean[])} on every coordinate. */
    static double[] polish(GpRegression gp, NumericCube cube, double[] best, double radius, double kappa) {
        return polish(gp, cube, best, radius, kappa, null);
    }

    /**
     * A compass search from {@code best} on {@code mean - kappa * sd}: each coordinate in turn (only those
     * {@code moved} marks, every one when it is null) tries a step up and down (starting at half the radius, halved
     * when no coordinate gains), never leaving the box of half-width {@code radius} around {@code best} nor the unit
     * cube; the point reached, canonical.
     */
    static double[] polish(GpRegression gp, NumericCube cube, double[] best, double radius, double kappa,
                           boolean[] moved) {
        int d = best.length;
        double[] x = best.clone();
        double[] out = new double[2];
        double fx = score(gp, x, kappa, out);
        double step = radius / 2;
        int moves = 0;
        while (step >= radius * SMALLEST_STEP && moves < MAX_MOVES) {
            boolean gained = false;
            for (int c = 0; c < d; c++) {
                if (moved != null && !moved[c]) {
                    continue;
                }
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

    /**
     * Per coordinate, whether the model's mean along the line through {@code best} on which only that coordinate
     * varies ({@link #SLICE_POINTS} evenly spaced values across the unit range, and {@code best}'s own) is lowest
     * within {@code radius} of {@code best}: one well near the best result on that coordinate, so polishing it does
     * not give up a better well the model already sees elsewhere along it.
     */
    static boolean[] oneWellNear(GpRegression gp, double[] best, double radius) {
        int d = best.length;
        boolean[] near = new boolean[d];
        double[] x = best.clone();
        double[] out = new double[2];
        for (int c = 0; c < d; c++) {
            double lowestAt = best[c];
            double lowest = score(gp, x, 0, out);
            for (int i = 0; i < SLICE_POINTS; i++) {
                x[c] = i / (SLICE_POINTS - 1.0);
                double f = score(gp, x, 0, out);
                if (f < lowest) {
                    lowest = f;
                    lowestAt = x[c];
                }
            }
            x[c] = best[c];
            near[c] = Math.abs(lowestAt - best[c]) <= radius;
        }
        return near;
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

    /** Whether every coordinate of {@code u} lies within {@code radius} of {@code centre}'s. */
    static boolean inBox(double[] u, double[] centre, double radius) {
        for (int c = 0; c < u.length; c++) {
            if (Math.abs(u[c] - centre[c]) > radius) {
                return false;
            }
        }
        return true;
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int c = 0; c < a.length; c++) {
            s += (a[c] - b[c]) * (a[c] - b[c]);
        }
        return Math.sqrt(s);
    }
}
