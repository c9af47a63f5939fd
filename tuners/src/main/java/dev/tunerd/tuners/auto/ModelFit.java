package dev.tunerd.tuners.auto;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.NumericCube;
import dev.tunerd.tuners.model.SurrogateLosses;
import java.util.ArrayList;
import java.util.List;

/**
 * How well a GP fitted to a run's results predicts them: the leave-one-out R² of the Matérn 5/2 ARD model that Metis
 * fits (losses log-warped when strongly right-skewed, then standardised; hyper-parameters by marginal likelihood on
 * all points, each point then predicted by the posterior of the others). 1 is a perfect prediction, 0 no better than
 * the mean loss, below 0 worse. Stateless.
 */
final class ModelFit {
    /** Fewest usable results for a fit. */
    static final int MIN_POINTS = 5;
    private static final double NU = 2.5;
    private static final double NOISE_FLOOR = 1e-6;
    private static final double WARP_SKEWNESS = 1.5;

    private ModelFit() {
    }

    /**
     * The leave-one-out R² on {@code trials} in the numeric {@code space}; NaN when fewer than {@link #MIN_POINTS}
     * results fit the space with a finite loss, when the losses do not spread, or when no fit succeeds.
     */
    static double leaveOneOut(SearchSpace space, List<ImportedTrial> trials, OptimizeMode mode, long seed) {
        NumericCube cube = new NumericCube(space);
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (ImportedTrial t : trials) {
            if (!(t.parameter() instanceof JsonObject p) || space.misfit(p).isPresent()) {
                continue;
            }
            double loss;
            try {
                loss = mode.toLoss(t.scalar());
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (Double.isFinite(loss)) {
                xs.add(cube.encode(space.deformat(p)));
                ys.add(loss);
            }
        }
        int n = xs.size();
        if (n < MIN_POINTS) {
            return Double.NaN;
        }
        double[][] x = xs.toArray(double[][]::new);
        double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
        double lo = java.util.Arrays.stream(y).min().getAsDouble();
        SurrogateLosses.warpIfSkewed(y, lo, WARP_SKEWNESS);
        if (SurrogateLosses.standardise(y, 0) == 0) {
            return Double.NaN;
        }
        GpRegression all = GpRegression.fit(x, y, NU, NOISE_FLOOR, null, Rng.withSeed(seed));
        if (all == null) {
            return Double.NaN;
        }
        double[] theta = all.theta();
        double sse = 0;
        double sst = 0;
        double[] out = new double[2];
        for (int i = 0; i < n; i++) {
            double[][] xo = new double[n - 1][];
            double[] yo = new double[n - 1];
            for (int j = 0, r = 0; j < n; j++) {
                if (j != i) {
                    xo[r] = x[j];
                    yo[r++] = y[j];
                }
            }
            GpRegression others = GpRegression.withTheta(xo, yo, NU, theta);
            double predicted = 0; // the mean of the standardised losses when the others' kernel matrix is singular
            if (others != null) {
                others.predict(x[i], out, null, null);
                predicted = out[0];
            }
            sse += (predicted - y[i]) * (predicted - y[i]);
            sst += y[i] * y[i];
        }
        return 1 - sse / sst;
    }
}
