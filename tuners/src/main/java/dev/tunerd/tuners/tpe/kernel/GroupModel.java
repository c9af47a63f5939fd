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
    private final double[] closest;
    private final double[] bandwidths;
    private final double[] goodMarginals;
    private final double[] goodBandwidths;
    private final PendingRows pending;
    private final double[] badMarginals;
    private final BasinModel basin;
    /** The local step of a greedy suggestion of the batch portfolio ({@link BatchPortfolio}). */
    private final LocalRefine greedyStep;
    /** The local step while trials are in flight ({@link FlightRefine}); {@code settings.refine()} without. */
    private final LocalRefine flightStep;
    /** The local step of the suggestion being made: the run's (in flight: {@link #flightStep}), or the portfolio's
     * greedy one. */
    private LocalRefine step;
    /** Numeric coordinates moved by the coordinate moves of the best in flight ({@link FlightRefine#probes()}). */
    private final boolean[] moved;
    /** The coordinates a coordinate move of this suggestion leaves alone: {@link #moved}, or null for none. */
    private boolean[] kept;
    /** Whether the last fit's good set lets the batch portfolio act ({@link BatchPortfolio#admits}). */
    private boolean portfolioAdmits;
    private int[] ranked = new int[0];
    private int rankedCount;
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
        this.closest = new double[d];
        this.bandwidths = new double[d];
        this.goodMarginals = new double[d];
        this.badMarginals = new double[d];
        this.goodBandwidths = new double[d];
        this.moved = new boolean[d];
        this.pending = new PendingRows(categorical);
        this.basin = new BasinModel(settings.basin(), categorical, categories);
        this.greedyStep = settings.portfolio().step();
        this.flightStep = settings.flightRefine().inFlight(settings.refine());
        this.step = settings.refine();
    }

    boolean isActive(double[] internal) {
        return space.isActive(params[0], internal);
    }

    void observe(double[] internal, double loss) {
        toRow(internal);
        history.push(row, loss);
    }

    /**
     * @param fromPrior draw the candidates from the prior instead of the good density (the exploration floor)
     */
    void suggest(double[] internal, List<double[]> running, Rng rng, boolean fromPrior) {
        collectPending(running);
        SpreadStartup spread = settings.spread();
        if (history.rows() < Math.max(1, spread.startup(settings.startupTrials(), pending.count()))) {
            if (spread.spreads(pending.count())) {
                spread.draw(c -> samplePriorInto(rng, c), candidate, best, pending, history.coordArray(),
                    history.rows(), categorical);
            } else {
                samplePrior(rng);
            }
        } else {
            if (settings.liar() == TpeSettings.Liar.MODEL && pending.count() > 0) {
                fit();
            }
            int lies = pushLies(rng);
            try {
                fit();
            } finally {
                for (int i = 0; i < lies; i++) {
                    history.pop();
                }
            }
            chooseCandidate(rng, fromPrior);
        }
        for (int j = 0; j < params.length; j++) {
            internal[params[j]] = space.toInternal(params[j], best[j]);
        }
    }

    private void samplePrior(Rng rng) {
        samplePriorInto(rng, best);
    }

    private void samplePriorInto(Rng rng, double[] out) {
        for (int j = 0; j < params.length; j++) {
            out[j] = categorical[j] ? rng.nextInt(space.categories(params[j]))
                : space.snap(params[j], rng.nextDouble());
        }
    }

    /** The rows of the trials in flight where this group is active. */
    private void collectPending(List<double[]> running) {
        pending.clear();
        for (double[] r : running) {
            if (isActive(r)) {
                toRow(r);
                pending.add(row);
            }
        }
    }

    /**
     * Pushes one lie per row in flight (popped again after the fit); with the model's liar the densities fitted on
     * the observations alone decide, row by row, between the best and the worst loss.
     */
    private int pushLies(Rng rng) {
        if (settings.liar() == TpeSettings.Liar.NONE || pending.count() == 0) {
            return 0;
        }
        double best = history.minLoss();
        double worst = history.maxLoss();
        double fixed = switch (settings.liar()) {
            case BEST -> best;
            case WORST -> worst;
            default -> history.meanLoss();
        };
        double gamma = (double) settings.goodCount(history.rows()) / history.rows();
        int n = pending.count();
        for (int i = 0; i < n; i++) {
            double[] r = pending.row(i);
            double lie = fixed;
            if (settings.liar() == TpeSettings.Liar.MODEL) {
                double logRatio = bad.logDensity(r) - good.logDensity(r) + Math.log((1 - gamma) / gamma);
                double pGood = 1 / (1 + Math.exp(Math.min(700, logRatio)));
                lie = rng.nextDouble() < pGood ? best : worst;
            }
            history.push(r, lie);
        }
        return n;
    }

    private void fit() {
        int n = history.rows();
        int d = params.length;
        int nGood = settings.goodCount(n, pending.count());
        ensureCapacity(n + pending.count());
        Arrays.fill(isGood, 0, n, false);
        for (int r = 0; r < nGood; r++) {
            int rowIndex = history.rowAtRank(r);
            isGood[rowIndex] = true;
            System.arraycopy(history.coordArray(), rowIndex * d, centres, r * d, d);
            weights[r] = 1.0;
        }
        bandwidthsFor(nGood);
        System.arraycopy(bandwidths, 0, goodBandwidths, 0, params.length);
        basin.check(centres, nGood, bandwidths, n);
        portfolioAdmits = pending.count() > 0
            && settings.portfolio().admits(centres, nGood, categorical, bandwidths);
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
        if (settings.inFlightBad() > 0 && settings.liar() == TpeSettings.Liar.NONE && pending.count() > 0) {
            // trials in flight as light bad observations, with the observations' bandwidths; appended after the
            // observations, so univariate marginals (the MARGINAL_CAP newest components) leave them out once more
            // than 256 bad observations are read (past about 300 results; measured up to 200)
            k = pending.appendTo(centres, weights, k, settings.inFlightBad());
        }
        bad.fit(centres, weights, k, settings.priorWeight(), bandwidths, settings.priorWeight() / (k + 1));
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

    /** Suggestions of this group taken by the second basin so far (for snapshots). */
    int basinTaken() {
        return basin.taken();
    }

    /** Restores {@link #basinTaken()} after a replay. */
    void restoreBasinTaken(int taken) {
        basin.restoreTaken(taken);
    }

    private void chooseCandidate(Rng rng, boolean fromPrior) {
        boolean second = !fromPrior && basin.take(rng) && basin.fit(history, settings, m -> {
            bandwidthsFor(m);
            return bandwidths;
        });
        boolean greedy = !fromPrior && !second && portfolioAdmits
            && settings.portfolio().greedy(history.rows(), pending, bestObservation(), goodBandwidths, rng);
        boolean inFlight = settings.flightRefine().applies(pending.count(), history.rows());
        step = greedy ? greedyStep : inFlight ? flightStep : settings.refine();
        LocalRefine.Move move = fromPrior || second ? LocalRefine.Move.NONE
            : step.draw(greedy ? 0 : history.rows(), good.numericDims(), rng);
        boolean limited = move == LocalRefine.Move.FLIP && !greedy && inFlight
            && settings.flightRefine().probes() > 0;
        if (limited && !coordinateMoveLeft(settings.flightRefine().probes())) {
            move = LocalRefine.Move.REFINE;
        }
        kept = limited && move == LocalRefine.Move.FLIP ? moved : null;
        if (move != LocalRefine.Move.NONE) {
            rankBest();
            if (pick(rng, false, move, false, false)) {
                return;
            }
            // every local candidate lies next to a trial in flight: an ordinary suggestion instead
        }
        boolean independent = !fromPrior && !second && history.rows() >= settings.independentAfter()
            && rng.nextDouble() < settings.independentShare(pending.count());
        pick(rng, fromPrior, LocalRefine.Move.NONE, second, independent);
    }

    /**
     * Draws the candidates of one suggestion into {@code best}: the one with the best density ratio among those not
     * too close to a trial in flight, or, when all are, the best of them (a local suggestion leaves {@code best} as
     * it was then). A coordinate move is proposed as drawn: the first one not too close is taken.
     *
     * @return whether a candidate not too close to a trial in flight was found
     */
    private boolean pick(Rng rng, boolean fromPrior, LocalRefine.Move move, boolean second, boolean independent) {
        boolean local = move != LocalRefine.Move.NONE;
        double bestScore = Double.NEGATIVE_INFINITY;
        double closeScore = Double.NEGATIVE_INFINITY;
        boolean accepted = false;
        for (int c = 0; c < settings.eiCandidates() && !(accepted && move == LocalRefine.Move.FLIP); c++) {
            double score = fromPrior ? priorCandidate(rng) : local ? localCandidate(rng, move)
                : second ? secondCandidate(rng) : independent ? independentCandidate(rng) : jointCandidate(rng);
            if (tooClose() || second && basin.nearBest(candidate)) {
                // kept aside in case every candidate is too close to a trial in flight (or, second basin, the best)
                if (!accepted && score > closeScore) {
                    closeScore = score;
                    System.arraycopy(candidate, 0, closest, 0, params.length);
                }
                continue;
            }
            if (score > bestScore) {
                bestScore = score;
                accepted = true;
                System.arraycopy(candidate, 0, best, 0, params.length);
            }
        }
        if (!accepted && !local && closeScore > Double.NEGATIVE_INFINITY) {
            System.arraycopy(closest, 0, best, 0, params.length);
        }
        return accepted;
    }

    /** Draws a candidate from the prior (uniform on the cube and the options); its log density ratio. */
    private double priorCandidate(Rng rng) {
        samplePriorInto(rng, candidate);
        return good.logDensity(candidate) - bad.logDensity(candidate);
    }

    /** Snaps the candidate to the values the user will get (q types, randint). */
    private void snapCandidate() {
        for (int j = 0; j < params.length; j++) {
            candidate[j] = space.snap(params[j], candidate[j]);
        }
    }

    /** Draws a candidate from the second basin's good density; its log density ratio there. */
    private double secondCandidate(Rng rng) {
        basin.sample(rng, candidate);
        snapCandidate();
        return basin.score(candidate);
    }

    /**
     * Whether a coordinate move of the best observation may be made with {@code probes} as the limit
     * ({@link FlightRefine#probes()}): fewer trials in flight are coordinate moves of it, and a numeric coordinate
     * is left that none of them moves (marked in {@link #moved}).
     */
    private boolean coordinateMoveLeft(int probes) {
        Arrays.fill(moved, false);
        if (pending.coordinateMoves(bestObservation(), moved) >= probes) {
            return false;
        }
        for (int j = 0; j < params.length; j++) {
            if (!categorical[j] && !moved[j]) {
                return true;
            }
        }
        return false;
    }

    /** The best rows a local suggestion starts from ({@link LocalRefine}). */
    private void rankBest() {
        rankedCount = Math.min(step.top(), history.rows());
        if (ranked.length < rankedCount) {
            ranked = new int[rankedCount];
        }
        for (int r = 0; r < rankedCount; r++) {
            ranked[r] = history.rowAtRank(r);
        }
    }

    /** The group's best observation, in unit coordinates (into {@code closest}, free between suggestions). */
    private double[] bestObservation() {
        int d = params.length;
        System.arraycopy(history.coordArray(), history.rowAtRank(0) * d, closest, 0, d);
        return closest;
    }

    /** Draws a candidate near one of the best observations ({@link LocalRefine}); its log density ratio. */
    private double localCandidate(Rng rng, LocalRefine.Move move) {
        step.candidate(move, rng, history.coordArray(), ranked, rankedCount, categorical, goodBandwidths, kept,
            candidate);
        snapCandidate();
        return good.logDensity(candidate) - bad.logDensity(candidate);
    }

    /** Draws a candidate from the joint good density; its log density ratio. */
    private double jointCandidate(Rng rng) {
        good.sample(rng, candidate);
        snapCandidate();
        return good.logDensity(candidate) - bad.logDensity(candidate);
    }

    /** Draws each parameter from its good marginal; the sum of the per-parameter log density ratios. */
    private double independentCandidate(Rng rng) {
        good.sampleIndependent(rng, candidate);
        snapCandidate();
        good.logMarginals(candidate, goodMarginals, Integer.MAX_VALUE);
        bad.logMarginals(candidate, badMarginals, MARGINAL_CAP);
        double score = 0;
        for (int j = 0; j < params.length; j++) {
            score += goodMarginals[j] - badMarginals[j];
        }
        return score;
    }

    /** Whether the diversity rule rejects the current candidate: too close to a trial in flight. */
    private boolean tooClose() {
        return settings.diversity() > 0 && pending.count() > 0
            && pending.near(candidate, goodBandwidths, settings.diversity());
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
