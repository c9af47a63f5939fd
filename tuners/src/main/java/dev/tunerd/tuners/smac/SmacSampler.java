package dev.tunerd.tuners.smac;

import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Normal;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.SurrogateLosses;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * SMAC (Hutter, Hoos and Leyton-Brown 2011) as a sampler: a random initial design, then a {@link RandomForest} on
 * the losses, expected improvement over the best loss, maximised by a local search (one-exchange neighbourhoods:
 * numeric coordinates moved by a normal step of 0.2 of their range, choices switched) from the ten best
 * configurations and the best random candidates, with random configurations interleaved (one suggestion in twenty,
 * one in five in a space with a choice), and one model suggestion in ten replaced by the best observed configuration
 * with about half of its parameters drawn anew, uniformly, without asking the forest; in a space without a choice,
 * while the ten best observations lie within 0.25 of the best one, three model suggestions in ten maximise EI only
 * farther than that from it (the far search; {@link SmacSettings} holds these settings).
 * Conditional parameters (nested choice) are imputed as -1 when inactive, so the trees can tell the branches apart.
 * Every suggestion differs from all configurations observed or in flight when any other candidate exists. Not
 * thread-safe.
 */
final class SmacSampler implements InternalSampler {
    private static final int LOCAL_STEPS = 30;
    private static final int NUMERIC_NEIGHBOURS = 4;
    private static final double INACTIVE = EncodedDistance.INACTIVE;
    /** Random configurations (observed or in flight) before the forest is used. */
    private static final int INITIAL = 10;
    private final UnitSpace unit;
    private final Rng rng;
    private final SmacSettings settings;
    private final double randomShare;
    /** The far search's share: 0 in a space with a choice (its options already get the larger random share). */
    private final double farShare;
    private final EncodedDistance distance;
    /** Whether a parameter is active only under a choice's option (nested choice). */
    private final boolean conditional;
    private final List<double[]> xs = new ArrayList<>();
    private final List<Double> losses = new ArrayList<>();

    SmacSampler(SearchSpace space, Rng rng, SmacSettings settings) {
        this.unit = new UnitSpace(space.parameters());
        this.distance = new EncodedDistance(unit);
        this.rng = rng;
        this.settings = settings;
        boolean choices = false;
        boolean nested = false;
        for (int i = 0; i < unit.size(); i++) {
            choices |= unit.isCategorical(i);
            nested |= unit.spec(i).parentIndex() >= 0;
        }
        this.conditional = nested;
        this.randomShare = choices ? settings.choiceRandomShare() : settings.randomShare();
        this.farShare = choices ? 0 : settings.farShare();
    }

    @Override
    public void observe(double[] internal, double loss) {
        xs.add(encode(internal));
        losses.add(loss);
    }

