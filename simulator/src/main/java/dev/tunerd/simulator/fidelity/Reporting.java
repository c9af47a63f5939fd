package dev.tunerd.simulator.fidelity;

import dev.tunerd.spi.OptimizeMode;

/**
 * What the trials of a multi-fidelity run report and which way the contenders are told to optimise it. The problems
 * are losses; {@link #LOSS} reports them as they are ({@code optimize_mode: minimize}), {@link #SCORE} reports the
 * accuracy-like {@code 1 - loss / 4} ({@code optimize_mode: maximize}): a decreasing affine map, so a contender whose
 * rules rank values and whose numbers are affine-invariant makes the same decisions either way (the mirror check of
 * issue 13 session 25). The divisor is a power of two, so {@code loss / 4} is exact and only the subtraction rounds.
 * Regret is always the true loss of the incumbent. Immutable.
 */
public enum Reporting {
    /** The loss itself, minimised. */
    LOSS(OptimizeMode.MINIMIZE),
    /** {@code 1 - loss / 4}, maximised. */
    SCORE(OptimizeMode.MAXIMIZE);

    private final OptimizeMode mode;

    Reporting(OptimizeMode mode) {
        this.mode = mode;
    }

    /** The {@code optimize_mode} every contender is given. */
    public OptimizeMode mode() {
        return mode;
    }

    /** The value a trial reports for {@code loss}. */
    public double reported(double loss) {
        return this == LOSS ? loss : 1 - loss / 4;
    }

    /** Whether the reported value {@code a} is strictly better than {@code b} (the first of equals stays best). */
    public boolean better(double a, double b) {
        return this == LOSS ? a < b : a > b;
    }

    /** The worst reported value, before any: what every real value beats. */
    public double worst() {
        return this == LOSS ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }
}
