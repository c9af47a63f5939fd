package dev.tunerd.tuners.bohb;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * BOHB's model (Falkner et al. 2018, section 3.1): the results of each budget in unit coordinates, and for every
 * budget with enough of them a pair of densities, {@code l} over the best {@code top_n_percent} and {@code g} over
 * the rest (each at least {@code min_points_in_model} points and more points than dimensions). A configuration is
 * drawn from the model of the largest budget that has one: {@code num_samples} candidates from {@code l} widened by
 * {@code bandwidth_factor} (continuous coordinates: a normal truncated to [0, 1]; categorical: keep the value with
 * probability {@code 1 - bw}, else uniform), and the one with the largest {@code l(x) / g(x)} wins. Normal-family
 * parameters live in the cube through their own CDF ({@link UnitSpace}), so their mean and deviation cannot be
 * confused (NNI passes them to ConfigSpace swapped). Not thread-safe.
 */
final class BudgetModels {

    private record Observation(double[] x, double loss) {
    }

    private record Pair(Kde good, Kde bad) {
    }

    private final UnitSpace space;
    private final int[] categories;
    private final BohbArgs args;
    private final int minPoints;
    private final Map<Integer, List<Observation>> byBudget = new TreeMap<>();
    private final Map<Integer, Pair> models = new TreeMap<>();

    BudgetModels(UnitSpace space, BohbArgs args) {
        this.space = space;
        this.args = args;
        this.categories = new int[space.size()];
        for (int i = 0; i < space.size(); i++) {
            categories[i] = space.isCategorical(i) ? space.categories(i) : 0;
        }
        this.minPoints = args.minPointsInModel() != null ? args.minPointsInModel() : space.size() + 1;
    }

    /** A result: {@code unit} the configuration in unit coordinates, {@code loss} smaller is better. */
    void observe(int budget, double[] unit, double loss) {
        List<Observation> list = byBudget.computeIfAbsent(budget, b -> new ArrayList<>());
        list.add(new Observation(unit, Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss));
        fit(budget, list);
    }

    /** The observation {@code (unit, before)} of {@code budget} now has {@code loss}; the budget's model is refitted. */
    void revise(int budget, double[] unit, double before, double loss) {
        List<Observation> list = byBudget.get(budget);
        if (list == null) {
            return;
        }
        double old = Double.isNaN(before) ? Double.POSITIVE_INFINITY : before;
        for (int i = list.size() - 1; i >= 0; i--) {
            Observation o = list.get(i);
            if (Double.compare(o.loss(), old) == 0 && Arrays.equals(o.x(), unit)) {
                list.set(i, new Observation(unit, Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss));
                fit(budget, list);
                return;
            }
        }
    }

    private void fit(int budget, List<Observation> list) {
        int n = list.size();
        int d = space.size();
        int nGood = Math.max(minPoints, args.top_n_percent() * n / 100);
        int nBad = Math.max(minPoints, (100 - args.top_n_percent()) * n / 100);
        int goodRows = Math.min(nGood, n);
        int badRows = Math.min(nBad, n - goodRows);
        if (goodRows <= d || badRows <= d) {
            return;
        }
        List<Observation> sorted = new ArrayList<>(list);
        sorted.sort(Comparator.comparingDouble(Observation::loss));
        List<double[]> good = sorted.subList(0, goodRows).stream().map(Observation::x).toList();
        List<double[]> bad = sorted.subList(goodRows, goodRows + badRows).stream().map(Observation::x).toList();
        models.put(budget, new Pair(new Kde(good, categories, floors(goodRows)),
            new Kde(bad, categories, floors(badRows))));
    }

    /**
     * The smallest bandwidth of each coordinate for a density over {@code n} points: {@code min_bandwidth}, and for a
     * discrete coordinate more. The normal-reference rule gives a bandwidth of (almost) 0 when the points agree on a
     * choice or a {@code randint} value, so the density would never propose another one; the first good points would
     * fix it for the rest of the run (on the benchmark's problems, the batch size and the warm-up of a few early
     * leaders). A choice of {@code k} options keeps at least the weight one more point spread uniformly would give
     * the other options ({@code (k-1)/k / (n+1)}); a {@code randint} at least one step of its grid.
     */
    private double[] floors(int n) {
        double[] f = new double[categories.length];
        for (int j = 0; j < f.length; j++) {
            double discrete = categories[j] > 0 ? (categories[j] - 1.0) / categories[j] / (n + 1)
                : space.minBandwidth(j);
            f[j] = Math.max(args.minBandwidth(), discrete);
        }
        return f;
    }

    boolean hasModel() {
        return !models.isEmpty();
    }

    /** The largest budget with a model, or -1. */
    int modelBudget() {
        return models.isEmpty() ? -1 : ((TreeMap<Integer, Pair>) models).lastKey();
    }

    /** A configuration in unit coordinates drawn from the model of the largest budget; null without a model. */
    double[] sample(Rng rng) {
        if (models.isEmpty()) {
            return null;
        }
        Pair m = models.get(modelBudget());
        double[] best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int s = 0; s < args.numSamples(); s++) {
            double[] x = candidate(m.good(), rng);
            double score = Math.log(Math.max(m.good().pdf(x), 1e-300)) - Math.log(Math.max(m.bad().pdf(x), 1e-300));
            if (score > bestScore) {
                bestScore = score;
                best = x;
            }
        }
        return best;
    }

    private double[] candidate(Kde good, Rng rng) {
        double[] at = good.data[rng.nextInt(good.data.length)];
        double[] x = new double[at.length];
        for (int j = 0; j < at.length; j++) {
            double bw = Math.max(good.bandwidth[j], args.minBandwidth());
            if (categories[j] > 0) {
                x[j] = rng.nextDouble() < 1 - bw ? at[j] : rng.nextInt(categories[j]);
            } else {
                x[j] = space.snap(j, truncatedNormal(at[j], bw * args.bandwidthFactor(), rng));
            }
        }
        return x;
    }

    private static double truncatedNormal(double mean, double sd, Rng rng) {
        for (int tries = 0; tries < 32; tries++) {
            double v = mean + sd * rng.nextGaussian();
            if (v >= 0 && v <= 1) {
                return v;
            }
        }
        return Math.min(1, Math.max(0, mean));
    }
}
