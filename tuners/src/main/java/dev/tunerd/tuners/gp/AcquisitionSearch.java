package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.FeatureSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * Maximises a {@link Utility} over the feature cube, as NNI's {@code acq_max} does: a warm-up of candidates scored
 * without gradients, then bounded L-BFGS ({@link BoundedLbfgs}) from the best of them on the numeric features
 * (choices stay as the start has them). Half the warm-up is uniform in the cube, a quarter is drawn near the best
 * observations at random scales (a GP's optimum is most often next to one), which finds the acquisition's peak with
 * far fewer candidates, and a quarter re-draws one or more parameters of a best observation from their whole range
 * (moves to another basin along a coordinate, which separable multimodal functions need). The warm-up solves a
 * candidate's variance (a triangular solve, quadratic in the observations, where the mean is linear) only when it can
 * enter the kept list: the variance is at most the prior's and log-EI and the lower confidence bound grow with it, so
 * a candidate whose utility at the prior's standard deviation stays below the list's last (by more than the
 * approximations' {@link Utility#SD_SLACK}) would not have entered; those that can are solved in turn. The
 * chosen point is bit for bit the one of scoring every candidate in turn (sessions 17-20). Not thread-safe.
 */
final class AcquisitionSearch {
    private static final int LBFGS_ITERATIONS = 20;
    private final FeatureSpace space;
    private final Posterior posterior;
    private final Utility utility;
    private final double best;
    private final Rng rng;
    /** Warm-up candidates whose variance the last {@link #maximise} solved (the others could not win). */
    private int solved;
    /** Utility evaluations (with gradients) of the last {@link #maximise}'s local searches. */
    private int localEvaluations;

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
        return maximise(incumbents, warmUp, starts, BoundedLbfgs.Steps.USUAL);
    }

    /** As above, the local searches stepping and stopping as {@code steps} says. */
    double[] maximise(List<double[]> incumbents, int warmUp, int starts, BoundedLbfgs.Steps steps) {
        Kept kept = new Kept(Math.max(1, starts));
        boolean bounded = utility.growsWithSd();
        double priorSd = Math.sqrt(posterior.priorVariance());
        double[] covariances = new double[posterior.size()];
        solved = 0;
        localEvaluations = 0;
        for (int i = 0; i < warmUp; i++) {
            double[] candidate = candidate(i, incumbents);
            double mean = posterior.mean(candidate, covariances);
            // the variance is at most the prior's and the utility grows with it: a candidate whose utility at the
            // prior's standard deviation cannot pass the kept list's last cannot enter it (nor could it before)
            if (bounded && kept.full() && utility.value(mean, priorSd, best, null) < kept.last() - Utility.SD_SLACK) {
                continue;
            }
            solved++;
            double value = utility.value(mean, Math.sqrt(posterior.variance(covariances)), best, null);
            kept.offer(candidate, Double.isNaN(value) ? Double.NEGATIVE_INFINITY : value);
        }
        List<double[]> top = kept.points;
        double[] bestPoint = top.get(0);
        double bestValue = kept.values.get(0);
        double[] out = new double[2];
        if (starts > 0) {
            int f = space.features();
            double[] lo = new double[f];
            double[] hi = new double[f];
            BoundedLbfgs lbfgs = new BoundedLbfgs(LBFGS_ITERATIONS, 1e-6, steps);
            for (double[] start : top) {
                double[] x = start.clone();
                space.bounds(x, lo, hi);
                lbfgs.minimise(this::negativeUtility, x, lo, hi);
                localEvaluations += lbfgs.evaluations();
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

    /** Warm-up candidates whose variance the last {@link #maximise} solved; the others' bound could not win. */
    int solved() {
        return solved;
    }

    /** Utility evaluations (each with its gradient) of the last {@link #maximise}'s local searches. */
    int localEvaluations() {
        return localEvaluations;
    }

    /** The {@code i}th warm-up candidate (see the class comment); draws from the generator. */
    private double[] candidate(int i, List<double[]> incumbents) {
        if (i % 4 == 3 && !incumbents.isEmpty()) {
            double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
            return space.redraw(centre, 1.0 / Math.max(1, space.groups()), rng);
        }
        if (i % 2 == 1 && !incumbents.isEmpty()) {
            double[] centre = incumbents.get(Math.min(incumbents.size() - 1, rng.nextGeometricFailures(0.4)));
            double scale = Math.exp(Math.log(0.002) + rng.nextDouble() * Math.log(0.3 / 0.002));
            return space.near(centre, scale, 1.0 / Math.max(1, space.groups()), rng);
        }
        return space.random(rng);
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

    /** The best {@code keep} candidates so far, best first; a tie keeps the earlier one ahead (and out when full). */
    private static final class Kept {
        final List<double[]> points = new ArrayList<>();
        final List<Double> values = new ArrayList<>();
        private final int keep;

        Kept(int keep) {
            this.keep = keep;
        }

        boolean full() {
            return points.size() >= keep;
        }

        /** The last kept value: a candidate enters a full list only above it. */
        double last() {
            return values.get(keep - 1);
        }

        void offer(double[] candidate, double value) {
            int pos = points.size();
            while (pos > 0 && values.get(pos - 1) < value) {
                pos--;
            }
            if (pos < keep) {
                points.add(pos, candidate);
                values.add(pos, value);
                if (points.size() > keep) {
                    points.remove(keep);
                    values.remove(keep);
                }
            }
        }
    }
}
