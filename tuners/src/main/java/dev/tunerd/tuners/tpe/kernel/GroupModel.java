package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.Arrays;
import java.util.List;

/**
 * The TPE model of one parameter group: its history, the split into good and bad observations, the two Parzen
 * estimators and the choice among candidates drawn from the good one by the density ratio. All buffers are kept
 * between suggestions. Not thread-safe.
 */
final class GroupModel {
    /**
     * Univariate suggestions read at most this many (most recent) bad components: a marginal costs one exp per
     * component and dimension, and in one dimension old observations add little. No effect below ~300 trials.
     */
    private static final int MARGINAL_CAP = 256;
    /**
     * The bandwidth floor is {@code 1 / min(100, CLIP_SCALE * m + 1)} for m components (Optuna: scale 1). With 1.5
     * sharp parameters that few good observations describe, such as a nested branch's learning rate, are narrowed
     * down faster: on tunerd's mixed conditional problem +5 / +4 / +2 points at 50 / 100 / 200 trials over 500
     * seeds, the nine problems unchanged within noise (docs/MODEL_TUNERS.md).
     */
    private static final double CLIP_SCALE = 1.5;
    private final UnitSpace space;
    private final int[] params;
    private final TpeSettings settings;
    private final GroupHistory history;
    private final ParzenEstimator good;
    private final ParzenEstimator bad;
    private final boolean[] categorical;
    private final double[] minBandwidth;
    private final double[] row;
    private final double[] candidate;
    private final double[] best;
    private final double[] bandwidths;
    private final double[] goodMarginals;
    private final double[] badMarginals;
    private double[] centres = new double[0];
    private double[] weights = new double[0];
    private boolean[] isGood = new boolean[0];

    GroupModel(UnitSpace space, int[] params, TpeSettings settings) {
        this.space = space;
        this.params = params.clone();
        this.settings = settings;
        int d = params.length;
        this.history = new GroupHistory(d);
        this.categorical = new boolean[d];
        int[] categories = new int[d];
        this.minBandwidth = new double[d];
        for (int j = 0; j < d; j++) {
            categorical[j] = space.isCategorical(params[j]);
            categories[j] = categorical[j] ? space.categories(params[j]) : 0;
            minBandwidth[j] = space.minBandwidth(params[j]);
        }
        this.good = new ParzenEstimator(categorical, categories);
        this.bad = new ParzenEstimator(categorical, categories);
        this.row = new double[d];
        this.candidate = new double[d];
        this.best = new double[d];
        this.bandwidths = new double[d];
        this.goodMarginals = new double[d];
        this.badMarginals = new double[d];
    }

    boolean isActive(double[] internal) {
        return space.isActive(params[0], internal);
    }

    void observe(double[] internal, double loss) {
        toRow(internal);
        history.push(row, loss);
    }

    void suggest(double[] internal, List<double[]> running, Rng rng) {
        if (history.rows() < Math.max(1, settings.startupTrials())) {
            samplePrior(rng);
        } else {
            int lies = pushLies(running);
            try {
                fit();
            } finally {
                for (int i = 0; i < lies; i++) {
                    history.pop();
                }
            }
            chooseCandidate(rng);
        }
        for (int j = 0; j < params.length; j++) {
            internal[params[j]] = space.toInternal(params[j], best[j]);
        }
    }

    private void samplePrior(Rng rng) {
        for (int j = 0; j < params.length; j++) {
            best[j] = categorical[j] ? rng.nextInt(space.categories(params[j]))
                : space.snap(params[j], rng.nextDouble());
        }
    }

    private int pushLies(List<double[]> running) {
        if (settings.liar() == TpeSettings.Liar.NONE || running.isEmpty()) {
            return 0;
        }
        double lie = switch (settings.liar()) {
            case BEST -> history.minLoss();
            case WORST -> history.maxLoss();
            default -> history.meanLoss();
        };
        int pushed = 0;
        for (double[] r : running) {
            if (isActive(r)) {
                toRow(r);
                history.push(row, lie);
                pushed++;
            }
        }
        return pushed;
    }

