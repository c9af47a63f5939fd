package dev.tunerd.tuners.metis;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.NumericCube;
import java.util.ArrayList;
import java.util.List;

/**
 * Metis's exploitation candidate without the GP: the observations split into the best {@link #GOOD_FRACTION} and the
 * rest, each side a Gaussian mixture with one diagonal component per observation (bandwidths by Scott's rule on that
 * side's spread); candidates drawn from the good mixture, the one where the good density most exceeds the bad one
 * (log ratio) wins. NNI fits a Bayesian GMM per side and takes a ratio of mean log-likelihoods; this is the same idea
 * in a form without a fitting step that could fail. Immutable.
 */
final class GoodBadMixture {
    static final double GOOD_FRACTION = 0.34;
    private static final double MIN_WIDTH = 0.02;
    private static final double MAX_WIDTH = 0.5;
    private final List<double[]> good = new ArrayList<>();
    private final List<double[]> bad = new ArrayList<>();
    private final double[] goodWidth;
    private final double[] badWidth;

    GoodBadMixture(MetisData data) {
        int n = data.size();
        int goodCount = Math.max(1, (int) (n * GOOD_FRACTION));
        List<double[]> ordered = data.best(n);
        good.addAll(ordered.subList(0, goodCount));
        bad.addAll(ordered.subList(goodCount, n));
        int d = ordered.get(0).length;
        goodWidth = widths(good, d);
        badWidth = widths(bad, d);
    }

    private static double[] widths(List<double[]> points, int d) {
        double[] w = new double[d];
        int n = points.size();
        for (int c = 0; c < d; c++) {
            double mean = 0;
            for (double[] p : points) {
                mean += p[c];
            }
            mean /= Math.max(1, n);
            double var = 0;
            for (double[] p : points) {
                var += (p[c] - mean) * (p[c] - mean);
            }
            double sd = n > 1 ? Math.sqrt(var / (n - 1)) : MAX_WIDTH;
            double scott = sd * Math.pow(Math.max(1, n), -1.0 / (d + 4));
            w[c] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, scott));
        }
        return w;
    }

    /** The best of {@code draws} points drawn from the good mixture that {@code fresh} accepts, or null. */
    double[] candidate(NumericCube cube, int draws, Rng rng, java.util.function.Predicate<double[]> fresh) {
        double[] best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        int d = goodWidth.length;
        for (int i = 0; i < draws; i++) {
            double[] centre = good.get(rng.nextInt(good.size()));
            double[] u = new double[d];
            for (int c = 0; c < d; c++) {
                u[c] = Math.min(1.0, Math.max(0.0, centre[c] + goodWidth[c] * rng.nextGaussian()));
            }
            u = cube.canonical(u);
            double score = logDensity(good, goodWidth, u) - logDensity(bad, badWidth, u);
            if (score > bestScore && fresh.test(u)) {
                bestScore = score;
                best = u;
            }
        }
        return best;
    }

    private static double logDensity(List<double[]> centres, double[] width, double[] u) {
        if (centres.isEmpty()) {
            return 0;
        }
        double[] logs = new double[centres.size()];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < logs.length; k++) {
            double[] c = centres.get(k);
            double s = 0;
            for (int j = 0; j < u.length; j++) {
                double z = (u[j] - c[j]) / width[j];
                s -= 0.5 * z * z + Math.log(width[j]);
            }
            logs[k] = s;
            max = Math.max(max, s);
        }
        double sum = 0;
        for (double l : logs) {
            sum += Math.exp(l - max);
        }
        return max + Math.log(sum / logs.length);
    }
}
