package dev.tunerd.tuners.metis;

import java.util.function.IntSupplier;

/**
 * Metis's internal settings (NNI's Metis has none of these). A tuner runs with its classArgs' ({@code
 * ei_exploration_until} with {@link MetisClassArgs#EI_MIN_PARAMETERS}, {@code prior_mean_shift}, {@code polish_every},
 * {@code far_every}; at their defaults it behaves as {@link #DEFAULT}); the other fields and values exist for the
 * benchmark's tuning runs (docs/benchmarks/). Immutable.
 *
 * @param eiExploreUntil   while fewer results than this are in, Metis's exploration candidate is the point of highest
 *                         expected improvement (log-EI, as the GP tuner's) instead of the lowest 95% confidence bound;
 *                         it is still judged by information gain against the other candidates; 0: never
 * @param eiMinParameters  ... and only in spaces of at least this many parameters
 * @param spreadColdStart  each cold-start point is the farthest of 20 random ones from every point tried or in flight
 *                         (the GP tuner's cold start) instead of one random point
 * @param priorShift       the GP's zero prior mean sits this many deviations above the mean standardised loss
 * @param polish           a pattern search on the model's mean around the best result, on some suggestions
 * @param far              the lowest bound's point far from the best result, forced on some suggestions
 * @param wells            the best result with one coordinate moved to a better well an additive view of the
 *                         results sees along it ({@link CoordinateWells}), on some suggestions
 */
