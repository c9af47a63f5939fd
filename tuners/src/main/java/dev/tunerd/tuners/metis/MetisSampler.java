package dev.tunerd.tuners.metis;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.NumericCube;
import dev.tunerd.tuners.model.SpaceFilling;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Metis's suggestion step (NNI's {@code MetisTuner._selection}, written anew) on the unit cube of a numeric space:
 * <ol>
 *   <li>fewer than {@code cold_start_num} results: a random configuration (with
 *       {@link MetisSettings#spreadColdStart()}, the farthest of 20 random ones from every point tried or in
 *       flight);</li>
 *   <li>a GP on the results (Matérn 5/2, hyper-parameters by marginal likelihood, its prior mean
 *       {@code prior_mean_shift} deviations above the mean loss; trials in flight as kriging believers, so a batch
 *       spreads out) and its predicted optimum, the lowest mean;</li>
 *   <li>unless {@code no_candidates}: an exploration candidate (lowest 95% confidence bound; with a non-default
 *       {@link MetisSettings}, the highest log-EI while few results are in), from 12 results on an exploitation
 *       candidate ({@link GoodBadMixture}), and unless {@code no_resampling}, from 50 distinct
 *       configurations on, re-sampling candidates: results more than 2.33 deviations from the GP fitted without them
 *       (leave-one-out), each configuration run at most 3 times;</li>
 *   <li>each candidate's information gain: the GP refitted with the candidate observed at its mean plus and minus
 *       1.96 deviations, and how far that moves the lowest mean below the current one; the best gain is the next
 *       candidate (none when no candidate gains: then a random configuration);</li>
 *   <li>with probability {@code exploration_probability}, or when the predicted optimum was already tried, the next
 *       candidate; otherwise the predicted optimum.</li>
 * </ol>
 * The hyper-parameters are refitted on every result up to 40, then whenever the results grew by a tenth, always on a
 * prefix of the history with a generator seeded by its length, so a tuner restored from a snapshot (history and
 * generator) continues identically. Besides NNI's rule, on the turns {@link MetisSettings} gives them (all off at its
 * defaults): a forced far probe, a polish around the best result ({@link BasinSteps}), and the additive view's probe,
 * the best result with one coordinate moved to a deeper well along it ({@link CoordinateWells}; {@code wells_every}).
 * When the GP cannot be built (all results equal or not finite, a singular kernel
 * matrix) the suggestion is random, logged once. Not thread-safe.
 */
final class MetisSampler implements InternalSampler {
    private static final System.Logger LOG = System.getLogger(MetisSampler.class.getName());
    static final double NU = 2.5;
    private static final double NOISE_FLOOR = 1e-6;
    private static final int FIT_EVERY_TIME = 40;
    private static final int FIT_ROWS = 100;
    private static final int GMM_FROM = 12;
    private static final int RESAMPLE_FROM = 50;
    private static final int MAX_RUNS_PER_CONFIG = 3;
    private static final int OUTLIERS_CHECKED = 30;
    private static final double OUTLIER_Z = 2.33;
    private static final double Z95 = 1.96;
    /** Warm-up points kept as starts when the lowest mean of a "what if" GP is searched. */
    private static final int GAIN_STARTS = 24;
    /** Random draws per cold-start point with {@link MetisSettings#spreadColdStart()}. */
    private static final int SPREAD_DRAWS = 20;
    private final NumericCube cube;
    private final MetisClassArgs args;
    private final MetisSettings settings;
    private final Rng rng;
    private final List<double[]> points = new ArrayList<>();
    private final List<Double> losses = new ArrayList<>();
    private int fittedOn = -1;
    private double[] theta;
    private boolean fallbackLogged;
    /** On how many of its turns in a row the additive view has passed its gate ({@link MetisSettings.Wells#hold()}). */
    private int wellsPassed;
    /** Where the last suggestion came from (read by the benchmark's trace probe; no effect on the search). */
    private Source lastSource = Source.RANDOM;

    /** Where a suggestion came from. */
    enum Source { RANDOM, LOWEST_MEAN, EXPLORATION, MIXTURE, RESAMPLE, POLISH, FAR, WELL }

