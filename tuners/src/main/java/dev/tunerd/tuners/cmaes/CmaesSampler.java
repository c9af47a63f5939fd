package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * CMA-ES over the top-level numeric parameters (uniform and normal families, randint, q types) in unit coordinates
 * ({@link UnitSpace}); choices and the parameters of nested branches are drawn independently from their priors, as
 * Optuna's {@code CmaEsSampler} does. Candidates come in mirrored pairs ({@link #mirroredCandidate}). Results are
 * collected into generations in arrival order: every result counts
 * for the distribution in use when it arrives (with trials in flight a result may come from the previous
 * distribution; the update does not need exact membership). When a generation has converged to a step below
 * {@link #RESTART_STEP} of the range, collapsed, is ill-conditioned or has not improved the best loss for
 * {@code 10 + 30 n / lambda} generations, the search restarts from a new random mean: with the same population for
 * the first {@link #RESTARTS_BEFORE_GROWTH} restarts, then with twice the previous one each time (IPOP). The
 * distribution changes only on results, so replaying the history
 * rebuilds it exactly (snapshots, search-space updates). Not thread-safe.
 */
final class CmaesSampler implements InternalSampler {
    /**
     * A restart is due once the largest step is below this share of the unit range: a converged search spends the
     * rest of a short budget refining one basin (tuned: docs/MODEL_TUNERS.md, about +2 points at 200 trials over 400 seeds).
     */
    static final double RESTART_STEP = 0.01;
    /** Restarts that keep the population before IPOP's doubling begins (so early restarts stay cheap). */
    static final int RESTARTS_BEFORE_GROWTH = 2;
    private final UnitSpace unit;
    private final int[] dims;
    private final Rng rng;
    private final CmaesClassArgs args;
    private CmaDistribution dist;
    private final List<double[]> generationPoints = new ArrayList<>();
    private final List<Double> generationLosses = new ArrayList<>();
    private int restarts;
    private int observed;
    private double best = Double.POSITIVE_INFINITY;
    private int lastImprovementGeneration;

    CmaesSampler(SearchSpace space, CmaesClassArgs args, Rng rng) {
        this.unit = new UnitSpace(space.parameters());
        this.rng = rng;
        this.args = args;
        List<Integer> numeric = new ArrayList<>();
        for (int i = 0; i < unit.size(); i++) {
            if (!unit.isCategorical(i) && unit.spec(i).isTopLevel()) {
                numeric.add(i);
            }
        }
        this.dims = numeric.stream().mapToInt(Integer::intValue).toArray();
        if (dims.length > 0) {
            double[] centre = new double[dims.length];
            java.util.Arrays.fill(centre, 0.5);
            dist = new CmaDistribution(centre, args.sigma0(), lambda(0));
        }
    }

    private int lambda(int restart) {
        int base = args.popsize() != null ? args.popsize() : CmaDistribution.defaultLambda(dims.length);
        return base << Math.min(Math.max(0, restart - RESTARTS_BEFORE_GROWTH), 10);
    }

    /** The current population size. */
    int populationSize() {
        return dist.lambda();
    }

    /** Number of IPOP restarts so far. */
    int restarts() {
        return restarts;
    }

    @Override
    public double[] suggest(List<double[]> running) {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < unit.size(); i++) {
            internal[i] = unit.isCategorical(i) ? rng.nextInt(unit.categories(i))
                : unit.toInternal(i, rng.nextDouble());
        }
        if (dist != null && observed >= args.startupTrials()) {
            double[] x = mirroredCandidate(running.size());
            if (x == null) {
                x = dist.sample(rng);
            }
            for (int k = 0; k < dims.length; k++) {
                internal[dims[k]] = unit.toInternalInBounds(dims[k], x[k]);
            }
        }
        for (int i = 0; i < unit.size(); i++) {
            if (!unit.isActive(i, internal)) {
                internal[i] = Double.NaN;
            }
        }
        return internal;
    }

    /**
     * Mirrored sampling (Brockhoff et al. 2010): every second candidate of a generation is the mirror image through
     * the mean of the point observed last in it, so each pair's comparison sees only the odd part of the function
     * around the mean (a finite-difference slope), which the symmetric terms cannot drown. Null when the candidate
     * is a fresh draw: an even position in the generation, trials in flight (their order is not known, so the
     * partner is not either: a batch is drawn fresh, as before), or a mirror outside the cube. Derived from the
     * observed state alone, so replaying the history rebuilds it.
     */
    private double[] mirroredCandidate(int inFlight) {
        if (inFlight > 0 || generationPoints.size() % 2 == 0) {
            return null;
        }
        return dist.mirror(generationPoints.get(generationPoints.size() - 1));
    }

    @Override
    public void observe(double[] internal, double loss) {
        observed++;
        if (dist == null) {
            return;
        }
        double[] x = new double[dims.length];
        for (int k = 0; k < dims.length; k++) {
            double v = internal[dims[k]];
            x[k] = Double.isNaN(v) ? 0.5 : unit.toUnit(dims[k], v);
        }
        generationPoints.add(x);
        generationLosses.add(Double.isNaN(loss) ? Double.POSITIVE_INFINITY : loss);
        if (loss < best) {
            best = loss;
            lastImprovementGeneration = dist.generation();
        }
        if (generationPoints.size() < dist.lambda()) {
            return;
        }
        double[] losses = new double[generationLosses.size()];
        for (int i = 0; i < losses.length; i++) {
            double l = generationLosses.get(i);
            losses[i] = Double.isFinite(l) ? l : Double.MAX_VALUE;
        }
        dist.update(generationPoints.toArray(double[][]::new), losses);
        generationPoints.clear();
        generationLosses.clear();
        int patience = 10 + (int) Math.ceil(30.0 * dims.length / dist.lambda());
        if (args.restartStrategy().equals("ipop")
            && (dist.converged() || dist.largestStep() < RESTART_STEP
                || dist.generation() - lastImprovementGeneration > patience)) {
            restart();
        }
    }

    /**
     * A new distribution (from the third restart on with twice the population) around a mean drawn from the history
     * (no generator needed).
     */
    private void restart() {
        restarts++;
        Rng restartRng = Rng.withSeed(Double.doubleToLongBits(best) ^ (31L * observed + restarts));
        double[] mean = new double[dims.length];
        for (int k = 0; k < mean.length; k++) {
            mean[k] = restartRng.nextDouble();
        }
        dist = new CmaDistribution(mean, args.sigma0(), lambda(restarts));
        lastImprovementGeneration = 0;
    }
}
