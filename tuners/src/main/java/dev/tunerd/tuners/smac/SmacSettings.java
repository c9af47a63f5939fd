package dev.tunerd.tuners.smac;

/**
 * SMAC's internal settings (not classArgs: NNI's SMAC has none of these); {@link #DEFAULT} is what the tuner runs
 * with, the other values exist for the benchmark's tuning runs (docs/benchmarks/). Immutable.
 *
 * @param randomShare     share of suggestions drawn at random after the initial design (SMAC's interleaving) in a
 *                        space of numeric parameters only
 * @param choiceRandomShare the same in a space with a {@code choice}: the forest's fit is constant over an option,
 *                        so an option (or a nested branch) that looked bad early can be locked out for the rest of
 *                        the run unless random suggestions visit it again
 * @param featureShare    share of the parameters tried at each split of a tree
 * @param localStarts     local-search starts taken from the best observed configurations
 * @param randomStarts    local-search starts taken from the best random candidates by EI
 * @param withinLeaf      the forest's variance adds the mean within-leaf variance to the spread of the trees' means
 *                        (law of total variance) instead of the spread alone (SMAC3's choice)
 * @param logEi           local search and the final pick maximise log EI (computed stably where EI underflows)
 * @param randomCandidates random configurations scored by EI on each suggestion (the best start local searches)
 * @param step            standard deviation of a numeric neighbour's move in the local search, share of the range
 * @param warpSkewness    losses whose skewness exceeds this are modelled as log(loss - min + (median - min));
 *                        default 0: every right-skewed set of losses
 * @param trees           trees in the forest
 * @param minSplit        a tree's node with fewer rows (of its bootstrap sample) is a leaf
 * @param redrawShare     share of suggestions after the initial design that take the best observed configuration
 *                        and draw some of its parameters anew, uniformly (each with probability {@code 1 / 2}, at
 *                        least one), without asking the forest: a basin of one or two coordinates that the forest
 *                        never saw next to the incumbent's other values gets visited
 * @param warpSample      when positive, the warp's skewness test (against {@code warpSkewness}) uses the first this
 *                        many observed losses only (the random initial design's), so a run whose losses pile up near
 *                        its incumbent does not switch the warp on late; the offset stays the median of all losses.
 *                        0 (default): the test uses all losses
 * @param farShare        share of model suggestions, while the run has collapsed into one basin (its {@code farTop}
 *                        best observations all within {@code farRadius} of the best), that maximise EI only over
 *                        configurations farther than {@code farRadius} from the best observation, against the best
 *                        loss observed out there: a second, independent search elsewhere, which the forest then
 *                        follows by itself if it finds a better basin; default 0.3 (session 12). Only in spaces
 *                        without a {@code choice} (those already get {@code choiceRandomShare}); 0: off
 * @param farRadius       Euclidean distance in unit coordinates (another option of a choice, or another branch, counts
 *                        as far) that separates the basin of the best observation from the rest
 * @param farTop          the best observations that must lie within {@code farRadius} for the run to count as
 *                        collapsed
 * @param farAvoid        Euclidean distance (unit coordinates) from the best observation within which the far search
 *                        proposes nothing; the collapse test keeps {@code farRadius}
 * @param farFromRandom   the far search's local search starts from the best far random candidates only, not from the
 *                        best far observations: those lie mostly just outside the avoided ball, on the slope of the
 *                        incumbent's own basin, so starting there spends the far suggestions on that rim (session 13)
 * @param farBasin        when positive, the far search tells the incumbent's basin by the observations rather than by
 *                        the ball: each observation is linked to its nearest better one, links longer than this
 *                        multiple of the mean link length are cut, and the observations still linked to the best
 *                        form its basin; the far search's local searches start from, and its EI is against, the
 *                        observations outside that basin only (those inside {@code farAvoid} too). 0 (default): the
 *                        ball ({@code farAvoid}) alone decides
 * @param farBasinForest  with {@code farBasin}, the far search's EI comes from a forest fitted on the observations
 *                        outside the basin only, so the basin's low losses do not pull it back onto its rim
 * @param farBasinStall   with {@code farBasin}, when positive: the basin test (and its forest) replaces the ball only
 *                        while the best observation is at least {@code max(10, farBasinStall * n)} observations old
 *                        ({@code n} observed), so a run that still improves its basin keeps the ball's far search;
 *                        0 (default): whenever {@code farBasin} is on
 * @param adaptiveStep    when positive, the local search is an {@link AdaptiveWalk} (first improvement, plateau steps,
 *                        a numeric step starting at this share of the range and adapting between 0.005 and 0.5)
 *                        instead of steepest ascent with the fixed {@code step}; 0 (default): the fixed step
 * @param meanStarts      the local searches' observed starts are the {@code localStarts} observations (of those the
 *                        search may start from) with the lowest mean predicted by the forest, not the lowest
 *                        observed losses; false (default): by observed loss
 * @param logYPercentile  when positive, SMAC3's log-scaled costs (its HPO facade): every set of losses is modelled as
 *                        {@code log(loss - min + (p - min) + 1e-10 (max - min))}, {@code p} this percentile of the
 *                        losses (SMAC3: 5), whatever their skewness, and each tree's leaf predicts
 *                        {@code log(mean(exp(target)))} over its rows (the log of the mean of the shifted losses, as
 *                        SMAC3's forest does with {@code log_y}) instead of the mean of the logs; 0 (default): the
 *                        skewness rule ({@code warpSkewness}) and plain leaf means
 * @param randomSplits    each split tried draws one threshold uniformly between the node's smallest and largest value
 *                        of the feature and keeps the feature whose random threshold reduces the squared error most
 *                        (the random splitter of SMAC3's current forest); false (default): the best threshold
 */
