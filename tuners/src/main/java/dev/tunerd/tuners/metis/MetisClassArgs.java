package dev.tunerd.tuners.metis;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of Metis, as NNI's {@code MetisTuner} (same keys, same defaults) plus tunerd's {@code seed},
 * {@code prior_mean_shift}, {@code ei_exploration_until}, {@code polish_every} and {@code wells_every}. Immutable and
 * thread-safe.
 *
 * @param optimizeMode               {@code maximize} (default, as NNI) or {@code minimize}
 * @param noResampling               true (default): never re-run a configuration flagged as an outlier
 * @param noCandidates               false (default); true: always suggest the model's predicted optimum (no
 *                                   exploration, GMM or re-sampling candidates)
 * @param selectionNumStartingPoints points scored when searching the model for its optimum and for candidates, >= 1
 *                                   (600); the best few are refined by L-BFGS
 * @param coldStartNum               random trials before the model is used, >= 1 (10)
 * @param explorationProbability     probability of taking the best candidate instead of the predicted optimum, in
 *                                   [0, 1] (0.9)
 * @param priorMeanShift             a tunerd addition: the GP's prior mean, in deviations of the losses above their
 *                                   mean, in [0, 10] (0.75, as the GP tuner's)
 * @param eiExplorationUntil         a tunerd addition: while fewer results than this are in, in a space of
 *                                   {@link #EI_MIN_PARAMETERS} or more parameters, the exploration candidate is the
 *                                   point of highest expected improvement instead of the lowest 95% bound, >= 0
 *                                   (0: never)
 * @param polishEvery                a tunerd addition: every this many suggestions after the cold start, a compass
 *                                   search on the model's {@link #POLISH_KAPPA} lower bound from the best result,
 *                                   each coordinate moved at most {@link #POLISH_RADIUS} of its range, instead of
 *                                   Metis's own pick, >= 0 (0: never)
 * @param wellsEvery                 a tunerd addition: every this many suggestions once {@link #WELLS_FROM} results
 *                                   are in, the best result with one coordinate moved to a better well that an
 *                                   additive view of the results (one quartic curve per coordinate) sees along it,
 *                                   by at least {@link #WELLS_MARGIN} of the losses' deviation, instead of Metis's
 *                                   own pick, while the view predicts left-out results with an R squared of at least
 *                                   {@link #WELLS_FIT}, and the better half of them with {@link #WELLS_BEST} (no
 *                                   such coordinate, or a poorer fit: Metis's pick), >= 0 (0: never)
 * @param seed                       random seed (a tunerd addition); absent: derived from the clock
 */
public record MetisClassArgs(OptimizeMode optimizeMode, Boolean noResampling, Boolean noCandidates,
                             Integer selectionNumStartingPoints, Integer coldStartNum, Double explorationProbability,
                             Double priorMeanShift, Integer eiExplorationUntil, Integer polishEvery, Integer wellsEvery,
                             Long seed) {
    /** Smallest space in which {@code ei_exploration_until} acts (session 16: below, EI loses the fine refinement). */
    public static final int EI_MIN_PARAMETERS = 4;
    /** How far {@code polish_every}'s search moves each coordinate, a share of its range (session 20). */
    public static final double POLISH_RADIUS = 0.1;
    /** {@code polish_every}'s search minimises the model's mean minus this many deviations (session 20). */
    public static final double POLISH_KAPPA = 1.0;
    /** {@code wells_every}'s probes start once this many results are in (session 22). */
    public static final int WELLS_FROM = 20;
    /** {@code wells_every}'s probe moves a coordinate only when its curve drops this much (standardised losses). */
    public static final double WELLS_MARGIN = 0.15;
    /** ... to a value at least this far (a share of the range) from the best result's, ... */
    public static final double WELLS_GAP = 0.2;
    /** ... where results lie within about this share of the range along that coordinate. */
    public static final double WELLS_BANDWIDTH = 0.05;
    /**
     * ... and only while the view predicts the results it was not fitted on this well (leave-one-out R squared): the
     * losses look like a sum of one-coordinate terms, so elsewhere Metis keeps NNI's rule.
     */
    public static final double WELLS_FIT = 0.9;
    /**
     * ... and the better half of them (losses at or below their median) this well too (session 23): a valley across
     * coordinates, as Rosenbrock's, is fitted from afar by one-coordinate curves but not near its floor, where the
     * probe acts.
     */
    public static final double WELLS_BEST = 0.9;

    public MetisClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        noResampling = noResampling == null || noResampling;
        noCandidates = noCandidates != null && noCandidates;
        selectionNumStartingPoints = selectionNumStartingPoints == null ? 600 : selectionNumStartingPoints;
        coldStartNum = coldStartNum == null ? 10 : coldStartNum;
        explorationProbability = explorationProbability == null ? 0.9 : explorationProbability;
        priorMeanShift = priorMeanShift == null ? MetisData.PRIOR_SHIFT : priorMeanShift;
        eiExplorationUntil = eiExplorationUntil == null ? 0 : eiExplorationUntil;
        polishEvery = polishEvery == null ? 0 : polishEvery;
        wellsEvery = wellsEvery == null ? 0 : wellsEvery;
        if (selectionNumStartingPoints < 1) {
            throw new IllegalArgumentException("selection_num_starting_points must be >= 1: "
                + selectionNumStartingPoints);
        }
        if (coldStartNum < 1) {
            throw new IllegalArgumentException("cold_start_num must be >= 1: " + coldStartNum);
        }
        if (!(explorationProbability >= 0 && explorationProbability <= 1)) {
            throw new IllegalArgumentException("exploration_probability must be in [0, 1]: " + explorationProbability);
        }
        if (!(priorMeanShift >= 0 && priorMeanShift <= 10)) {
            throw new IllegalArgumentException("prior_mean_shift must be in [0, 10]: " + priorMeanShift);
        }
        if (eiExplorationUntil < 0) {
            throw new IllegalArgumentException("ei_exploration_until must be >= 0: " + eiExplorationUntil);
        }
        if (polishEvery < 0) {
            throw new IllegalArgumentException("polish_every must be >= 0: " + polishEvery);
        }
        if (wellsEvery < 0) {
            throw new IllegalArgumentException("wells_every must be >= 0: " + wellsEvery);
        }
    }

    /** Without {@code wells_every} (never). */
    public MetisClassArgs(OptimizeMode optimizeMode, Boolean noResampling, Boolean noCandidates,
                          Integer selectionNumStartingPoints, Integer coldStartNum, Double explorationProbability,
                          Double priorMeanShift, Integer eiExplorationUntil, Integer polishEvery, Long seed) {
        this(optimizeMode, noResampling, noCandidates, selectionNumStartingPoints, coldStartNum,
            explorationProbability, priorMeanShift, eiExplorationUntil, polishEvery, null, seed);
    }

    /** Without {@code polish_every} nor {@code wells_every} (never). */
    public MetisClassArgs(OptimizeMode optimizeMode, Boolean noResampling, Boolean noCandidates,
                          Integer selectionNumStartingPoints, Integer coldStartNum, Double explorationProbability,
                          Double priorMeanShift, Integer eiExplorationUntil, Long seed) {
        this(optimizeMode, noResampling, noCandidates, selectionNumStartingPoints, coldStartNum,
            explorationProbability, priorMeanShift, eiExplorationUntil, null, null, seed);
    }

    /** NNI's keys and seed; the tunerd additions at their defaults. */
    public MetisClassArgs(OptimizeMode optimizeMode, Boolean noResampling, Boolean noCandidates,
                          Integer selectionNumStartingPoints, Integer coldStartNum, Double explorationProbability,
                          Long seed) {
        this(optimizeMode, noResampling, noCandidates, selectionNumStartingPoints, coldStartNum,
            explorationProbability, null, null, null, null, seed);
    }

    /** optimize_mode and seed, the rest default. */
    public MetisClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, null, null, null, null, seed);
    }

    /** The internal settings these classArgs ask for. */
    MetisSettings settings() {
        return new MetisSettings(eiExplorationUntil, EI_MIN_PARAMETERS, false, priorMeanShift,
            new MetisSettings.Polish(polishEvery, 0, POLISH_RADIUS, POLISH_KAPPA, 0), MetisSettings.Far.OFF,
            new MetisSettings.Wells(wellsEvery, WELLS_FROM, WELLS_BANDWIDTH, WELLS_GAP, WELLS_MARGIN, false, false,
                WELLS_FIT, WELLS_BEST, 0));
    }
}