    MetisSampler(NumericCube cube, MetisClassArgs args, MetisSettings settings, Rng rng) {
        this.cube = cube;
        this.args = args;
        this.settings = settings;
        this.rng = rng;
    }

    @Override
    public void observe(double[] internal, double loss) {
        points.add(cube.encode(internal));
        losses.add(loss);
    }

    @Override
    public double[] suggest(List<double[]> running) {
        List<double[]> pending = new ArrayList<>();
        for (double[] r : running) {
            pending.add(cube.encode(r));
        }
        Set<MetisData.Point> taken = new HashSet<>();
        points.forEach(p -> taken.add(new MetisData.Point(p)));
        pending.forEach(p -> taken.add(new MetisData.Point(p)));
        lastSource = Source.RANDOM;
        if (points.size() < args.coldStartNum()) {
            return cube.decode(settings.spreadColdStart() ? spread(pending) : fresh(taken));
        }
        MetisData data = MetisData.of(points, losses, settings.priorShift());
        if (data == null || !data.spread) {
            return fallback("the results do not differ (or none is finite)", taken);
        }
        GpRegression gp = model(data, pending);
        if (gp == null) {
            return fallback("the GP's kernel matrix is numerically singular", taken);
        }
        return cube.decode(select(data, gp, pending, taken));
    }

    private double[] select(MetisData data, GpRegression gp, List<double[]> pending, Set<MetisData.Point> taken) {
        List<double[]> starts = ModelSearch.candidates(cube, data.best(5), args.selectionNumStartingPoints(), rng);
        ModelSearch search = new ModelSearch(gp, cube);
        double[][] predicted = search.predictAll(starts);
        ModelSearch.Found lowest = search.minimise(0.0, starts, predicted, ModelSearch.REFINED);
        boolean lowestTried = taken.contains(new MetisData.Point(lowest.u()));
        if (args.noCandidates()) {
            lastSource = lowestTried ? Source.RANDOM : Source.LOWEST_MEAN;
            return lowestTried ? fresh(taken) : lowest.u();
        }
        double[] step = basinStep(data, gp, pending, taken, search, starts, predicted);
        if (step != null) {
            return step;
        }
        List<ModelSearch.Found> candidates = new ArrayList<>();
        ModelSearch.Found explore = settings.exploresByEi(points.size(), cube.dimension())
            ? search.minimise(ModelSearch.negativeLogEi(data.lowest()), starts, predicted, ModelSearch.REFINED)
            : search.minimise(Z95, starts, predicted, ModelSearch.REFINED);
        if (!taken.contains(new MetisData.Point(explore.u()))) {
            candidates.add(explore);
        }
        ModelSearch.Found mixture = null;
        if (points.size() >= GMM_FROM) {
            double[] g = new GoodBadMixture(data).candidate(cube, args.selectionNumStartingPoints(), rng,
                u -> !taken.contains(new MetisData.Point(u)));
            if (g != null) {
                mixture = search.at(g);
                candidates.add(mixture);
            }
        }
        if (!args.noResampling() && data.size() >= RESAMPLE_FROM) {
            candidates.addAll(outliers(data, pending));
        }
        ModelSearch.Found well = null;
        if (settings.wells().candidate() && settings.wells().at(points.size() + pending.size(), points.size())) {
            double[] w = wellProbe(data, taken);
            if (w != null) {
                well = search.at(w);
                candidates.add(well);
            }
        }
        double[] next = null;
        if (!candidates.isEmpty()) {
            next = mostInformative(data, pending, candidates, starts, lowest);
        }
        Source picked = next == null ? Source.RANDOM : sourceOf(next, explore, mixture, well);
        if (next == null) {
            next = fresh(taken);
        }
        double[] chosen = next;
        lastSource = picked;
        if (!lowestTried && rng.nextDouble() > args.explorationProbability()) {
            chosen = lowest.u();
            lastSource = Source.LOWEST_MEAN;
        }
        return polishIfNear(chosen, explore.u(), data, gp, pending, taken);
    }

