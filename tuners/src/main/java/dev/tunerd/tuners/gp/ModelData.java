package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.model.SurrogateLosses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The observations the GP is built on: at most {@link #CAP} of them (all while there are fewer; then the best half
 * and the most recent other half, so a 10,000-trial run costs what a 250-trial run costs), losses that are not
 * finite (failed or NaN metrics) counted as the worst finite loss, strongly right-skewed losses log-warped, and
 * standardised to mean 0 and deviation 1, then shifted by {@link #PRIOR_SHIFT} (a pessimistic prior mean).
 * Immutable.
 */
final class ModelData {
    /** Observations in the model at most. */
    static final int CAP = 250;
    /**
     * The GP's constant prior mean, in standardised units above the mean loss: where there are no observations the
     * model expects a loss 0.75 deviations worse than average, so EI does not chase the corners of the cube, whose
     * variance is largest, and searches near the good points first (tuned: 6 to 8 in-process seeds at 100 trials,
     * seed bases 3000 and 7000: 84.8 / 89.2 and 83.6 / 92.1 at 50 / 100 trials with 0, 91.7 / 93.1 and 90.3 / 93.7
     * with 0.75; 0.5 and 1.0 in between or lower at 50).
     */
    static final double PRIOR_SHIFT = 0.75;
    /**
     * Losses this right-skewed are modelled as {@code log(loss - min + (median - min))}: heavy tails (Rosenbrock,
     * Goldstein-Price) would otherwise make a stationary GP too rough near the optimum. Tuned on the in-process bench.
     */
    static final double WARP_SKEWNESS = 1.5;
    private final double[][] x;
    private final double[] y;
    private final double scale;
    private final boolean spread;

    private ModelData(double[][] x, double[] y, double scale, boolean spread) {
        this.x = x;
        this.y = y;
        this.scale = scale;
        this.spread = spread;
    }

    /** @return null when no loss is finite */
    static ModelData select(List<double[]> features, List<Double> losses) {
        return select(features, losses, CAP);
    }

    static ModelData select(List<double[]> features, List<Double> losses, int cap) {
        double[] range = SurrogateLosses.finiteRange(losses);
        if (range == null) {
            return null;
        }
        double[] clean = new double[losses.size()];
        for (int i = 0; i < clean.length; i++) {
            clean[i] = SurrogateLosses.finiteOrBound(losses.get(i), range[0], range[1]);
        }
        SurrogateLosses.warpIfSkewed(clean, range[0], WARP_SKEWNESS);
        int[] chosen = SurrogateLosses.bestHalfAndRecent(clean, cap);
        double[][] x = new double[chosen.length][];
        double[] y = new double[chosen.length];
        for (int i = 0; i < chosen.length; i++) {
            x[i] = features.get(chosen[i]);
            y[i] = clean[chosen[i]];
        }
        double sd = SurrogateLosses.standardise(y, PRIOR_SHIFT);
        return new ModelData(x, y, sd > 0 ? sd : 1.0, sd > 0);
    }

    int size() {
        return y.length;
    }

    double[][] x() {
        return x;
    }

    double[] y() {
        return y;
    }

    /** The losses' standard deviation (1 when they have none). */
    double scale() {
        return scale;
    }

    boolean hasSpread() {
        return spread;
    }

    /** The smallest standardised loss. */
    double best() {
        double b = Double.POSITIVE_INFINITY;
        for (double v : y) {
            b = Math.min(b, v);
        }
        return b;
    }

    /** Features of the {@code k} best observations, best first. */
    List<double[]> incumbents(int k) {
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < Math.min(k, order.length); i++) {
            out.add(x[order[i]]);
        }
        return out;
    }

    /** At most {@code cap} of these rows for the likelihood fit: the best half and the most recent others. */
    ModelData subset(int cap) {
        if (y.length <= cap) {
            return this;
        }
        int[] chosen = SurrogateLosses.bestHalfAndRecent(y, cap);
        double[][] sx = new double[chosen.length][];
        double[] sy = new double[chosen.length];
        for (int i = 0; i < chosen.length; i++) {
            sx[i] = x[chosen[i]];
            sy[i] = y[chosen[i]];
        }
        return new ModelData(sx, sy, scale, spread);
    }
}
