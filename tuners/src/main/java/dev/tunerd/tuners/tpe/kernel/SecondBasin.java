package dev.tunerd.tuners.tpe.kernel;

/**
 * A second basin for a run whose good set has collapsed into one (issue 16): while every good observation of a
 * parameter group lies within {@code collapse} bandwidths of the others in each numeric dimension (and on one option
 * of each categorical one), and the group has at least {@code after} observations, a share {@code share} of its
 * suggestions come from a second TPE model fitted only on the observations farther than {@code radius} (Euclidean, unit
 * coordinates) from the best one: its good density is the best of those far observations, its bad density every other
 * observation (the basin included), and candidates within {@code radius} of the best observation are not proposed
 * while another is left. A run stuck in a narrow basin thus keeps a second, independent search going elsewhere, which
 * learns from its own results; when it finds a better point the ordinary model moves there by itself. Immutable and
 * thread-safe.
 *
 * @param share    probability that a suggestion of a collapsed group comes from the second model (0: off)
 * @param collapse the good set counts as collapsed while its range in every numeric dimension is below this many
 *                 bandwidths of the good density
 * @param radius   observations farther than this from the best one (unit coordinates) form the second model
 * @param after    observations of the group before the rule may act
 * @param limit    at most this many suggestions of a group come from the second model in a run
 * @param axis     with two or more numeric dimensions, an observation also counts as near the best when it differs
 *                 from it by less than this (Euclidean, unit coordinates) in every numeric dimension but the one where
 *                 they differ most: it lies on a line through the basin along one coordinate, as the local step's
 *                 coordinate moves ({@link LocalRefine}) do, and along a basin that is long in one coordinate
 *                 (hartmann3's first term), so it says nothing of a second basin; 0: only {@code radius} counts
 */
public record SecondBasin(double share, double collapse, double radius, int after, int limit, double axis) {
    /** Off: every run draws as without the rule. */
    public static final SecondBasin NONE = new SecondBasin(0, 0, 0, 0, 0, 0);

    public SecondBasin {
        if (!(share >= 0 && share <= 1) || !(collapse >= 0 && collapse < 1e6) || !(radius >= 0 && radius <= 2)
            || after < 0 || limit < 0 || !(axis >= 0 && axis <= 2)) {
            throw new IllegalArgumentException("second basin: share must be in [0, 1], collapse >= 0, radius and "
                + "axis in [0, 2], after >= 0 and limit >= 0: " + share + ", " + collapse + ", " + radius + ", "
                + after + ", " + limit + ", " + axis);
        }
    }

    /** Without the axis test (session 11's rule). */
    public SecondBasin(double share, double collapse, double radius, int after, int limit) {
        this(share, collapse, radius, after, limit, 0);
    }

    /**
     * Whether the good set has collapsed into one basin: every numeric dimension's range over the {@code count}
     * good centres (row-major, {@code categorical.length} per row) is below {@code collapse} times its bandwidth, every
     * categorical dimension has one option, and there is a numeric dimension. Costs O(count x dims).
     */
    boolean collapsed(double[] centres, int count, boolean[] categorical, double[] bandwidths) {
        int d = categorical.length;
        boolean numeric = false;
        for (int j = 0; j < d; j++) {
            double lo = centres[j];
            double hi = lo;
            for (int k = 1; k < count; k++) {
                double c = centres[k * d + j];
                lo = Math.min(lo, c);
                hi = Math.max(hi, c);
            }
            if (categorical[j] ? hi != lo : hi - lo >= collapse * bandwidths[j]) {
                return false;
            }
            numeric |= !categorical[j];
        }
        return numeric;
    }

    /**
     * Whether the row of {@code a} at {@code aOffset} lies within {@code radius} of the row of {@code b} at
     * {@code bOffset} (Euclidean over the numeric dimensions in unit coordinates; a different categorical option counts
     * as far), or, with {@code axis} positive and two or more numeric dimensions, within {@code axis} of it over every
     * numeric dimension but the one where they differ most.
     */
    boolean near(double[] a, int aOffset, double[] b, int bOffset, boolean[] categorical) {
        double d2 = 0;
        double widest = 0;
        int numeric = 0;
        for (int j = 0; j < categorical.length; j++) {
            double diff = a[aOffset + j] - b[bOffset + j];
            if (categorical[j]) {
                if (diff != 0) {
                    return false;
                }
            } else {
                d2 += diff * diff;
                widest = Math.max(widest, diff * diff);
                numeric++;
            }
        }
        return d2 < radius * radius || axis > 0 && numeric >= 2 && d2 - widest < axis * axis;
    }
}
