package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * Maximises a {@link Utility} over the feature cube, as NNI's {@code acq_max} does: a warm-up of candidates scored
 * without gradients, then bounded L-BFGS ({@link BoundedLbfgs}) from the best of them on the numeric features
 * (choices stay as the start has them). Half the warm-up is uniform in the cube, a quarter is drawn near the best
 * observations at random scales (a GP's optimum is most often next to one), which finds the acquisition's peak with
 * far fewer candidates, and a quarter re-draws one or more parameters of a best observation from their whole range
 * (moves to another basin along a coordinate, which separable multimodal functions need). Not thread-safe.
 */
final class AcquisitionSearch {
    private static final int LBFGS_ITERATIONS = 20;
    private final FeatureSpace space;
    private final Posterior posterior;
    private final Utility utility;
    private final double best;
    private final Rng rng;

    AcquisitionSearch(FeatureSpace space, Posterior posterior, Utility utility, double best, Rng rng) {
        this.space = space;
        this.posterior = posterior;
        this.utility = utility;
        this.best = best;
        this.rng = rng;
    }

    /**
     * @param incumbents feature vectors of the best observations, best first
     * @param warmUp     candidates to score
     * @param starts     local optimisations from the best candidates
     * @return the feature vector with the highest utility found (canonical: snapped, imputed)
     */
    double[] maximise(List<double[]> incumbents, int warmUp, int starts) {
        int keep = Math.max(1, starts);
        List<double[]> top = new ArrayList<>();
        List<Double> topValue = new ArrayList<>();
        double[] out = new double[2];
        for (int i = 0; i < warmUp; i++) {
            double[] candidate;
            if (i % 4 == 3 && !incumbents.isEmpty()) {
                double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
                candidate = space.redraw(centre, 1.0 / Math.max(1, space.groups()), rng);
            } else if (i % 2 == 1 && !incumbents.isEmpty()) {
                double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
                double scale = Math.exp(Math.log(0.002) + rng.nextDouble() * Math.log(0.3 / 0.002));
                candidate = space.near(centre, scale, 1.0 / Math.max(1, space.groups()), rng);
            } else {
                candidate = space.random(rng);
            }
            double value = score(candidate, out);
            int pos = top.size();
            while (pos > 0 && topValue.get(pos - 1) < value) {
                pos--;
            }
            if (pos < keep) {
                top.add(pos, candidate);
                topValue.add(pos, value);
                if (top.size() > keep) {
                    top.remove(keep);
                    topValue.remove(keep);
                }
            }
        }
        double[] bestPoint = top.get(0);
        double bestValue = topValue.get(0);
        if (starts > 0) {
            int f = space.features();
            double[] lo = new double[f];
            double[] hi = new double[f];
            BoundedLbfgs lbfgs = new BoundedLbfgs(LBFGS_ITERATIONS, 1e-6);
            for (double[] start : top) {
                double[] x = start.clone();
                space.bounds(x, lo, hi);
                lbfgs.minimise(this::negativeUtility, x, lo, hi);
                double[] snapped = space.canonical(x);
                double value = score(snapped, out);
                if (value > bestValue) {
                    bestValue = value;
                    bestPoint = snapped;
                }
            }
        }
        return bestPoint;
    }

    private double score(double[] f, double[] out) {
        posterior.predict(f, out, null, null);
        double v = utility.value(out[0], Math.sqrt(out[1]), best, null);
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    private double negativeUtility(double[] f, double[] gradient) {
        int n = f.length;
        double[] out = new double[2];
        double[] dMean = new double[n];
        double[] dVar = new double[n];
        posterior.predict(f, out, dMean, dVar);
        double sd = Math.sqrt(out[1]);
        double[] d = new double[2];
        double value = utility.value(out[0], sd, best, d);
        for (int c = 0; c < n; c++) {
            gradient[c] = -(d[0] * dMean[c] + d[1] * dVar[c] / (2 * sd));
        }
        return -value;
    }
}