    @Override
    public double[] suggest(List<double[]> running) {
        Set<List<Double>> taken = new HashSet<>();
        xs.forEach(v -> taken.add(key(v)));
        running.forEach(r -> taken.add(key(encode(r))));
        double[] y = targets();
        if (xs.size() + running.size() < INITIAL || y == null) {
            return decode(randomVector());
        }
        if (rng.nextDouble() < randomShare) {
            return decode(randomVector());
        }
        if (settings.redrawShare() > 0 && rng.nextDouble() < settings.redrawShare()) {
            double[] redrawn = redrawn(y, taken);
            if (redrawn != null) {
                return decode(redrawn);
            }
        }
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        // the far search: its coin is drawn only when it is on, so a sampler with it off (and every space with a
        // choice) draws as before it existed
        double[] avoid = null;
        if (farShare > 0 && rng.nextDouble() < farShare && collapsed(order)) {
            avoid = xs.get(order[0]);
        }
        // the basin test that is not a ball: which observations (by rank) lead back to the best one
        boolean[] basin = avoid != null && settings.farBasin() > 0 && basinStalled(y) ? basin(order) : null;
        RandomForest forest = basin != null && settings.farBasinForest() ? outsideForest(order, basin, y) : null;
        if (forest == null) {
            forest = forest(xs.toArray(double[][]::new), y);
        }
        double best = y[order[0]];
        List<double[]> starts = new ArrayList<>();
        boolean farTarget = false;
        // by predicted mean, every observation the search may start from is a candidate start
        int wanted = settings.meanStarts() ? order.length : settings.localStarts();
        for (int i = 0; i < order.length && starts.size() < wanted; i++) {
            double[] x = xs.get(order[i]);
            if (avoid == null || (basin != null ? !basin[i] : !distance.near(x, avoid, settings.farAvoid()))) {
                if (!farTarget && avoid != null) {
                    // the far search's EI is against the best loss observed out there
                    best = y[order[i]];
                    farTarget = true;
                    if (settings.farFromRandom()) {
                        break;
                    }
                }
                starts.add(x);
            }
        }
        double[] out = new double[2];
        if (settings.meanStarts()) {
            starts = lowestPredicted(forest, starts, settings.localStarts());
        }
        List<double[]> candidates = new ArrayList<>();
        for (int i = 0; i < settings.randomCandidates(); i++) {
            double[] c = randomVector();
            if (avoid == null || !distance.near(c, avoid, settings.farAvoid())) {
                candidates.add(c);
            }
        }
        double[] candidateEi = new double[candidates.size()];
        for (int i = 0; i < candidateEi.length; i++) {
            candidateEi[i] = ei(forest, candidates.get(i), best, out);
        }
        Integer[] byEi = new Integer[candidateEi.length];
        Arrays.setAll(byEi, i -> i);
        Arrays.sort(byEi, Comparator.comparingDouble(i -> -candidateEi[i]));
        List<double[]> sortedCandidates = new ArrayList<>(candidates.size());
        for (Integer i : byEi) {
            sortedCandidates.add(candidates.get(i));
        }
        candidates = sortedCandidates;
        starts.addAll(candidates.subList(0, Math.min(settings.randomStarts(), candidates.size())));
        AdaptiveWalk walk = settings.adaptiveStep() > 0 ? new AdaptiveWalk(rng, settings.adaptiveStep(),
            this::neighbours) : null;
        RandomForest model = forest;
        double target = best;
        double[] avoided = avoid;
        for (double[] s : starts) {
            candidates.add(walk == null ? localSearch(forest, s, best, taken, avoid)
                : walk.climb(s, v -> ei(model, v, target, out), v -> takeable(v, taken, avoided)));
        }
        double[] chosen = null;
        double chosenEi = Double.NEGATIVE_INFINITY;
        for (double[] c : candidates) {
            double e = ei(forest, c, best, out);
            if (e > chosenEi && !taken.contains(key(c))) {
                chosenEi = e;
                chosen = c;
            }
        }
        return decode(chosen != null ? chosen : randomVector());
    }

    /** The {@code count} of {@code xs} with the lowest mean predicted by {@code forest}, ties in their given order. */
    static List<double[]> lowestPredicted(RandomForest forest, List<double[]> xs, int count) {
        double[] mean = new double[xs.size()];
        double[] out = new double[2];
        for (int i = 0; i < mean.length; i++) {
            forest.predict(xs.get(i), out);
            mean[i] = out[0];
        }
        Integer[] byMean = new Integer[mean.length];
        Arrays.setAll(byMean, i -> i);
        Arrays.sort(byMean, Comparator.comparingDouble(i -> mean[i]));
        List<double[]> chosen = new ArrayList<>(Math.min(count, mean.length));
        for (int i = 0; i < byMean.length && i < count; i++) {
            chosen.add(xs.get(byMean[i]));
        }
        return chosen;
    }