    /**
     * With {@link MetisSettings.Polish#within()} or {@link MetisSettings.Polish#box()} set, on a polish suggestion
     * whose pick lies that close to the best result (and with {@link MetisSettings.Polish.Box#PICK_AND_BOUND} the
     * exploration point {@code bound} too): the polish point instead (when new); else the pick.
     */
    private double[] polishIfNear(double[] chosen, double[] bound, MetisData data, GpRegression gp,
                                  List<double[]> pending, Set<MetisData.Point> taken) {
        MetisSettings.Polish p = settings.polish();
        if (!p.gated() || !p.at(points.size() + pending.size(), points.size(), this::resultsSinceBest)) {
            return chosen;
        }
        double[] best = data.best(1).get(0);
        if (p.within() > 0 && BasinSteps.distance(chosen, best) >= p.within()) {
            return chosen;
        }
        if (p.box() != MetisSettings.Polish.Box.OFF && (!BasinSteps.inBox(chosen, best, p.radius())
            || p.box() == MetisSettings.Polish.Box.PICK_AND_BOUND && !BasinSteps.inBox(bound, best, p.radius()))) {
            return chosen;
        }
        double[] u = BasinSteps.polish(gp, cube, best, p);
        if (taken.contains(new MetisData.Point(u))) {
            return chosen;
        }
        lastSource = Source.POLISH;
        return u;
    }

    /**
     * The forced far probe or the polish point when this suggestion is one of theirs ({@link MetisSettings#far()},
     * {@link MetisSettings#polish()}; the far probe first) and the point is new; else null.
     */
    private double[] basinStep(MetisData data, GpRegression gp, List<double[]> pending, Set<MetisData.Point> taken,
                               ModelSearch search, List<double[]> starts, double[][] predicted) {
        int suggestion = points.size() + pending.size();
        // the best result is looked up only on a far or polish suggestion: with both off (the default) nothing is done
        if (settings.far().at(suggestion, points.size(), this::resultsSinceBest)) {
            ModelSearch.Found f = BasinSteps.far(search, starts, predicted, data.best(1).get(0),
                settings.far().distance(), Z95);
            if (f != null && !taken.contains(new MetisData.Point(f.u()))) {
                lastSource = Source.FAR;
                return f.u();
            }
        }
        if (!settings.wells().candidate() && settings.wells().at(suggestion, points.size())) {
            double[] w = wellProbe(data, taken);
            if (w != null) {
                lastSource = Source.WELL;
                return w;
            }
        }
        MetisSettings.Polish p = settings.polish();
        if (!p.gated() && p.at(suggestion, points.size(), this::resultsSinceBest)) {
            double[] u = BasinSteps.polish(gp, cube, data.best(1).get(0), p);
            if (!taken.contains(new MetisData.Point(u))) {
                lastSource = Source.POLISH;
                return u;
            }
        }
        return null;
    }

    /**
     * The best result with one coordinate moved to the better well the additive view ({@link CoordinateWells}) sees
     * along it, the largest drop first, skipping points tried or in flight (with {@link MetisSettings.Wells#all()}
     * first every such coordinate at once); null when there is none.
     */
    private double[] wellProbe(MetisData data, Set<MetisData.Point> taken) {
        MetisSettings.Wells w = settings.wells();
        double[] best = data.best(1).get(0);
        CoordinateWells view = CoordinateWells.fit(data.x, data.y, w.bandwidth());
        if (view == null || !w.passes(view)) {
            wellsPassed = 0;
            return null;
        }
        wellsPassed++;
        if (wellsPassed < w.hold()) {
            return null;
        }
        List<CoordinateWells.Move> moves = view.farWells(best, w.gap(), w.margin());
        if (w.all() && moves.size() > 1) {
            double[] u = untried(best, moves, taken);
            if (u != null) {
                return u;
            }
        }
        for (CoordinateWells.Move m : moves) {
            double[] u = untried(best, List.of(m), taken);
            if (u != null) {
                return u;
            }
        }
        return null;
    }

    /** {@code best} with every one of {@code moves} made, on the grid; null when that point is tried or in flight. */
    private double[] untried(double[] best, List<CoordinateWells.Move> moves, Set<MetisData.Point> taken) {
        double[] u = best.clone();
        for (CoordinateWells.Move m : moves) {
            u[m.coordinate()] = m.to();
        }
        u = cube.canonical(u);
        return taken.contains(new MetisData.Point(u)) ? null : u;
    }