public record MetisSettings(int eiExploreUntil, int eiMinParameters, boolean spreadColdStart, double priorShift,
                            Polish polish, Far far, Wells wells) {
    /** What NNI's Metis does: the lowest bound is the exploration candidate throughout. */
    public static final MetisSettings NNI = new MetisSettings(0, 0);
    public static final MetisSettings DEFAULT = NNI;

    public MetisSettings {
        if (eiExploreUntil < 0 || eiMinParameters < 0) {
            throw new IllegalArgumentException("Metis settings must be >= 0: " + eiExploreUntil + ", "
                + eiMinParameters);
        }
        if (!(priorShift >= 0 && priorShift <= 10)) {
            throw new IllegalArgumentException("Metis's prior shift must be in [0, 10]: " + priorShift);
        }
        polish = polish == null ? Polish.OFF : polish;
        far = far == null ? Far.OFF : far;
        wells = wells == null ? Wells.OFF : wells;
    }

    /** Without the additive view's probes. */
    public MetisSettings(int eiExploreUntil, int eiMinParameters, boolean spreadColdStart, double priorShift,
                         Polish polish, Far far) {
        this(eiExploreUntil, eiMinParameters, spreadColdStart, priorShift, polish, far, Wells.OFF);
    }

    /** Without the polish and the forced far probes. */
    public MetisSettings(int eiExploreUntil, int eiMinParameters, boolean spreadColdStart, double priorShift) {
        this(eiExploreUntil, eiMinParameters, spreadColdStart, priorShift, Polish.OFF, Far.OFF);
    }

    /** The expected-improvement settings alone, everything else as NNI's rule. */
    public MetisSettings(int eiExploreUntil, int eiMinParameters) {
        this(eiExploreUntil, eiMinParameters, false, MetisData.PRIOR_SHIFT);
    }

    /** Whether the exploration candidate is the expected-improvement point with {@code results} in a d-D space. */
    boolean exploresByEi(int results, int parameters) {
        return results < eiExploreUntil && parameters >= eiMinParameters;
    }

    /**
     * A pattern search on the model's mean (minus {@code kappa} deviations) from the best result, each coordinate
     * moved at most {@code radius} of its range: suggestion {@code n} (counting every suggestion, those in flight
     * included, from 0) is the polish point when {@code n % every == 0}, while fewer than {@code until} results are in
     * (0: throughout), after the cold start; with {@code within} above 0, only when Metis's own pick for it lies
     * closer than {@code within} to the best result (so its far probes stay; 0: whatever the pick, and the pick is
     * not computed); a point already tried falls back to Metis's own pick. With {@code stall} above 0, only while
     * the best result is at least {@code stall} results old (no result since it improved on it: a run still finding
     * better wells keeps Metis's rule); with {@code slice}, only the coordinates whose slice of the model's mean
     * through the best result (that coordinate alone varied over its whole range) is lowest inside the polish box
     * are moved (one well near the best result), the others stay for Metis's far probes; with {@code length} above
     * 0, only the coordinates whose fitted length scale is at least {@code length} times the radius (the model is
     * smooth at the polish's scale there; a rugged coordinate is left to Metis's own picks). With {@code box} other
     * than {@link Box#OFF}, only when Metis's own pick for it ({@link Box#PICK}), or that pick and its exploration
     * point, the lowest 95% bound ({@link Box#PICK_AND_BOUND}), lie inside the polish box around the best result
     * (every coordinate within {@code radius}): the polish then replaces a pick that was local anyway, and no far
     * probe is displaced.
     */
    public record Polish(int every, int until, double radius, double kappa, double within, int stall,
                         boolean slice, double length, Box box) {
        public static final Polish OFF = new Polish(0, 0, 0.1, 0, 0);

        /** Which of Metis's own points must lie inside the polish box for a polish turn to be taken. */
        public enum Box { OFF, PICK, PICK_AND_BOUND }

        public Polish {
            if (every < 0 || until < 0 || !(radius > 0 && radius <= 1) || !(kappa >= 0 && kappa <= 10)
                || !(within >= 0 && within <= 2) || stall < 0 || !(length >= 0 && length <= 100)) {
                throw new IllegalArgumentException("Metis's polish must have every, until, stall >= 0, radius in"
                    + " (0, 1], kappa in [0, 10], within in [0, 2] and length in [0, 100]: " + every + ", " + until
                    + ", " + stall + ", " + radius + ", " + kappa + ", " + within + ", " + length);
            }
            box = box == null ? Box.OFF : box;
        }

        /** Without the box gate. */
        public Polish(int every, int until, double radius, double kappa, double within, int stall, boolean slice,
                      double length) {
            this(every, until, radius, kappa, within, stall, slice, length, Box.OFF);
        }

        /** Whenever its turn comes, on every coordinate (session 20's polish). */
        public Polish(int every, int until, double radius, double kappa, double within) {
            this(every, until, radius, kappa, within, 0, false, 0);
        }

        /** Whether a polish turn waits for Metis's own pick ({@code within} or {@code box}). */
        boolean gated() {
            return within > 0 || box != Box.OFF;
        }

        /**
         * Whether suggestion {@code suggestion} (from 0) is a polish turn with {@code results} in, the best of them
         * {@code sinceBest} results old (0: the latest result is the best; asked only with {@code stall} set).
         */
        boolean at(int suggestion, int results, IntSupplier sinceBest) {
            return every > 0 && suggestion % every == 0 && (until == 0 || results < until)
                && (stall == 0 || sinceBest.getAsInt() >= stall);
        }
    }

    /**
     * The lowest 95% bound among points at least {@code distance} from the best result (in the unit cube), taken
     * without the information-gain comparison, on suggestion {@code n} when {@code n % every == 0} once {@code from}
     * results are in; with {@code stall} above 0, only while the best result is at least {@code stall} results old
     * (a run that has stopped improving looks elsewhere; one still improving keeps Metis's rule).
     */
    public record Far(int every, int from, double distance, int stall) {
        public static final Far OFF = new Far(0, 0, 0.3);

        public Far {
            if (every < 0 || from < 0 || stall < 0 || !(distance > 0 && distance < 1)) {
                throw new IllegalArgumentException("Metis's far probe must have every, from, stall >= 0 and"
                    + " distance in (0, 1): " + every + ", " + from + ", " + stall + ", " + distance);
            }
        }

        /** Whatever the best result's age. */
        public Far(int every, int from, double distance) {
            this(every, from, distance, 0);
        }

        /** Whether suggestion {@code suggestion} is a far probe, the best result {@code sinceBest} results old. */
        boolean at(int suggestion, int results, IntSupplier sinceBest) {
            return every > 0 && results >= from && suggestion % every == 0
                && (stall == 0 || sinceBest.getAsInt() >= stall);
        }
    }

    /**
     * The additive view's probe ({@link CoordinateWells}, kernel {@code bandwidth} of the unit range): on suggestion
     * {@code n} when {@code n % every == 0} once {@code from} results are in, the best result with the one coordinate
     * moved whose curve is lowest more than {@code gap} away from the best result's value, by at least {@code margin}
     * (standardised loss) below the curve there (the largest such drop; a point already tried or in flight: the next);
     * with {@code all}, every such coordinate moved at once (that point already tried: one at a time); taken in place
     * of Metis's pick, or with {@code candidate} offered to Metis's information-gain comparison as one more candidate.
     * With {@code fit} above 0, only while the view predicts the results it was not fitted on that well (its
     * leave-one-out R squared at least {@code fit}: the losses look like a sum of one-coordinate terms); with {@code
     * best} above 0, only while it predicts the better half of the results (losses at or below their median) at least
     * that well too ({@link CoordinateWells#explainedBest()}: a valley across coordinates is fitted from afar by
     * one-coordinate terms, not near its floor, where the probe acts); with {@code hold} above 1, only once the view
     * has passed its gate on that many of its turns in a row (a view that fits for a turn or two while the results
     * gather is not trusted). No such coordinate: Metis's own rule.
     */
    public record Wells(int every, int from, double bandwidth, double gap, double margin, boolean candidate,
                        boolean all, double fit, double best, int hold) {
        public static final Wells OFF = new Wells(0, 0, 0.05, 0.2, 0.5, false, false, 0);

        public Wells {
            if (every < 0 || from < 0 || !(bandwidth > 0 && bandwidth <= 1) || !(gap >= 0 && gap < 1)
                || !(margin >= 0 && margin <= 10) || !(fit >= 0 && fit <= 1) || !(best >= 0 && best <= 1)
                || hold < 0) {
                throw new IllegalArgumentException("Metis's well probe must have every, from, hold >= 0, bandwidth"
                    + " in (0, 1], gap in [0, 1), margin in [0, 10], fit and best in [0, 1]: " + every + ", "
                    + from + ", " + hold + ", " + bandwidth + ", " + gap + ", " + margin + ", " + fit + ", " + best);
            }
        }

        /** The fit gate alone (session 22's view): all results, one turn's fit. */
        public Wells(int every, int from, double bandwidth, double gap, double margin, boolean candidate, boolean all,
                     double fit) {
            this(every, from, bandwidth, gap, margin, candidate, all, fit, 0, 0);
        }

        /** Whether the view passes its fit gate (each part asked only when set). */
        boolean passes(CoordinateWells view) {
            return (fit == 0 || view.explained() >= fit) && (best == 0 || view.explainedBest() >= best);
        }

        boolean at(int suggestion, int results) {
            return every > 0 && results >= from && suggestion % every == 0;
        }
    }
}