    /** Whether the {@code farTop} best observations (by {@code order}) all lie within {@code farRadius} of the best. */
    private boolean collapsed(Integer[] order) {
        if (order.length <= settings.farTop()) {
            return false;
        }
        double[] incumbent = xs.get(order[0]);
        for (int i = 1; i < settings.farTop(); i++) {
            if (!distance.near(xs.get(order[i]), incumbent, settings.farRadius())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the basin test applies ({@code farBasinStall}): always when 0, otherwise while the best observation (the
     * first of the lowest loss, in the order observed) is at least {@code max(INITIAL, farBasinStall * n)}
     * observations old. A function of the history, so a replay decides the same.
     */
    private boolean basinStalled(double[] y) {
        if (settings.farBasinStall() <= 0) {
            return true;
        }
        int best = 0;
        for (int i = 1; i < y.length; i++) {
            if (y[i] < y[best]) {
                best = i;
            }
        }
        return y.length - 1 - best >= Math.max(INITIAL, settings.farBasinStall() * y.length);
    }

    /** {@link #basinStalled(double[])} for the observations so far (for tests); false if none. */
    boolean basinTestActs() {
        double[] y = targets();
        return y != null && basinStalled(y);
    }

    /** The incumbent's basin by the observations, indexed by rank ({@code order}): see {@link NearestBetterBasin}. */
    private boolean[] basin(Integer[] order) {
        List<double[]> byRank = new ArrayList<>(order.length);
        for (Integer i : order) {
            byRank.add(xs.get(i));
        }
        return NearestBetterBasin.byRank(byRank, settings.farBasin(), distance);
    }

    /** {@link #basin(Integer[])} indexed by observation, in the order observed (for tests); null if none. */
    boolean[] basinByObservation() {
        double[] y = targets();
        if (y == null) {
            return null;
        }
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        boolean[] byRank = basin(order);
        boolean[] out = new boolean[y.length];
        for (int k = 0; k < order.length; k++) {
            out[order[k]] = byRank[k];
        }
        return out;
    }

    /**
     * A forest fitted on the observations outside the basin only ({@code basin} by rank); null when fewer than
     * {@link #INITIAL} lie outside it.
     */
    private RandomForest outsideForest(Integer[] order, boolean[] basin, double[] y) {
        List<double[]> x = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        for (int k = 0; k < order.length; k++) {
            if (!basin[k]) {
                x.add(xs.get(order[k]));
                v.add(y[order[k]]);
            }
        }
        if (x.size() < INITIAL) {
            return null;
        }
        return forest(x.toArray(double[][]::new), v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** A forest with the settings' trees on {@code x} and targets {@code y} (see {@link #targets()}). */
    private RandomForest forest(double[][] x, double[] y) {
        return new RandomForest(x, y, rng, settings.featureShare(), settings.withinLeaf(), settings.trees(),
            settings.minSplit(), settings.logYPercentile() > 0, settings.randomSplits());
    }

    /**
     * Hill climbing on EI through one-exchange neighbours; stops when no neighbour is better. Neighbours within
     * {@code farAvoid} of {@code avoid} (when not null) are not taken.
     */
    private double[] localSearch(RandomForest forest, double[] start, double best, Set<List<Double>> taken,
        double[] avoid) {
        double[] out = new double[2];
        double[] current = start;
        double currentEi = ei(forest, current, best, out);
        for (int step = 0; step < LOCAL_STEPS; step++) {
            double[][] next = {null};
            double[] nextEi = {currentEi};
            RandomForest.Leaves[] base = {null};
            visitNeighbours(current, settings.step(), encoded -> base[0] = forest.leaves(encoded), (nb, moved) -> {
                if (moved >= 0 && base[0] != null) {
                    forest.predictMoved(base[0], nb, moved, out);
                } else {
                    forest.predict(nb, out);
                }
                double e = ei(best, out);
                if (e > nextEi[0] && takeable(nb, taken, avoid)) {
                    next[0] = nb.clone(); // nb is the next neighbour after this call
                    nextEi[0] = e;
                }
            });
            if (next[0] == null) {
                break;
            }
            current = next[0];
            currentEi = nextEi[0];
        }
        return current;
    }

    /** Whether a local search may move to {@code v}: not suggested yet, and not within {@code farAvoid} of {@code avoid}. */
    private boolean takeable(double[] v, Set<List<Double>> taken, double[] avoid) {
        return (avoid == null || !distance.near(v, avoid, settings.farAvoid())) && !taken.contains(key(v));
    }

    /** One-exchange neighbours of {@code v} ({@link #visitNeighbours}), each its own array. */
    private List<double[]> neighbours(double[] v, double step) {
        List<double[]> out = new ArrayList<>();
        visitNeighbours(v, step, encoded -> { }, (nb, moved) -> out.add(nb.clone()));
        return out;
    }

    /**
     * Hands {@code visit} each one-exchange neighbour of {@code v} and the coordinate it moved: each numeric coordinate
     * moved by normal steps of {@code step}, each choice switched. Encoding is per coordinate, so a neighbour is {@code
     * v}'s encoding (handed to {@code onEncoded} first) with one coordinate encoded anew, in an array valid during the
     * call only; a choice switched in a conditional space goes through {@link #activate} (coordinate -1). Until issue 13
     * session 34 each neighbour was encoded whole and kept: O(d^2) a step, over 40 s a suggestion at 1,000 dimensions;
     * the neighbours, their order and the generator's draws are the same.
     */
    private void visitNeighbours(double[] v, double step, java.util.function.Consumer<double[]> onEncoded,
                                 OneExchangeVisit visit) {
        double[] internal = decode(v);
        double[] encoded = encode(internal);
        onEncoded.accept(encoded);
        double[] scratch = encoded.clone();
        for (int i = 0; i < unit.size(); i++) {
            if (Double.isNaN(internal[i])) {
                continue;
            }
            if (unit.isCategorical(i)) {
                for (int k = 0; k < unit.categories(i); k++) {
                    if (k != (int) internal[i]) {
                        if (conditional) {
                            double[] nb = internal.clone();
                            nb[i] = k;
                            visit.accept(encode(activate(nb)), -1);
                        } else {
                            scratch[i] = encode(i, k);
                            visit.accept(scratch, i);
                        }
                    }
                }
            } else {
                for (int k = 0; k < NUMERIC_NEIGHBOURS; k++) {
                    double u = Math.min(1, Math.max(0, v[i] + step * rng.nextGaussian()));
                    scratch[i] = encode(i, unit.toInternalInBounds(i, u));
                    visit.accept(scratch, i);
                }
            }
            scratch[i] = encoded[i];
        }
    }

    private double ei(RandomForest forest, double[] v, double best, double[] out) {
        forest.predict(v, out);
        return ei(best, out);
    }

    /** Expected improvement over {@code best} of a prediction {@code out} (mean, variance). */
    private double ei(double best, double[] out) {
        double sd = Math.sqrt(out[1]);
        double z = (best - out[0]) / sd;
        if (settings.logEi()) {
            return Math.log(sd) + Normal.logEiFactor(z);
        }
        return sd * (z * Normal.cdf(z) + Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI));
    }

    /**
     * Losses for the forest: non-finite ones as the worst finite, right-skewed ones log-warped as
     * {@code log(loss - min + (median - min))} (all of them as {@link LogScaledCosts} with {@code logYPercentile});
     * null if none.
     */
    double[] targets() {
        double[] range = SurrogateLosses.finiteRange(losses);
        if (range == null) {
            return null;
        }
        double lo = range[0];
        double[] y = new double[losses.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = SurrogateLosses.finiteOrBound(losses.get(i), lo, range[1]);
        }
        if (settings.logYPercentile() > 0) {
            LogScaledCosts.apply(y, settings.logYPercentile());
            return y;
        }
        double[] sample = settings.warpSample() > 0 && y.length > settings.warpSample()
            ? Arrays.copyOf(y, settings.warpSample()) : y;
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double offset = sorted[sorted.length / 2] - lo;
        if (SurrogateLosses.skewness(sample) > settings.warpSkewness() && offset > 0) {
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.log(y[i] - lo + offset);
            }
        }
        return y;
    }

    /**
     * The best observed configuration with each active parameter drawn anew with probability 1/2 (at least one);
     * null when ten draws all give a configuration observed or in flight.
     */
    private double[] redrawn(double[] y, Set<List<Double>> taken) {
        int best = 0;
        for (int i = 1; i < y.length; i++) {
            if (y[i] < y[best]) {
                best = i;
            }
        }
        double[] incumbent = decode(xs.get(best));
        for (int attempt = 0; attempt < 10; attempt++) {
            double[] internal = incumbent.clone();
            List<Integer> active = new ArrayList<>();
            for (int i = 0; i < internal.length; i++) {
                if (!Double.isNaN(internal[i])) {
                    active.add(i);
                }
            }
            boolean any = false;
            for (int i : active) {
                if (rng.nextDouble() < 0.5) {
                    internal[i] = Double.NaN;
                    any = true;
                }
            }
            if (!any && !active.isEmpty()) {
                internal[active.get(rng.nextInt(active.size()))] = Double.NaN;
            }
            double[] v = encode(activate(internal));
            if (!taken.contains(key(v))) {
                return v;
            }
        }
        return null;
    }

    private double[] randomVector() {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < unit.size(); i++) {
            internal[i] = unit.isCategorical(i) ? rng.nextInt(unit.categories(i)) : unit.toInternal(i, rng.nextDouble());
        }
        return encode(activate(internal));
    }

    /** Marks inactive parameters NaN, and gives a newly active one (after a branch switch) a random value. */
    private double[] activate(double[] internal) {
        for (int i = 0; i < unit.size(); i++) {
            if (!unit.isActive(i, internal)) {
                internal[i] = Double.NaN;
            } else if (Double.isNaN(internal[i])) {
                internal[i] = unit.isCategorical(i) ? rng.nextInt(unit.categories(i))
                    : unit.toInternal(i, rng.nextDouble());
            }
        }
        return internal;
    }

    private double[] encode(double[] internal) {
        double[] v = new double[unit.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = encode(i, internal[i]);
        }
        return v;
    }

    /** Coordinate {@code i}'s encoding of internal value {@code x}: the forest's input. */
    private double encode(int i, double x) {
        return Double.isNaN(x) ? INACTIVE : unit.isCategorical(i) ? x : unit.snap(i, unit.toUnit(i, x));
    }

    private double[] decode(double[] v) {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < v.length; i++) {
            internal[i] = v[i] == INACTIVE ? Double.NaN : unit.isCategorical(i) ? v[i] : unit.toInternalInBounds(i, v[i]);
        }
        for (int i = 0; i < v.length; i++) {
            if (!unit.isActive(i, internal)) {
                internal[i] = Double.NaN;
            }
        }
        return internal;
    }

    private static List<Double> key(double[] v) {
        List<Double> k = new ArrayList<>(v.length);
        for (double d : v) {
            k.add(d);
        }
        return k;
    }
}
