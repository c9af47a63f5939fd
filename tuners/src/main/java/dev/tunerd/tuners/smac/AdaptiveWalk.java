package dev.tunerd.tuners.smac;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * SMAC's acquisition local search with an adaptive numeric step (session 16, {@link SmacSettings#adaptiveStep()}):
 * a first-improvement walk through one-exchange neighbourhoods whose numeric moves have a standard deviation that
 * starts small and adapts. Three improving moves in a row double it (up to {@link #MAX_STEP}); with no better
 * neighbour the walk moves to an equally good one (a plateau step: a forest's acquisition is piecewise constant),
 * at most {@link #PLATEAU_STEPS} times per walk, halving the step every third plateau step (down to
 * {@link #MIN_STEP}); with neither it stops. Against the fixed step of 0.2 with steepest ascent this can position a
 * point inside a narrow valley next to an observed wall point. Draws only from the generator it is given, so a
 * sampler that uses it stays a function of its history and generator. Not thread-safe.
 */
final class AdaptiveWalk {
    /** Improving moves (at most) per walk, as the fixed-step search's steps. */
    static final int MAX_MOVES = 30;
    /** Plateau steps (moves to an equally good neighbour) per walk. */
    static final int PLATEAU_STEPS = 10;
    /** Improving moves in a row that double the step; plateau steps that halve it. */
    static final int ADAPT_EVERY = 3;
    static final double MIN_STEP = 0.005;
    static final double MAX_STEP = 0.5;

    /** One-exchange neighbours of an encoded configuration, numeric coordinates moved with the given step. */
    interface Neighbourhood {
        List<double[]> around(double[] v, double step);
    }

    private final Rng rng;
    private final double initialStep;
    private final Neighbourhood neighbourhood;
    /** The last walk's final step and its counts of improving moves and plateau steps (for tests). */
    private double lastStep;
    private int lastMoves;
    private int lastPlateau;

    AdaptiveWalk(Rng rng, double initialStep, Neighbourhood neighbourhood) {
        if (!(initialStep >= MIN_STEP && initialStep <= MAX_STEP)) {
            throw new IllegalArgumentException("adaptive step out of range: " + initialStep);
        }
        this.rng = rng;
        this.initialStep = initialStep;
        this.neighbourhood = neighbourhood;
    }

    /**
     * Walks from {@code start} uphill on {@code value}, taking only neighbours {@code allowed} accepts, and returns
     * where it stops (the start itself when no allowed neighbour is at least as good).
     */
    double[] climb(double[] start, ToDoubleFunction<double[]> value, Predicate<double[]> allowed) {
        double[] current = start;
        double currentValue = value.applyAsDouble(start);
        double step = initialStep;
        int streak = 0;
        int moves = 0;
        int plateau = 0;
        while (moves < MAX_MOVES) {
            List<double[]> nbs = neighbourhood.around(current, step);
            shuffle(nbs);
            double[] better = null;
            double betterValue = currentValue;
            double[] level = null;
            for (double[] nb : nbs) {
                if (!allowed.test(nb)) {
                    continue;
                }
                double e = value.applyAsDouble(nb);
                if (e > currentValue) {
                    better = nb;
                    betterValue = e;
                    break;
                }
                if (e == currentValue && level == null && !Arrays.equals(nb, current)) {
                    level = nb;
                }
            }
            if (better != null) {
                current = better;
                currentValue = betterValue;
                moves++;
                if (++streak == ADAPT_EVERY) {
                    step = Math.min(MAX_STEP, 2 * step);
                    streak = 0;
                }
            } else if (level != null && plateau < PLATEAU_STEPS) {
                current = level;
                streak = 0;
                if (++plateau % ADAPT_EVERY == 0) {
                    step = Math.max(MIN_STEP, step / 2);
                }
            } else {
                break;
            }
        }
        lastStep = step;
        lastMoves = moves;
        lastPlateau = plateau;
        return current;
    }

    private void shuffle(List<double[]> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            double[] t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    double lastStep() {
        return lastStep;
    }

    int lastMoves() {
        return lastMoves;
    }

    int lastPlateau() {
        return lastPlateau;
    }
}
