package dev.tunerd.tuners.dngo;

import dev.tunerd.tuners.common.Normal;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.NumericCube;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DNGO's suggestion step on the unit cube of a numeric space: random configurations until {@code trials_per_update}
 * results exist; then a {@link FeatureNetwork} trained for {@code num_epochs_per_training} epochs on the results, again
 * each time {@code trials_per_update} more have arrived (as NNI; the training spread over the following suggestions,
 * see {@link #networkFor}), and on every suggestion a
 * {@link BayesianLinearRegression} on the network's last hidden layer refitted to all results (NNI refits it only
 * with the network). Trials in flight join the regression at its own mean (kriging believers: a batch spreads out).
 * The suggestion is the best expected improvement among {@code sample_size} uniform candidates plus a quarter as many
 * drawn near the best results; when the regression has collapsed (the evidence says the network's features explain
 * none of the results, so every candidate has the same mean and nearly the same variance and the expected
 * improvement ranks them by noise) it is one such draw near the best results instead. When no model can be
 * built (results all equal or not finite, a failed regression) the suggestion is random, logged once. Not thread-safe.
 */
final class DngoSampler implements InternalSampler {
    private static final System.Logger LOG = System.getLogger(DngoSampler.class.getName());
    private static final double WARP_SKEWNESS = 1.5;
    private static final int INCUMBENTS = 5;
    /**
     * Training work per suggestion, in sample-epochs (one result's forward and backward pass): about 6 us each in
     * 6-D on the loaded project machine since the kernels vectorise (10 us before), so a slice costs some 20 ms of the
     * 50 ms a suggestion may take (docs/benchmarks/s06.md, "CMA-ES's third round and DNGO's worst case", and
     * s09.md, "DNGO's arithmetic").
     */
    static final int WORK_PER_SUGGESTION = 3000;
    /** Whether the last suggestion had a network (false: the first training was still in progress). */
    private boolean ready;
    /** Whether the last suggestion's regression had collapsed ({@link BayesianLinearRegression#collapsed}). */
    private boolean lastCollapsed;
    /** Sample-epochs of training run by the last suggestion. */
    private long lastWork;
    private final NumericCube cube;
    private final DngoClassArgs args;
    private final Rng rng;
    private final List<double[]> points = new ArrayList<>();
    private final List<Double> losses = new ArrayList<>();
    private FeatureNetwork network;
    /** Trainings by the length of the history prefix they learn from: the one in use and the one in progress. */
    private final Map<Integer, FeatureNetwork.Trainer> trainings = new HashMap<>();
    private boolean fallbackLogged;

    DngoSampler(NumericCube cube, DngoClassArgs args, Rng rng) {
        this.cube = cube;
        this.args = args;
        this.rng = rng;
    }

    @Override
    public void observe(double[] internal, double loss) {
        points.add(cube.encode(internal));
        losses.add(loss);
    }

    @Override
    public double[] suggest(List<double[]> running) {
        lastWork = 0;
        lastCollapsed = false;
        Set<Key> taken = new HashSet<>();
        points.forEach(p -> taken.add(new Key(p)));
        List<double[]> pending = new ArrayList<>();
        for (double[] r : running) {
            double[] u = cube.encode(r);
            pending.add(u);
            taken.add(new Key(u));
        }
        int tpu = args.trialsPerUpdate();
        int n = points.size();
        if (n < Math.max(2, tpu)) {
            return cube.decode(fresh(taken));
        }
        double[] y = targets(losses);
        if (y == null) {
            return fallback("the results do not differ (or none is finite)", taken);
        }
        network = networkFor(n);
        if (network == null) {
            return ready ? fallback("the results do not differ (or none is finite)", taken) : cube.decode(fresh(taken));
        }
        BayesianLinearRegression blr = regression(y, pending);
        if (blr == null) {
            return fallback("the Bayesian linear regression is numerically singular", taken);
        }
        lastCollapsed = blr.collapsed();
        if (lastCollapsed) {
            return cube.decode(nearBest(ranked(y), taken));
        }
        return cube.decode(bestExpectedImprovement(blr, y, taken));
    }

    /** Whether the last suggestion found the regression collapsed and was drawn near a good result instead. */
    boolean lastCollapsed() {
        return lastCollapsed;
    }

    /** Indices of the results from best (lowest target) to worst. */
    private static Integer[] ranked(double[] y) {
        Integer[] order = new Integer[y.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> y[i]));
        return order;
    }

    /**
     * A point near a good result: the centre is the result of rank r (0 the best) with probability 0.4 * 0.6^r, each
     * coordinate moved by a normal step whose deviation is log-uniform in [0.002, 0.3] (canonical).
     */
    private double[] near(Integer[] order) {
        double[] centre = points.get(order[Math.min(order.length - 1, rng.nextGeometricFailures(0.4))]);
        double scale = Math.exp(Math.log(0.002) + rng.nextDouble() * Math.log(0.3 / 0.002));
        return cube.near(centre, scale, rng);
    }

    /** {@link #near}, redrawn (up to 20 times) while it hits a point already taken. */
    private double[] nearBest(Integer[] order, Set<Key> taken) {
        double[] u = near(order);
        for (int i = 0; i < 20 && taken.contains(new Key(u)); i++) {
            u = near(order);
        }
        return u;
    }

    /**
     * The network for a suggestion with {@code n} results, or null while the first one is still being trained. A
     * network learns from the first {@code s} results, s a multiple of {@code trials_per_update}: the first at
     * s = trials_per_update, each later one at the first multiple of trials_per_update at least trials_per_update
     * after the previous one and not before the previous training has finished. A training is spread evenly over
     * the {@link #lag} suggestions from s on (about {@link #WORK_PER_SUGGESTION} sample-epochs each) while the
     * previous network still serves (before the first network: random suggestions), so no suggestion pays for more
     * than a slice. The schedule depends only on n, and a training gives the same weights however it is sliced, so a
     * restored tuner (which trains what it lacks at once) continues identically. Null also when a prefix's results
     * do not differ; {@link #ready} says which.
     */
    private FeatureNetwork networkFor(int n) {
        int epochs = args.numEpochsPerTraining();
        int tpu = Math.max(1, args.trialsPerUpdate());
        int serving = -1;
        int s = Math.max(2, tpu);
        while (true) {
            int lag = lag(s);
            if (n < s + lag) {
                FeatureNetwork.Trainer next = training(s);
                if (next != null) {
                    int due = (int) Math.min(epochs, ((long) epochs * (n - s + 1) + lag - 1) / lag);
                    run(next, due - next.epochsDone(), s);
                }
                break;
            }
            int following = ((s + Math.max(tpu, lag) + tpu - 1) / tpu) * tpu;
            serving = s;
            if (n < following) {
                break;
            }
            s = following;
        }
        int keep = serving;
        trainings.keySet().removeIf(k -> k < keep);
        ready = serving > 0;
        if (serving < 0) {
            return null;
        }
        FeatureNetwork.Trainer current = training(serving);
        if (current == null) {
            return null;
        }
        run(current, epochs - current.epochsDone(), serving);
        return current.network();
    }

    private void run(FeatureNetwork.Trainer trainer, int epochs, int samples) {
        if (epochs > 0) {
            trainer.run(epochs);
            lastWork += (long) epochs * samples;
        }
    }

    /** Sample-epochs of training (one result through the network and back) that the last suggestion ran. */
    long lastTrainingWork() {
        return lastWork;
    }

    /**
     * Suggestions over which the training on {@code s} results is spread: enough that each runs at most about
     * {@link #WORK_PER_SUGGESTION} sample-epochs, at least 1.
     */
    private int lag(int s) {
        long work = (long) args.numEpochsPerTraining() * s;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE / 4, (work + WORK_PER_SUGGESTION - 1) / WORK_PER_SUGGESTION));
    }

    private FeatureNetwork.Trainer training(int prefix) {
        FeatureNetwork.Trainer t = trainings.get(prefix);
        if (t == null) {
            double[] y = targets(losses.subList(0, prefix));
            if (y == null) {
                return null;
            }
            FeatureNetwork net = new FeatureNetwork(cube.dimension(), Rng.withSeed(prefix));
            t = net.trainer(points.subList(0, prefix).toArray(double[][]::new), y, Rng.withSeed(~(long) prefix));
            trainings.put(prefix, t);
        }
        return t;
    }

    private BayesianLinearRegression regression(double[] y, List<double[]> pending) {
        double[][] phi = network.features(points.toArray(double[][]::new));
        BayesianLinearRegression blr = BayesianLinearRegression.fit(phi, y);
        if (blr == null || pending.isEmpty()) {
            return blr;
        }
        double[][] all = Arrays.copyOf(phi, phi.length + pending.size());
        double[] ys = Arrays.copyOf(y, y.length + pending.size());
        double[] out = new double[2];
        for (int i = 0; i < pending.size(); i++) {
            all[phi.length + i] = network.features(pending.get(i));
            blr.predict(all[phi.length + i], out);
            ys[phi.length + i] = out[0];
        }
        return blr.refit(all, ys);
    }

    private double[] bestExpectedImprovement(BayesianLinearRegression blr, double[] y, Set<Key> taken) {
        double best = Arrays.stream(y).min().orElse(0);
        Integer[] order = ranked(y);
        int local = args.sampleSize() / 4;
        List<double[]> candidates = new ArrayList<>(args.sampleSize() + local);
        for (int i = 0; i < args.sampleSize() + local; i++) {
            double[] u;
            if (i < args.sampleSize()) {
                u = cube.random(rng);
            } else {
                u = near(order);
            }
            if (!taken.contains(new Key(u))) {
                candidates.add(u);
            }
        }
        double[][] u = candidates.toArray(double[][]::new);
        double[] mean = new double[u.length];
        double[] variance = new double[u.length];
        blr.predict(network.features(u), mean, variance);
        double[] bestPoint = null;
        double bestEi = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < u.length; c++) {
            double ei = expectedImprovement(mean[c], Math.sqrt(Math.max(variance[c], 0)), best);
            if (ei > bestEi) {
                bestEi = ei;
                bestPoint = u[c];
            }
        }
        return bestPoint != null ? bestPoint : fresh(taken);
    }

    static double expectedImprovement(double mean, double sd, double best) {
        if (!(sd > 0)) {
            return Math.max(best - mean, 0);
        }
        double z = (best - mean) / sd;
        return (best - mean) * Normal.cdf(z) + sd * Math.exp(-0.5 * z * z - Normal.LOG_SQRT_2PI);
    }

    /**
     * Losses as the network's targets: not finite counted as the worst finite, strongly right-skewed ones log-warped,
     * standardised; null when none is finite or they do not differ.
     */
    static double[] targets(List<Double> losses) {
        int n = losses.size();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double l : losses) {
            if (Double.isFinite(l)) {
                lo = Math.min(lo, l);
                hi = Math.max(hi, l);
            }
        }
        if (!(hi > lo)) {
            return null;
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double l = losses.get(i);
            y[i] = Double.isFinite(l) ? l : (l == Double.NEGATIVE_INFINITY ? lo : hi);
        }
        double mean = Arrays.stream(y).average().orElse(0);
        double m2 = 0;
        double m3 = 0;
        for (double v : y) {
            m2 += (v - mean) * (v - mean);
            m3 += (v - mean) * (v - mean) * (v - mean);
        }
        if (m2 > 0 && (m3 / n) / Math.pow(m2 / n, 1.5) > WARP_SKEWNESS) {
            double[] sorted = y.clone();
            Arrays.sort(sorted);
            double offset = Math.max(sorted[n / 2] - lo, 1e-12 * Math.max(1.0, Math.abs(lo)));
            for (int i = 0; i < n; i++) {
                y[i] = Math.log(y[i] - lo + offset);
            }
            mean = Arrays.stream(y).average().orElse(0);
        }
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(var / n);
        if (!(sd > 1e-12 * Math.max(1.0, Math.abs(mean)))) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            y[i] = (y[i] - mean) / sd;
        }
        return y;
    }

    private double[] fresh(Set<Key> taken) {
        double[] u = cube.random(rng);
        for (int i = 0; i < 20 && taken.contains(new Key(u)); i++) {
            u = cube.random(rng);
        }
        return u;
    }

    private double[] fallback(String why, Set<Key> taken) {
        if (!fallbackLogged) {
            fallbackLogged = true;
            LOG.log(Level.WARNING, "DNGO: {0}; this suggestion (and any later one in the same state) is random", why);
        }
        return cube.decode(fresh(taken));
    }

    /** A configuration as a set key. */
    private record Key(double[] u) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(u, k.u);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(u);
        }
    }
}