public record SmacSettings(double randomShare, double choiceRandomShare, double featureShare, int localStarts,
    int randomStarts, boolean withinLeaf, boolean logEi, int randomCandidates, double step,
    double warpSkewness, int trees, int minSplit, double redrawShare, int warpSample, double farShare,
    double farRadius, int farTop, double farAvoid, boolean farFromRandom, double farBasin, boolean farBasinForest,
    double farBasinStall, double adaptiveStep, boolean meanStarts, double logYPercentile, boolean randomSplits) {

    public static final SmacSettings DEFAULT = new SmacSettings(0.05, 0.2, 1.0, 10, 5, false, false, 500, 0.2,
        0, 10, 2, 0.1, 0, 0.3, 0.25, 10, 0.25, false, 0, false, 0, 0, false, 25, true);

    /**
     * The defaults until session 16: the best threshold of 5/6 of the parameters at each split, nodes of 3 rows split,
     * the law of total variance, the skewness warp and plain leaf means.
     */
    public static final SmacSettings SESSION_16 = new SmacSettings(0.05, 0.2, 5.0 / 6, 10, 5, true, false, 500, 0.2,
        0, 10, 3, 0.1, 0, 0.3, 0.25, 10, 0.25, false, 0, false, 0, 0, false, 0, false);

    public SmacSettings {
        if (!(randomShare >= 0 && randomShare <= 1) || !(choiceRandomShare >= 0 && choiceRandomShare <= 1)
            || !(featureShare > 0 && featureShare <= 1) || localStarts < 0 || randomStarts < 0
            || randomCandidates < 1 || !(step > 0) || trees < 1 || minSplit < 2
            || !(redrawShare >= 0 && redrawShare <= 1) || warpSample < 0 || !(farShare >= 0 && farShare <= 1)
            || !(farRadius > 0 && farRadius <= 2) || farTop < 1 || !(farAvoid > 0 && farAvoid <= 2)
            || !(farBasin >= 0 && farBasin <= 100) || !(farBasinStall >= 0 && farBasinStall <= 1)
            || !(adaptiveStep == 0 || adaptiveStep >= AdaptiveWalk.MIN_STEP && adaptiveStep <= AdaptiveWalk.MAX_STEP)
            || !(logYPercentile >= 0 && logYPercentile < 100)) {
            throw new IllegalArgumentException("SMAC settings out of range");
        }
    }

    /** The settings before the far search existed, with it off. */
    public SmacSettings(double randomShare, double choiceRandomShare, double featureShare, int localStarts,
        int randomStarts, boolean withinLeaf, boolean logEi, int randomCandidates, double step, double warpSkewness,
        int trees, int minSplit, double redrawShare, int warpSample) {
        this(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf, logEi,
            randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, 0, 0.25, 10, 0.25, false, 0,
            false, 0, 0, false, 0, false);
    }

    /** The settings before the adaptive local search existed, with it off (the fixed step, starts by loss). */
    public SmacSettings(double randomShare, double choiceRandomShare, double featureShare, int localStarts,
        int randomStarts, boolean withinLeaf, boolean logEi, int randomCandidates, double step, double warpSkewness,
        int trees, int minSplit, double redrawShare, int warpSample, double farShare, double farRadius, int farTop,
        double farAvoid, boolean farFromRandom, double farBasin, boolean farBasinForest, double farBasinStall) {
        this(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf, logEi,
            randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius, farTop,
            farAvoid, farFromRandom, farBasin, farBasinForest, farBasinStall, 0, false, 0, false);
    }

    /** The settings before the log-scaled costs and random splits existed, with both off. */
    public SmacSettings(double randomShare, double choiceRandomShare, double featureShare, int localStarts,
        int randomStarts, boolean withinLeaf, boolean logEi, int randomCandidates, double step, double warpSkewness,
        int trees, int minSplit, double redrawShare, int warpSample, double farShare, double farRadius, int farTop,
        double farAvoid, boolean farFromRandom, double farBasin, boolean farBasinForest, double farBasinStall,
        double adaptiveStep, boolean meanStarts) {
        this(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf, logEi,
            randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius, farTop,
            farAvoid, farFromRandom, farBasin, farBasinForest, farBasinStall, adaptiveStep, meanStarts, 0, false);
    }

    /** The same settings with another far search (the five {@code far*} settings above). */
    public SmacSettings withFar(double share, double radius, int top, double avoid, boolean fromRandom) {
        return new SmacSettings(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf,
            logEi, randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, share, radius, top,
            avoid, fromRandom, farBasin, farBasinForest, farBasinStall, adaptiveStep, meanStarts, logYPercentile,
            randomSplits);
    }

    /** The same settings with the basin test only while the best observation is old ({@code farBasinStall}). */
    public SmacSettings withBasinStall(double stall) {
        return new SmacSettings(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf,
            logEi, randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius,
            farTop, farAvoid, farFromRandom, farBasin, farBasinForest, stall, adaptiveStep, meanStarts, logYPercentile,
            randomSplits);
    }

    /** The same settings with another basin test for the far search ({@code farBasin}, {@code farBasinForest}). */
    public SmacSettings withBasin(double basin, boolean basinForest) {
        return new SmacSettings(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf,
            logEi, randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius,
            farTop, farAvoid, farFromRandom, basin, basinForest, farBasinStall, adaptiveStep, meanStarts, logYPercentile,
            randomSplits);
    }

    /** The same settings with another local search ({@code adaptiveStep}, {@code meanStarts}). */
    public SmacSettings withLocalSearch(double adaptive, boolean byMean) {
        return new SmacSettings(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf,
            logEi, randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius,
            farTop, farAvoid, farFromRandom, farBasin, farBasinForest, farBasinStall, adaptive, byMean, logYPercentile,
            randomSplits);
    }

    /** The same settings with another surrogate ({@code logYPercentile}, {@code randomSplits}). */
    public SmacSettings withSurrogate(double percentile, boolean random) {
        return new SmacSettings(randomShare, choiceRandomShare, featureShare, localStarts, randomStarts, withinLeaf,
            logEi, randomCandidates, step, warpSkewness, trees, minSplit, redrawShare, warpSample, farShare, farRadius,
            farTop, farAvoid, farFromRandom, farBasin, farBasinForest, farBasinStall, adaptiveStep, meanStarts,
            percentile, random);
    }
}
