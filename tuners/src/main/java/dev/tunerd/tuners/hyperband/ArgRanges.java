package dev.tunerd.tuners.hyperband;

/**
 * Range checks of {@link HyperbandArgs}: an out-of-range classArg is an error that names its key and range (the
 * daemon exits 2 with it). Moved out of {@link HyperbandArgs} unchanged (issue 13 session 29, to keep that file under
 * 500 lines). Stateless.
 */
final class ArgRanges {
    private ArgRanges() {
    }

    /** {@code value} when it is -1 (off) or within [lo, hi]; otherwise an error that names {@code key}. */
    static double offOrWithin(String key, double value, int lo, int hi) {
        if (!(value == -1 || value >= lo && value <= hi)) {
            throw new IllegalArgumentException(key + " must be -1 or between " + lo + " and " + hi + ", got " + value);
        }
        return value;
    }

    /** As {@link #offOrWithin(String, double, int, int)}, for a whole number. */
    static int offOrWithin(String key, int value, int lo, int hi) {
        if (!(value == -1 || value >= lo && value <= hi)) {
            throw new IllegalArgumentException(key + " must be -1 or between " + lo + " and " + hi + ", got " + value);
        }
        return value;
    }

    /** {@code value} when it is within [lo, hi]; otherwise an error that names {@code key}. */
    static double within(String key, double value, int lo, int hi) {
        if (!(value >= lo && value <= hi)) {
            throw new IllegalArgumentException(key + " must be between " + lo + " and " + hi + ", got " + value);
        }
        return value;
    }

    /** As {@link #within(String, double, int, int)}, for a whole number. */
    static int within(String key, int value, int lo, int hi) {
        if (!(value >= lo && value <= hi)) {
            throw new IllegalArgumentException(key + " must be between " + lo + " and " + hi + ", got " + value);
        }
        return value;
    }
}