    /**
     * How many results came after the first one with the lowest finite loss (0: the latest is the best; all results
     * when none is finite). Read only when the polish or the far probe asks for a stall.
     */
    int resultsSinceBest() {
        int at = -1;
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < losses.size(); i++) {
            double v = losses.get(i);
            if (Double.isFinite(v) && v < lowest) {
                lowest = v;
                at = i;
            }
        }
        return losses.size() - 1 - at;
    }

    private static Source sourceOf(double[] next, ModelSearch.Found explore, ModelSearch.Found mixture,
                                   ModelSearch.Found well) {
        if (next == explore.u()) {
            return Source.EXPLORATION;
        }
        if (mixture != null && next == mixture.u()) {
            return Source.MIXTURE;
        }
        if (well != null && next == well.u()) {
            return Source.WELL;
        }
        return Source.RESAMPLE;
    }

    /** Where the last suggestion came from (the benchmark's trace probe). */
    Source lastSource() {
        return lastSource;
    }

    /** The current hyper-parameters (log signal variance, log length scales, log noise), null before a fit. */
    double[] fittedTheta() {
        return theta == null ? null : theta.clone();
    }

    /** The candidate whose observation would lower the GP's lowest mean the most; null when none would. */
    private double[] mostInformative(MetisData data, List<double[]> pending, List<ModelSearch.Found> candidates,
                                     List<double[]> starts, ModelSearch.Found lowest) {
        List<double[]> gainStarts = new ArrayList<>(starts.subList(0, Math.min(GAIN_STARTS, starts.size())));
        gainStarts.add(lowest.u());
        double bestGain = 0;
        double[] best = null;
        for (ModelSearch.Found c : candidates) {
            double expectedLowest = Double.POSITIVE_INFINITY;
            for (double outcome : new double[] {c.mean() + Z95 * c.sd(), c.mean() - Z95 * c.sd()}) {
                GpRegression whatIf = withExtra(data, pending, c.u(), outcome);
                if (whatIf == null) {
                    continue;
                }
                List<double[]> s = new ArrayList<>(gainStarts);
                s.add(c.u());
                expectedLowest = Math.min(expectedLowest, new ModelSearch(whatIf, cube).minimise(0.0, s, 1).mean());
            }
            double gain = expectedLowest - lowest.mean();
            if (gain < bestGain) {
                bestGain = gain;
                best = c.u();
            }
        }
        return best;
    }

    /** The GP of the data plus the trials in flight observed at the model's mean (kriging believers). */
    private GpRegression model(MetisData data, List<double[]> pending) {
        double[] t = theta();
        if (t == null) {
            return null;
        }
        GpRegression gp = GpRegression.withTheta(data.x, data.y, NU, t);
        if (gp == null || pending.isEmpty()) {
            return gp;
        }
        double[][] x = new double[data.size() + pending.size()][];
        double[] y = new double[x.length];
        System.arraycopy(data.x, 0, x, 0, data.size());
        System.arraycopy(data.y, 0, y, 0, data.size());
        double[] out = new double[2];
        for (int i = 0; i < pending.size(); i++) {
            gp.predict(pending.get(i), out, null, null);
            x[data.size() + i] = pending.get(i);
            y[data.size() + i] = out[0];
        }
        return GpRegression.withTheta(x, y, NU, t);
    }

    /** The believed model with one more observation (a repeat of a row replaces that row by the average). */
    private GpRegression withExtra(MetisData data, List<double[]> pending, double[] u, double value) {
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        boolean merged = false;
        for (int i = 0; i < data.size(); i++) {
            xs.add(data.x[i]);
            if (NumericCube.same(data.x[i], u)) {
                ys.add((data.y[i] * data.count[i] + value) / (data.count[i] + 1));
                merged = true;
            } else {
                ys.add(data.y[i]);
            }
        }
        if (!merged) {
            xs.add(u);
            ys.add(value);
        }
        GpRegression base = GpRegression.withTheta(xs.toArray(double[][]::new),
            ys.stream().mapToDouble(Double::doubleValue).toArray(), NU, theta);
        if (base == null || pending.isEmpty()) {
            return base;
        }
        double[] out = new double[2];
        for (double[] p : pending) {
            base.predict(p, out, null, null);
            xs.add(p);
            ys.add(out[0]);
        }
        return GpRegression.withTheta(xs.toArray(double[][]::new),
            ys.stream().mapToDouble(Double::doubleValue).toArray(), NU, theta);
    }

    /** Recent rows whose result the GP fitted without them does not explain (|z| > 2.33), not run too often. */
    private List<ModelSearch.Found> outliers(MetisData data, List<double[]> pending) {
        Set<MetisData.Point> inFlight = new HashSet<>();
        pending.forEach(p -> inFlight.add(new MetisData.Point(p)));
        List<ModelSearch.Found> out = new ArrayList<>();
        int n = data.size();
        double[] pred = new double[2];
        for (int i = Math.max(0, n - OUTLIERS_CHECKED); i < n; i++) {
            if (data.count[i] >= MAX_RUNS_PER_CONFIG || inFlight.contains(new MetisData.Point(data.x[i]))) {
                continue;
            }
            double[][] x = new double[n - 1][];
            double[] y = new double[n - 1];
            for (int j = 0, k = 0; j < n; j++) {
                if (j != i) {
                    x[k] = data.x[j];
                    y[k++] = data.y[j];
                }
            }
            GpRegression loo = GpRegression.withTheta(x, y, NU, theta);
            if (loo == null) {
                continue;
            }
            loo.predict(data.x[i], pred, null, null);
            double sd = Math.sqrt(Math.max(pred[1], 0));
            if (Math.abs(data.y[i] - pred[0]) > OUTLIER_Z * sd) {
                out.add(new ModelSearch.Found(data.x[i], pred[0], sd, pred[0]));
            }
        }
        return out;
    }

    /**
     * The hyper-parameters for the current number of results: refitted on the first {@code s} results, {@code s} the
     * last point of the schedule (every result up to 40, then each tenth more), with a generator seeded by {@code s}.
     */
    private double[] theta() {
        int s = schedulePoint(points.size());
        if (s != fittedOn || theta == null) {
            MetisData prefix = MetisData.of(points.subList(0, s), losses.subList(0, s), settings.priorShift());
            if (prefix == null || !prefix.spread) {
                return null;
            }
            double[][] x = prefix.x;
            double[] y = prefix.y;
            if (prefix.size() > FIT_ROWS) {
                x = java.util.Arrays.copyOfRange(x, prefix.size() - FIT_ROWS, prefix.size());
                y = java.util.Arrays.copyOfRange(y, prefix.size() - FIT_ROWS, prefix.size());
            }
            GpRegression fit = GpRegression.fit(x, y, NU, NOISE_FLOOR, null, Rng.withSeed(s));
            theta = fit == null ? null : fit.theta();
            fittedOn = s;
        }
        return theta;
    }

    static int schedulePoint(int n) {
        if (n < FIT_EVERY_TIME) {
            return n;
        }
        int s = FIT_EVERY_TIME;
        while (s + Math.max(1, s / 10) <= n) {
            s += Math.max(1, s / 10);
        }
        return s;
    }

    /** The farthest of {@link #SPREAD_DRAWS} random configurations from every point tried or in flight. */
    private double[] spread(List<double[]> pending) {
        return SpaceFilling.farthestOf(SPREAD_DRAWS, () -> cube.random(rng), points, pending);
    }

    /** A random configuration not yet tried nor in flight when one is found in a few draws. */
    private double[] fresh(Set<MetisData.Point> taken) {
        double[] u = cube.random(rng);
        for (int i = 0; i < 20 && taken.contains(new MetisData.Point(u)); i++) {
            u = cube.random(rng);
        }
        return u;
    }

    private double[] fallback(String why, Set<MetisData.Point> taken) {
        if (!fallbackLogged) {
            fallbackLogged = true;
            LOG.log(Level.WARNING, "Metis: {0}; this suggestion (and any later one in the same state) is random", why);
        }
        return cube.decode(fresh(taken));
    }
}
