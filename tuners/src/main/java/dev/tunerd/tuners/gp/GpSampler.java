package dev.tunerd.tuners.gp;

import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.FeatureSpace;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.SpaceFilling;
import dev.tunerd.tuners.model.UnitSpace;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * Gaussian-process Bayesian optimisation in the feature cube ({@link FeatureSpace}): a space-filling cold start,
 * then a GP with a Matérn ARD kernel on standardised losses ({@link ModelData}), hyper-parameters by maximum marginal
 * likelihood ({@link MarginalLikelihood}, refitted on a schedule, warm-started), trials in flight as kriging
 * believers (observed at the model's own mean, so their neighbourhood loses its variance and a batch spreads out),
 * and the utility maximised by {@link AcquisitionSearch}. When the model cannot be built (no spread in the losses,
 * a kernel matrix that is not positive definite) the suggestion is random, logged once. Not thread-safe.
 */
final class GpSampler implements InternalSampler {
    private static final System.Logger LOG = System.getLogger(GpSampler.class.getName());
    /** Candidates scored per suggestion are cut so that scoring costs about this many multiply-adds. */
    private static final double WARM_UP_BUDGET = 3e6;
    private static final int MIN_WARM_UP = 96;
    private static final int MAX_WARM_UP = 4000;
    private static final int INCUMBENTS = 5;
    private static final int COLD_START_CANDIDATES = 20;
    /** The lean search's budget (a third of the tuner's): about 67 candidates at 150 observations in 6-D. */
    private static final double LEAN_WARM_UP_BUDGET = 1e6;
    private static final int LEAN_MIN_WARM_UP = 64;
    private final FeatureSpace space;
    private final GpClassArgs args;
    private final Rng rng;
    private final Matern kernel;
    /** Every observation's features, encoded when first read (a probe on n = 5,000 reads at most its cap of them). */
    private final EncodedRows features;
    private final List<Double> losses = new ArrayList<>();
    private final HyperFit fit;
    /** Observations in the model at most ({@link ModelData#CAP} for the GP tuner). */
    private final int cap;
    private final boolean lean;
    /** The lean probe's first suggestion: its model's rows and its search ({@link FirstSearch#USUAL}: as later). */
    private final FirstSearch first;
    private boolean fallbackLogged;
    /** The last modelled suggestion's rows, warm-up candidates and local starts (what the tests read). */
    private final int[] lastSearch = new int[3];
    /** The last modelled suggestion's utility evaluations in its local searches (what the tests read). */
    private int lastLocalEvaluations;

    GpSampler(SearchSpace searchSpace, GpClassArgs args, Rng rng) {
        this(new UnitSpace(searchSpace.parameters()), args, rng, ModelData.CAP, false, FirstProbe.USUAL);
    }

    /**
     * A GP on {@code unit} whose model holds at most {@code cap} observations (the best half and the most recent).
     *
     * @param lean  {@link HyperFit}'s lean schedule and a smaller acquisition search (a third of the scoring budget,
     *              one local start): for a GP probing inside another tuner, where a suggestion must stay cheap
     * @param first the lean schedule's first fit and first suggestion (no effect without {@code lean})
     */
    GpSampler(UnitSpace unit, GpClassArgs args, Rng rng, int cap, boolean lean, FirstProbe first) {
        this.first = first.search();
        this.space = new FeatureSpace(unit);
        this.features = new EncodedRows(space);
        this.args = args;
        this.rng = rng;
        this.kernel = new Matern(args.nu());
        this.fit = new HyperFit(space, kernel, args.alpha(), lean, first);
        this.cap = cap;
        this.lean = lean;
    }

    @Override
    public void observe(double[] internal, double loss) {
        features.add(internal);
        losses.add(loss);
    }

    @Override
    public double[] suggest(List<double[]> running) {
        List<double[]> pending = new ArrayList<>();
        for (double[] r : running) {
            pending.add(space.encode(r));
        }
        // the first lean suggestion (the one that fits first) may model fewer rows and search less
        boolean firstProbe = lean && !fit.fitted();
        ModelData data = ModelData.select(features, losses, firstProbe ? first.cap(cap) : cap);
        if (features.size() + pending.size() < args.coldStartNum() || data == null || data.size() < 2) {
            return space.decode(coldStart(pending));
        }
        if (!data.hasSpread()) {
            return fallback("the losses do not differ");
        }
        double[] theta = fit.thetaFor(data, features.size(), rng);
        double[] best = {data.best()};
        Posterior posterior = theta == null ? null : believe(data, theta, pending, best);
        if (posterior == null) {
            return fallback("the kernel matrix is numerically singular");
        }
        Utility utility = new Utility(args.utilityKind(), args.kappa(), args.xi() / data.scale());
        int m = data.size() + pending.size();
        int warmUp = (int) Math.min(args.selectionNumWarmUp(), Math.max(lean ? LEAN_MIN_WARM_UP : MIN_WARM_UP,
            Math.min(MAX_WARM_UP, (lean ? LEAN_WARM_UP_BUDGET : WARM_UP_BUDGET)
                / (0.5 * m * m + 4.0 * m * space.features() + 1))));
        int starts = Math.min(args.selectionNumStartingPoints(), lean ? 1 : GpClassArgs.MAX_STARTS);
        BoundedLbfgs.Steps steps = BoundedLbfgs.Steps.USUAL;
        if (firstProbe) {
            warmUp = first.warmUp(warmUp);
            starts = first.local() ? starts : 0;
            steps = first.localSteps();
        }
        lastSearch[0] = data.size();
        lastSearch[1] = warmUp;
        lastSearch[2] = starts;
        AcquisitionSearch search = new AcquisitionSearch(space, posterior, utility, best[0], rng);
        double[] chosen = search.maximise(data.incumbents(INCUMBENTS), warmUp, starts, steps);
        lastLocalEvaluations = search.localEvaluations();
        return space.decode(chosen);
    }

    /**
     * The posterior over the data plus each trial in flight observed at the mean the model predicts for it; a
     * believed value below the best observed one becomes the best ({@code best[0]}), as an observation would.
     */
    private Posterior believe(ModelData data, double[] theta, List<double[]> pending, double[] best) {
        Posterior posterior = Posterior.of(data.x(), data.y(), theta, space.groupOf(), kernel);
        if (posterior == null || pending.isEmpty()) {
            return posterior;
        }
        int n = data.size();
        double[][] x = new double[n + pending.size()][];
        double[] y = new double[x.length];
        System.arraycopy(data.x(), 0, x, 0, n);
        System.arraycopy(data.y(), 0, y, 0, n);
        double[] out = new double[2];
        for (int i = 0; i < pending.size(); i++) {
            x[n + i] = pending.get(i);
            posterior.predict(pending.get(i), out, null, null);
            y[n + i] = out[0];
            best[0] = Math.min(best[0], out[0]);
        }
        return Posterior.of(x, y, theta, space.groupOf(), kernel);
    }

    /** The most distant of a few random points from everything observed or in flight (a cheap space filler). */
    private double[] coldStart(List<double[]> pending) {
        return SpaceFilling.farthestOf(COLD_START_CANDIDATES, () -> space.random(rng), features, pending);
    }

    private double[] fallback(String why) {
        if (!fallbackLogged) {
            fallbackLogged = true;
            LOG.log(Level.WARNING, "GP: {0}; this suggestion (and any later one in the same state) is random", why);
        }
        return space.decode(space.random(rng));
    }

    /** The last modelled suggestion's model rows, warm-up candidates and local starts (zeros before one). */
    int[] lastSearch() {
        return lastSearch.clone();
    }

    /** The last modelled suggestion's utility evaluations (with gradients) in its local searches. */
    int lastLocalEvaluations() {
        return lastLocalEvaluations;
    }

    /** The fitted hyper-parameters and when they were fitted, for snapshots. */
    HyperFit hyperFit() {
        return fit;
    }
}
