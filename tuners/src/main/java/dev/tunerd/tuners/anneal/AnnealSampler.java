package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.TorusDistance;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.Iterator;
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
 * the whole range: a prior draw); the rest is drawn as above. While the best has not improved for a while, a share
 * of the suggestions belong to a scout ({@link Restarts}): a second annealing chain over its own trials that starts
 * again from the prior every few of them; the main chain sees every trial. And a uniform-family window is no wider
 * than the spread of the best trials' values ({@link SpreadLimit}). With trials in flight the parent trial is chosen
 * more greedily, and with many in flight while the best stalls a share of suggestions is drawn around the best
 * trial outside the best one's window ({@link ParentFocus}); and every suggestion made while trials are in flight is
 * the farthest of a few such draws from the trials in flight and the observations ({@link FlightSpread}).
 * {@link AnnealAdditions#NONE} reproduces hyperopt
 * exactly, draw for draw. Not thread-safe.
 */
public final class AnnealSampler implements InternalSampler {
    private static final double SHRINK_COEF = 0.1;
    /** NNI's HyperoptTuner only lies once more than 20 trials were issued. */
    private static final int LIAR_AFTER = 20;
    /** Scout suggestions remembered until their result comes (older ones are forgotten: trials that never report). */
    private static final int MAX_PENDING = 64;
    private final SearchSpace space;
    private final List<ParameterSpec> params;
    private final Rng rng;
    private final AnnealPool main;
    private final AnnealPool scout;
    private final List<double[]> pendingScout = new ArrayList<>();

    private final Liar liar;
    private final Exploration exploration;
    private final Restarts restarts;
    private final SpreadLimit spread;
    private final Diversity diversity;
    /** Completed trials (of the main chain) when its best loss last improved. */
    private int lastImprovement;
    /** Trials in flight during the current suggestion. */
    private int inFlight;
    private final ParentFocus focus;
    private final FlightSpread flight;
    /** The space's unit cube, for the spread in flight (made on first use). */
    private UnitSpace unit;
    private boolean[] categorical;

    /** NNI's {@code parallel_optimize} with its {@code constant_liar_type}: what trials in flight count as. */
    public enum Liar { NONE, MIN, MAX, MEAN }

    public AnnealSampler(SearchSpace space, Rng rng) {
        this(space, rng, Liar.NONE, AnnealAdditions.DEFAULT);
    }

    /**
     * @param liar NONE: trials in flight are ignored (NNI's HyperoptTuner never shows them to hyperopt); else once more
     *             than 20 trials were issued they are observed with the min/max/mean loss during a suggestion
     * @param additions tunerd's additions; {@link AnnealAdditions#NONE} for hyperopt's algorithm as is
     */
    public AnnealSampler(SearchSpace space, Rng rng, Liar liar, AnnealAdditions additions) {
        this.space = space;
        this.params = space.parameters();
        this.rng = rng;
        this.liar = liar;
        this.exploration = additions.exploration();
        this.restarts = additions.restarts();
        this.spread = additions.spread();
        this.diversity = additions.diversity();
        this.focus = additions.focus();
        this.flight = additions.flight();
        this.main = new AnnealPool(params.size());
        this.scout = new AnnealPool(params.size());
    }

    @Override
    public double[] suggest(List<double[]> running) {
        inFlight = running.size();
        if (scouting()) {
            return scoutDraw();
        }
        if (liar == Liar.NONE || running.isEmpty() || main.size() + running.size() <= LIAR_AFTER) {
            return diverse(running);
        }
        double lie = main.lie(liar);
        running.forEach(r -> main.add(r, lie));
        try {
            return diverse(running);
        } finally {
            for (int k = 0; k < running.size(); k++) {
                main.removeLast();
            }
        }
    }

    /** A draw of the main chain, drawn again while it is too close to a trial in flight ({@link Diversity}). */
    private double[] diverse(List<double[]> running) {
        boolean explore = exploring();
        int parent = elsewhere() ? elsewhereParent() : -1;
        if (flight.spreads(running.size(), main.size())) {
            return farthest(running, explore, parent);
        }
        double[] x = draw(main, explore, parent);
        if (diversity.fraction() <= 0 || running.isEmpty()) {
            return x;
        }
        for (int t = 1; t < diversity.tries() && nearAny(x, running); t++) {
            x = draw(main, explore, parent);
        }
        return x;
    }

    /**
     * The farthest of {@link FlightSpread#candidates()} draws of the main chain from the trials in flight (and the
     * observations when {@link FlightSpread#observed()}), on the torus of the unit cube.
     */
    private double[] farthest(List<double[]> running, boolean explore, int parent) {
        if (unit == null) {
            unit = new UnitSpace(params);
            categorical = new boolean[params.size()];
            for (int i = 0; i < categorical.length; i++) {
                categorical[i] = unit.isCategorical(i);
            }
        }
        int d = params.size();
        int rows = running.size() + (flight.observed() ? main.size() : 0);
        double[] others = new double[rows * d];
        for (int r = 0; r < running.size(); r++) {
            toUnit(running.get(r), others, r * d);
        }
        for (int r = running.size(); r < rows; r++) {
            int trial = r - running.size();
            for (int i = 0; i < d; i++) {
                double v = main.value(trial, i);
                others[r * d + i] = Double.isNaN(v) ? Double.NaN : unit.toUnit(i, v);
            }
        }
        double[] best = null;
        double farthest = -1;
        double[] u = new double[d];
        for (int c = 0; c < flight.candidates(); c++) {
            double[] x = draw(main, explore, parent);
            toUnit(x, u, 0);
            double nearest = Double.POSITIVE_INFINITY;
            for (int r = 0; r < rows && nearest > farthest; r++) {
                nearest = Math.min(nearest, TorusDistance.squared(u, others, r * d, categorical,
                    flight.categoryDistance()));
            }
            if (nearest > farthest) {
                farthest = nearest;
                best = x;
            }
        }
        return best;
    }

    private void toUnit(double[] internal, double[] out, int offset) {
        for (int i = 0; i < internal.length; i++) {
            out[offset + i] = Double.isNaN(internal[i]) ? Double.NaN : unit.toUnit(i, internal[i]);
        }
    }

    /**
     * Whether this suggestion of the main chain is drawn around the best trial elsewhere ({@link ParentFocus}): a
     * share of them while parameters recombine (many trials in flight) and the best has not improved for a while.
     */
    private boolean elsewhere() {
        return focus.elsewhereShare() > 0 && focus.recombines(inFlight) && main.size() >= 2
            && main.size() - lastImprovement >= focus.elsewherePatience() && rng.nextDouble() < focus.elsewhereShare();
    }

    /**
     * The best trial that a draw around the best trial cannot produce: outside its window on some parameter (the
     * window {@link #near} would use, spread limit included), or with another option or another active branch; -1
     * when every trial lies inside.
     */
    private int elsewhereParent() {
        int best = main.trialAt(0);
        int d = params.size();
        double[] half = new double[d];
        for (int i = 0; i < d; i++) {
            ParameterSpec p = params.get(i);
            if (p.categorical() || Double.isNaN(main.value(best, i))) {
                continue;
            }
            double shrink = limitedShrink(main, i, main.observed(i));
            half[i] = p.normal() ? p.sigma() * shrink : 0.5 * (p.high() - p.low()) * shrink;
        }
        for (int r = 1; r < main.size(); r++) {
            int trial = main.trialAt(r);
            for (int i = 0; i < d; i++) {
                double a = main.value(trial, i);
                double b = main.value(best, i);
                boolean away = Double.isNaN(a) || Double.isNaN(b) ? Double.isNaN(a) != Double.isNaN(b)
                    : params.get(i).categorical() ? a != b : Math.abs(a - b) > half[i];
                if (away) {
                    return trial;
                }
            }
        }
        return -1;
    }

    /** Whether {@code x} lies within {@code diversity.fraction()} neighbourhoods of a trial in flight. */
    private boolean nearAny(double[] x, List<double[]> running) {
        double limit = diversity.fraction() * diversity.fraction();
        for (double[] r : running) {
            double d2 = 0;
            for (int i = 0; i < x.length && d2 < limit; i++) {
                boolean a = Double.isNaN(x[i]);
                if (a || Double.isNaN(r[i])) {
                    d2 += a == Double.isNaN(r[i]) ? 0 : Double.POSITIVE_INFINITY;
                    continue;
                }
                ParameterSpec p = params.get(i);
                if (p.categorical()) {
                    d2 += x[i] == r[i] ? 0 : Double.POSITIVE_INFINITY;
                    continue;
                }
                double scale = shrink(main.observed(i)) * (p.normal() ? p.sigma() : p.high() - p.low());
                double z = scale > 0 ? (x[i] - r[i]) / scale : 0;
                d2 += z * z;
            }
            if (d2 < limit) {
                return true;
            }
        }
        return false;
    }

    /** Whether this suggestion is the scout's: a share of them while the best has not improved for a while. */
    private boolean scouting() {
        return restarts.share() > 0 && main.size() >= restarts.after()
            && main.size() - lastImprovement >= restarts.patience() && rng.nextDouble() < restarts.share();
    }

    private boolean exploring() {
        return exploration.share() > 0 && main.size() >= exploration.after() && rng.nextDouble() < exploration.share();
    }

    private double[] scoutDraw() {
        if (scout.size() >= restarts.length()) {
            scout.clear();
        }
        double[] x = draw(scout, false, -1);
        if (pendingScout.size() == MAX_PENDING) {
            pendingScout.remove(0);
        }
        pendingScout.add(x.clone());
        return x;
    }

    /** One draw of {@code pool}'s chain; {@code parent} >= 0: around that trial (one parent, hyperopt's rule). */
    private double[] draw(AnnealPool pool, boolean explore, int parent) {
        double[] out = space.newInternal();
        List<Integer> chosen = new ArrayList<>(2);
        double meanRank = pool == main && parent < 0 ? focus.meanRank(inFlight) : ParentFocus.HYPEROPT_MEAN;
        boolean recombine = pool == main && parent < 0 && focus.recombines(inFlight);
        if (parent >= 0) {
            chosen.add(parent);
        }
        int d = params.size();
        int first = explore ? rng.nextInt(d) : -1;
        for (int i = 0; i < d; i++) {
            if (!space.isActive(i, out)) {
                continue;
            }
            int observed = pool.observed(i);
            if (recombine) {
                chosen.clear();
            }
            int trial = observed == 0 ? -1 : pool.pickTrial(i, chosen, rng, meanRank);
            boolean wide = explore && (i == first || rng.nextDouble() < 1.0 / d);
            int t = wide ? (int) (observed * exploration.wideFactor()) : observed;
            ParameterSpec p = params.get(i);
            double shrink = !wide && trial >= 0 ? limitedShrink(pool, i, t) : shrink(t);
            out[i] = trial < 0 ? prior(p) : near(p, pool.value(trial, i), shrink);
        }
        return out;
    }

    /**
     * The window's shrink factor around a trial of {@code pool} for parameter {@code i} after {@code observations},
     * no wider than the spread of the best trials' values where {@link SpreadLimit} applies.
     */
    private double limitedShrink(AnnealPool pool, int i, int observations) {
        double shrink = shrink(observations);
        ParameterSpec p = params.get(i);
        if (limitsSpread(p, pool)) {
            shrink = spread.limit(shrink, pool.spread(i, spread.best()) / (p.high() - p.low()));
        }
        return shrink;
    }

    private boolean limitsSpread(ParameterSpec p, AnnealPool pool) {
        return spread.best() > 0 && !p.categorical() && !p.normal() && p.high() > p.low()
            && pool.size() >= Math.max(spread.best(), spread.after());
    }

    @Override
    public void observe(double[] internal, double loss) {
        if (loss < main.bestLoss()) {
            lastImprovement = main.size();
        }
        main.add(internal, loss);
        for (Iterator<double[]> it = pendingScout.iterator(); it.hasNext(); ) {
            if (sameSuggestion(it.next(), internal)) {
                it.remove();
                scout.add(internal, loss);
                return;
            }
        }
    }

    /**
     * Whether an observed vector is a remembered scout suggestion: equal activity everywhere and equal values of
     * the continuous parameters up to the round trip through the user's format (quantised and categorical values
     * may be rounded or re-mapped on the way, so they are not compared).
     */
    private boolean sameSuggestion(double[] suggested, double[] observed) {
        for (int i = 0; i < suggested.length; i++) {
            boolean a = Double.isNaN(suggested[i]);
            if (a != Double.isNaN(observed[i])) {
                return false;
            }
            ParameterSpec p = params.get(i);
            if (!a && !p.categorical() && !p.isQuantized()
                && Math.abs(suggested[i] - observed[i]) > 1e-9 * (1 + Math.abs(suggested[i]))) {
                return false;
            }
        }
        return true;
    }

    static double shrink(int observations) {
        return 1.0 / (1.0 + observations * SHRINK_COEF);
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
