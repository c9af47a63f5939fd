package dev.tunerd.tuners.metis;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.gp.Utility;
import dev.tunerd.tuners.model.NumericCube;
import java.util.ArrayList;
import java.util.List;

/**
 * Minimises {@code mean - kappa * deviation} of a GP over the cube, as NNI's Metis minimises its acquisition from
 * many starting points: {@code points} candidates scored without gradients (half uniform, half near the best
 * observations at random scales), then bounded L-BFGS from the best {@link #REFINED} of them; the result is snapped
 * to a configuration the user can get. {@code kappa = 0} is Metis's "lowest mu", {@code kappa = 1.96} its exploration
 * (the lowest 95% confidence bound). Not thread-safe.
 */
final class ModelSearch {
    static final int REFINED = 3;
    private static final int LBFGS_ITERATIONS = 20;
    private final GpRegression gp;
    private final NumericCube cube;

    /** A point and the model's prediction there. */
    record Found(double[] u, double mean, double sd, double value) {
    }

    ModelSearch(GpRegression gp, NumericCube cube) {
        this.gp = gp;
        this.cube = cube;
    }

    /** Warm-up candidates: half uniform, half near the given incumbents (best first). */
    static List<double[]> candidates(NumericCube cube, List<double[]> incumbents, int points, Rng rng) {
        List<double[]> out = new ArrayList<>(points);
        for (int i = 0; i < points; i++) {
            if (i % 2 == 1 && !incumbents.isEmpty()) {
                double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
                double scale = Math.exp(Math.log(0.002) + rng.nextDouble() * Math.log(0.3 / 0.002));
                out.add(cube.near(centre, scale, rng));
            } else {
                out.add(cube.random(rng));
            }
        }
        return out;
    }

    /** The model's mean and deviation at each of {@code points}, computed once and shared by several searches. */
    double[][] predictAll(List<double[]> points) {
        double[][] pred = new double[points.size()][2];
        for (int i = 0; i < pred.length; i++) {
            gp.predict(points.get(i), pred[i], null, null);
            pred[i][1] = Math.sqrt(Math.max(pred[i][1], 0));
        }
        return pred;
    }

    /** What a search minimises: a function of the model's mean and deviation ({@code d}: its two derivatives). */
    interface Score {
        double at(double mean, double sd, double[] d);
    }

    /** {@code mean - kappa * sd}: the lowest mean ({@code kappa = 0}) or a lower confidence bound. */
    static Score bound(double kappa) {
        return (mean, sd, d) -> {
            if (d != null) {
                d[0] = 1;
                d[1] = -kappa;
            }
            return mean - kappa * sd;
        };
    }

    /** Minus the logarithm of the expected improvement below {@code best} (the GP tuner's log-EI). */
    static Score negativeLogEi(double best) {
        Utility ei = Utility.logEi();
        return (mean, sd, d) -> {
            double v = -ei.value(mean, sd, best, d);
            if (d != null) {
                d[0] = -d[0];
                d[1] = -d[1];
            }
            return v;
        };
    }

    /** The best of {@code starts} after refining the best {@code refined} of them. */
    Found minimise(double kappa, List<double[]> starts, int refined) {
        return minimise(bound(kappa), starts, predictAll(starts), refined);
    }

    /** As {@link #minimise(double, List, int)} with the starts' predictions ({@link #predictAll}) given. */
    Found minimise(double kappa, List<double[]> starts, double[][] pred, int refined) {
        return minimise(bound(kappa), starts, pred, refined);
    }

    /** The start of lowest {@code score}, or better the point L-BFGS reaches from one of the best {@code refined}. */
    Found minimise(Score score, List<double[]> starts, double[][] pred, int refined) {
        double[] out = new double[2];
        List<double[]> top = new ArrayList<>();
        List<Double> topValue = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            double v = score.at(pred[i][0], pred[i][1], null);
            v = Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
            int pos = top.size();
            while (pos > 0 && topValue.get(pos - 1) > v) {
                pos--;
            }
            if (pos < refined) {
                top.add(pos, starts.get(i));
                topValue.add(pos, v);
                if (top.size() > refined) {
                    top.remove(refined);
                    topValue.remove(refined);
                }
            }
        }
        double[] best = top.get(0);
        double bestValue = topValue.get(0);
        int d = cube.dimension();
        double[] lo = new double[d];
        double[] hi = new double[d];
        java.util.Arrays.fill(hi, 1.0);
        BoundedLbfgs lbfgs = new BoundedLbfgs(LBFGS_ITERATIONS, 1e-6);
        for (double[] s : top) {
            double[] x = s.clone();
            lbfgs.minimise((f, g) -> objective(f, g, score), x, lo, hi);
            double[] snapped = cube.canonical(x);
            double v = value(snapped, score, out);
            if (v < bestValue) {
                bestValue = v;
                best = snapped;
            }
        }
        gp.predict(best, out, null, null);
        double sd = Math.sqrt(Math.max(out[1], 0));
        return new Found(best, out[0], sd, bestValue);
    }

    /** The model's mean and deviation at {@code u}. */
    Found at(double[] u) {
        double[] out = new double[2];
        gp.predict(u, out, null, null);
        double sd = Math.sqrt(Math.max(out[1], 0));
        return new Found(u, out[0], sd, out[0]);
    }

    private double value(double[] u, Score score, double[] out) {
        gp.predict(u, out, null, null);
        double v = score.at(out[0], Math.sqrt(Math.max(out[1], 0)), null);
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    private double objective(double[] f, double[] gradient, Score score) {
        int n = f.length;
        double[] out = new double[2];
        double[] dMean = new double[n];
        double[] dVar = new double[n];
        gp.predict(f, out, dMean, dVar);
        double sd = Math.sqrt(Math.max(out[1], 1e-300));
        double[] d = new double[2];
        double v = score.at(out[0], sd, d);
        for (int c = 0; c < n; c++) {
            gradient[c] = d[0] * dMean[c] + d[1] * dVar[c] / (2 * sd);
        }
        return v;
    }
}