    private void fit() {
        int n = history.rows();
        int d = params.length;
        int nGood = settings.goodCount(n);
        ensureCapacity(n);
        Arrays.fill(isGood, 0, n, false);
        for (int r = 0; r < nGood; r++) {
            int rowIndex = history.rowAtRank(r);
            isGood[rowIndex] = true;
            System.arraycopy(history.coordArray(), rowIndex * d, centres, r * d, d);
            weights[r] = 1.0;
        }
        bandwidthsFor(nGood);
        good.fit(centres, weights, nGood, settings.priorWeight(), bandwidths, settings.priorWeight() / (nGood + 1));
        int m = Math.min(n - nGood, settings.badCap());
        int k = 0;
        for (int rowIndex = n - 1; rowIndex >= 0 && k < m; rowIndex--) {
            if (!isGood[rowIndex]) {
                System.arraycopy(history.coordArray(), rowIndex * d, centres, k * d, d);
                weights[k] = forgettingWeight(k, m);
                k++;
            }
        }
        bandwidthsFor(m);
        bad.fit(centres, weights, m, settings.priorWeight(), bandwidths, settings.priorWeight() / (m + 1));
    }

    /** Weight of the {@code i}-th most recent of {@code m} components: NNI/hyperopt linear forgetting. */
    private double forgettingWeight(int i, int m) {
        int lf = settings.linearForgetting();
        if (i < lf || m <= lf) {
            return 1.0;
        }
        int old = m - lf;
        int fromOldest = m - 1 - i;
        return old == 1 ? 1.0 / m : 1.0 / m + (1.0 - 1.0 / m) * fromOldest / (old - 1);
    }

    private void bandwidthsFor(int m) {
        int dn = Math.max(1, good.numericDims());
        double scott = settings.bandwidthFactor() * Math.pow(Math.max(m, 1), -1.0 / (dn + 4));
        double clip = 1.0 / Math.min(100, CLIP_SCALE * m + 1);
        for (int j = 0; j < params.length; j++) {
            bandwidths[j] = Math.max(Math.max(scott, clip), minBandwidth[j]);
        }
    }

    private void chooseCandidate(Rng rng) {
        if (history.rows() >= settings.independentAfter() && rng.nextDouble() < settings.independentShare()) {
            chooseIndependent(rng);
            return;
        }
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < settings.eiCandidates(); c++) {
            good.sample(rng, candidate);
            for (int j = 0; j < params.length; j++) {
                candidate[j] = space.snap(params[j], candidate[j]);
            }
            double score = good.logDensity(candidate) - bad.logDensity(candidate);
            if (score > bestScore) {
                bestScore = score;
                System.arraycopy(candidate, 0, best, 0, params.length);
            }
        }
    }

    private void chooseIndependent(Rng rng) {
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < settings.eiCandidates(); c++) {
            good.sampleIndependent(rng, candidate);
            for (int j = 0; j < params.length; j++) {
                candidate[j] = space.snap(params[j], candidate[j]);
            }
            good.logMarginals(candidate, goodMarginals, Integer.MAX_VALUE);
            bad.logMarginals(candidate, badMarginals, MARGINAL_CAP);
            double score = 0;
            for (int j = 0; j < params.length; j++) {
                score += goodMarginals[j] - badMarginals[j];
            }
            if (score > bestScore) {
                bestScore = score;
                System.arraycopy(candidate, 0, best, 0, params.length);
            }
        }
    }

    private void toRow(double[] internal) {
        for (int j = 0; j < params.length; j++) {
            row[j] = space.toUnit(params[j], internal[params[j]]);
        }
    }

    private void ensureCapacity(int n) {
        if (isGood.length < n) {
            int cap = Math.max(n, isGood.length * 2);
            isGood = new boolean[cap];
            centres = new double[cap * params.length];
            weights = new double[cap];
        }
    }
}
