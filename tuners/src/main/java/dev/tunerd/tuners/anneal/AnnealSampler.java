package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.tpe.math.Rng;
import dev.tunerd.tuners.tpe.shared.InternalSampler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * hyperopt's annealing search ({@code hyperopt/anneal.py}, as NNI's Anneal runs it), written from its description:
 * pick one of the best trials (rank drawn from a geometric distribution with mean {@code avgBestIdx}, 0 = best),
 * then draw each parameter from its prior concentrated around that trial's value. The neighbourhood shrinks as
 * {@code 1 / (1 + T * shrinkCoef)} with T the number of observations of the parameter: uniform types draw from a
 * window of that fraction of the range (shifted to stay inside), normal types from a normal with the sigma scaled,
 * categorical ones keep the value with probability {@code 1 - shrink} and else draw from the prior. A parameter
 * the chosen trial lacks (another nested branch) takes a runner-up trial that has it. Works in internal
 * coordinates. With a constant liar (NNI's {@code parallel_optimize}), trials in flight are observed with the
 * min/max/mean loss for the duration of one suggestion.
 *
 * <p>tunerd addition ({@link Exploration}, on by default in NNI's {@code Anneal}): with probability
 * {@code share}, once {@code after} trials completed, a suggestion is exploratory: one parameter drawn at random,
 * and each other with probability 1/d, takes a much wider neighbourhood around the same chosen trial (by default
 * the whole range: a prior draw); the rest is drawn as above. {@link Exploration#NONE} reproduces hyperopt exactly,
 * draw for draw. Not thread-safe.
 */
public final class AnnealSampler implements InternalSampler {
    private static final double AVG_BEST_IDX = 2.0;
    private static final double SHRINK_COEF = 0.1;
    /** NNI's HyperoptTuner only lies once more than 20 trials were issued. */
    private static final int LIAR_AFTER = 20;
    private final SearchSpace space;
    private final List<ParameterSpec> params;
    private final Rng rng;
    private final List<double[]> vectors = new ArrayList<>();
    private double[] losses = new double[16];
    private int[] byLoss = new int[16];
    private final int[] observedCount;

    private final Liar liar;
    private final Exploration exploration;

    /** NNI's {@code parallel_optimize} with its {@code constant_liar_type}: what trials in flight count as. */
    public enum Liar { NONE, MIN, MAX, MEAN }

    public AnnealSampler(SearchSpace space, Rng rng) {
        this(space, rng, Liar.NONE, Exploration.DEFAULT);
    }

    /**
     * @param liar NONE: trials in flight are ignored (NNI's HyperoptTuner never shows them to hyperopt); else once more
     *             than 20 trials were issued they are observed with the min/max/mean loss during a suggestion
     * @param exploration tunerd's exploratory suggestions; {@link Exploration#NONE} for hyperopt's algorithm as is
     */
    public AnnealSampler(SearchSpace space, Rng rng, Liar liar, Exploration exploration) {
        this.space = space;
        this.params = space.parameters();
        this.rng = rng;
        this.liar = liar;
        this.exploration = exploration;
        this.observedCount = new int[params.size()];
    }

    @Override
    public double[] suggest(List<double[]> running) {
        if (liar == Liar.NONE || running.isEmpty() || vectors.size() + running.size() <= LIAR_AFTER) {
            return draw();
        }
        double lie = lie();
        running.forEach(r -> observe(r, lie));
        try {
            return draw();
        } finally {
            for (int k = 0; k < running.size(); k++) {
                removeLast();
            }
        }
    }

    private double lie() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int n = vectors.size();
        for (int i = 0; i < n; i++) {
            min = Math.min(min, losses[i]);
            max = Math.max(max, losses[i]);
            sum += losses[i];
        }
        return liar == Liar.MIN ? min : liar == Liar.MAX ? max : sum / n;
    }

    private void removeLast() {
        int last = vectors.size() - 1;
        double[] v = vectors.remove(last);
        int pos = 0;
        while (byLoss[pos] != last) {
            pos++;
        }
        System.arraycopy(byLoss, pos + 1, byLoss, pos, last - pos);
        for (int i = 0; i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                observedCount[i]--;
            }
        }
    }

    private double[] draw() {
        double[] out = space.newInternal();
        List<Integer> chosen = new ArrayList<>(2);
        int d = params.size();
        boolean explore = exploration.share() > 0 && vectors.size() >= exploration.after()
            && rng.nextDouble() < exploration.share();
        int first = explore ? rng.nextInt(d) : -1;
        for (int i = 0; i < d; i++) {
            if (!space.isActive(i, out)) {
                continue;
            }
            int trial = observedCount[i] == 0 ? -1 : pickTrial(i, chosen);
            boolean wide = explore && (i == first || rng.nextDouble() < 1.0 / d);
            int t = wide ? (int) (observedCount[i] * exploration.wideFactor()) : observedCount[i];
            out[i] = trial < 0 ? prior(params.get(i)) : near(params.get(i), vectors.get(trial)[i], shrink(t));
        }
        return out;
    }

    @Override
    public void observe(double[] internal, double loss) {
        int n = vectors.size();
        if (n == losses.length) {
            losses = Arrays.copyOf(losses, n * 2);
            byLoss = Arrays.copyOf(byLoss, n * 2);
        }
        vectors.add(internal.clone());
        double l = Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss;
        losses[n] = l;
        int pos = n;
        while (pos > 0 && Double.compare(losses[byLoss[pos - 1]], l) > 0) {
            byLoss[pos] = byLoss[pos - 1];
            pos--;
        }
        byLoss[pos] = n;
        for (int i = 0; i < internal.length; i++) {
            if (!Double.isNaN(internal[i])) {
                observedCount[i]++;
            }
        }
    }

    static double shrink(int observations) {
        return 1.0 / (1.0 + observations * SHRINK_COEF);
    }

    /** A trial chosen earlier in this suggestion that has parameter i, else a new draw among those that have it. */
    private int pickTrial(int i, List<Integer> chosen) {
        for (int trial : chosen) {
            if (!Double.isNaN(vectors.get(trial)[i])) {
                return trial;
            }
        }
        int rank = Math.min(rng.nextGeometricFailures(1.0 / AVG_BEST_IDX), observedCount[i] - 1);
        int seen = 0;
        for (int r = 0; r < vectors.size(); r++) {
            int trial = byLoss[r];
            if (!Double.isNaN(vectors.get(trial)[i]) && seen++ == rank) {
                chosen.add(trial);
                return trial;
            }
        }
        throw new IllegalStateException("no observation of parameter " + i);
    }

    private double prior(ParameterSpec p) {
        if (p.categorical()) {
            return rng.nextInt(p.size());
        }
        if (p.normal()) {
            return p.mu() + p.sigma() * rng.nextGaussian();
        }
        return p.low() + rng.nextDouble() * (p.high() - p.low());
    }

    private double near(ParameterSpec p, double value, double shrink) {
        if (p.categorical()) {
            return rng.nextDouble() < 1 - shrink ? value : rng.nextInt(p.size());
        }
        if (p.normal()) {
            double centre = Double.isFinite(value) ? value : Math.log(1e-16);
            return centre + p.sigma() * shrink * rng.nextGaussian();
        }
        double half = 0.5 * (p.high() - p.low()) * shrink;
        double mid = Math.min(p.high() - half, Math.max(p.low() + half, value));
        return mid - half + rng.nextDouble() * 2 * half;
    }
}
