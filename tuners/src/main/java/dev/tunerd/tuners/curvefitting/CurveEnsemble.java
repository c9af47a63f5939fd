package dev.tunerd.tuners.curvefitting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;

/**
 * NNI's {@code CurveModel}: predicts a curve's value at the target epoch from its first n values.
 * <ol>
 *   <li>Fit every {@link CurveFamily} by least squares ({@link LeastSquaresFit}); a failed fit predicts with NNI's
 *       table values, as NNI's does (NNI keeps whatever the last successful fit of that family left in a module-wide
 *       table, from any trial; here the published values, so a prediction depends on its curve only).</li>
 *   <li>Keep the families whose squared error over the n points is below {@code n * mean^2}; of those, keep the ones
 *       whose prediction at the target lies within {@code (n / 10) * std} of the median of their predictions at epoch
 *       n (NNI's rule, median and std over the kept families' values at epoch n).</li>
 *   <li>Fewer than 4 left: no prediction (NNI: "wait for more information").</li>
 *   <li>Weight the kept families by NNI's Metropolis sampling ({@link WeightSampler}) and average the weighted
 *       prediction over its 10 chains.</li>
 * </ol>
 * Sums follow numpy's order (pairwise for {@code np.sum}, left to right for Python loops) so that near-ties fall as
 * NNI's do. Not thread-safe: one instance per prediction.
 */
final class CurveEnsemble {
    /** NNI's {@code LEAST_FITTED_FUNCTION}. */
    static final int LEAST_EFFECTIVE = 4;

    private final int targetEpoch;
    private final double[] history;

    CurveEnsemble(int targetEpoch, double[] history) {
        this.targetEpoch = targetEpoch;
        this.history = history;
    }

    /** The predicted value at the target epoch, or empty when too few families agree. */
    OptionalDouble predict(RandomGenerator random) {
        return predict(fitAll(), random);
    }

    /** {@link #predict(RandomGenerator)} from fits already made by {@link #fitAll()}. */
    OptionalDouble predict(List<FittedCurve> fitted, RandomGenerator random) {
        List<FittedCurve> effective = effectiveCurves(fitted);
        if (effective.size() < LEAST_EFFECTIVE) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(new WeightSampler(effective, history, targetEpoch).predict(random));
    }

    /**
     * Every family's fitted (or fallback) parameters, in NNI's order; ilog2 is left out (never effective). The fits
     * run on two threads where there are two processors ({@link SharedFitting}).
     */
    List<FittedCurve> fitAll() {
        return SharedFitting.fitAll(history);
    }

    /** NNI's {@code filter_curve}. */
    List<FittedCurve> effectiveCurves(List<FittedCurve> fitted) {
        int n = history.length;
        double mean = NumpySums.sum(history, history.length) / n;
        double standard = mean * mean * n;
        double[] lastValues = new double[fitted.size()];
        List<FittedCurve> closeEnough = new ArrayList<>();
        for (FittedCurve curve : fitted) {
            double squaredError = 0;
            double y = Double.NaN;
            for (int j = 1; j <= n; j++) {
                y = curve.valueAt(j);
                double d = y - history[j - 1];
                squaredError += d * d;
            }
            if (squaredError < standard) {
                lastValues[closeEnough.size()] = y;
                closeEnough.add(curve);
            }
        }
        if (closeEnough.isEmpty()) {
            return List.of(); // NNI: the median of nothing is NaN, so nothing passes the next test
        }
        double[] kept = Arrays.copyOf(lastValues, closeEnough.size());
        double median = median(kept);
        double epsilon = (n / 10.0) * NumpySums.populationStd(kept);
        List<FittedCurve> effective = new ArrayList<>();
        for (FittedCurve curve : closeEnough) {
            double y = curve.valueAt(targetEpoch);
            if (y < median + epsilon && y > median - epsilon) {
                effective.add(curve);
            }
        }
        return effective;
    }

    /** numpy's median: the middle value, or the mean of the two middle values; NaN if any value is NaN. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (Double.isNaN(sorted[sorted.length - 1])) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** A family with its parameters. */
    record FittedCurve(CurveFamily family, double[] parameters) {
        double valueAt(int epoch) {
            return family.value(epoch, parameters);
        }
    }
}
