package dev.tunerd.tuners.anneal;

/**
 * tunerd's per-parameter limit on hyperopt's shrinking neighbourhood: once {@code after} trials completed, the
 * window of a uniform-family parameter (uniform, quniform, loguniform, qloguniform, in internal coordinates) is no
 * wider than the range of that parameter's values among the {@code best} best trials that have it, and no narrower
 * than {@link #FLOOR} times hyperopt's window. Where the good trials already agree on a parameter, the search
 * refines it at their scale instead of waiting for hyperopt's {@code 1 / (1 + 0.1 T)} to get there; where they
 * disagree, hyperopt's window is kept. Choice, randint and the normal family are unchanged. Immutable and
 * thread-safe.
 *
 * @param best  how many of the best trials measure the spread (0: no limit, hyperopt's window)
 * @param after completed trials (of the chain) before the limit applies
 */
public record SpreadLimit(int best, int after) {
    /** The narrowest window, as a fraction of hyperopt's. */
    public static final double FLOOR = 0.1;
    /** hyperopt's window, unchanged. */
    public static final SpreadLimit NONE = new SpreadLimit(0, 0);
    /** tunerd's default (docs/MODEL_TUNERS.md): the ten best trials, from 20 completed trials on. */
    public static final SpreadLimit DEFAULT = new SpreadLimit(10, 20);

    public SpreadLimit {
        if (best < 0 || best == 1 || after < 0) {
            throw new IllegalArgumentException("spread limit best must be 0 or at least 2 and after >= 0: " + best
                + ", " + after);
        }
    }

    /**
     * The fraction of the range to draw from: hyperopt's {@code shrink}, capped by {@code spread} (a fraction of the
     * range) and floored at {@link #FLOOR} times {@code shrink}.
     */
    double limit(double shrink, double spread) {
        return Math.min(shrink, Math.max(spread, FLOOR * shrink));
    }
}
