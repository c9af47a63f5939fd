package dev.tunerd.tuners.anneal;

/**
 * tunerd's rule for trials in flight, an addition to hyperopt's annealing (which draws every suggestion as if it
 * were the only one): a draw closer to a trial in flight than {@code fraction} of the current neighbourhood (per
 * parameter the window {@code 1 / (1 + 0.1 T)} of the range, or the scaled sigma of a normal type; distance
 * Euclidean over the numeric parameters in those units, a differing option counting as far) is drawn again, at
 * most {@code tries} times; when every draw is that close, the last one is taken. Sequential runs (nothing in flight)
 * are unchanged. Immutable and thread-safe.
 *
 * @param fraction the least distance to a trial in flight, in neighbourhoods (0: off)
 * @param tries    draws per suggestion at most
 */
public record Diversity(double fraction, int tries) {
    /** Off: hyperopt's rule. */
    public static final Diversity NONE = new Diversity(0, 1);
    /** tunerd's default (docs/MODEL_TUNERS.md). */
    public static final Diversity DEFAULT = NONE;

    public Diversity {
        if (!(fraction >= 0 && fraction < 100) || tries < 1 || tries > 1000) {
            throw new IllegalArgumentException("diversity fraction must be in [0, 100) and tries in [1, 1000]: "
                + fraction + ", " + tries);
        }
    }
}
