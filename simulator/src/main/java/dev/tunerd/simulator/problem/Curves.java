package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;

/**
 * Shared by the learning-curve problems ({@code curves}, {@code crossing}, {@code longcurves}, {@code schedule} and
 * the four each of issue 13 sessions 25, 26 and 27): the generator that seeds a parameter set's noise from the problem
 * seed and a stable fingerprint of the set, so the same seed and parameters always give the same curve, the loop that
 * turns a noise-free loss per epoch into reported values with relative Gaussian noise (fixed, or per epoch), and the
 * grid search their optima come from. Stateless.
 */
final class Curves {
    private Curves() {
    }

    /** The generator of {@code parameters}' noise under problem seed {@code seed}. */
    static SplittableRandom noise(long seed, JsonValue parameters) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ fingerprint(parameters));
    }

    /**
     * Epochs 1..{@code epochs}: each reported value is {@code clean(t)} times {@code 1 + relativeNoise * N(0, 1)}, drawn
     * from {@code random} in epoch order; the true final value is {@code clean(epochs)}.
     */
    static Trajectory noisy(int epochs, double relativeNoise, SplittableRandom random, IntToDoubleFunction clean) {
        return noisy(epochs, t -> relativeNoise, random, clean);
    }

    /**
     * As {@link #noisy(int, double, SplittableRandom, IntToDoubleFunction)} with a relative noise that depends on
     * the epoch: the value after epoch t is {@code clean(t)} times {@code 1 + relativeNoise(t) * N(0, 1)}.
     */
    static Trajectory noisy(int epochs, IntToDoubleFunction relativeNoise, SplittableRandom random,
            IntToDoubleFunction clean) {
        double[] curve = new double[epochs];
        double value = 0;
        for (int t = 1; t <= epochs; t++) {
            value = clean.applyAsDouble(t);
            curve[t - 1] = value * (1 + relativeNoise.applyAsDouble(t) * random.nextGaussian());
        }
        return new Trajectory(curve, value);
    }

    /**
     * Epochs 1..{@code epochs} of a loss that starts at {@code start} and in each epoch t moves towards that epoch's
     * floor by that epoch's share, {@code L <- floor(t) + (L - floor(t)) (1 - share(t))}: the dynamics of the problems
     * whose rate follows a schedule ({@code stepdecay}, {@code warmcosine}, {@code sgdr}). Noise-free.
     */
    static double[] towardsFloors(int epochs, double start, IntToDoubleFunction floor, IntToDoubleFunction share) {
        double[] curve = new double[epochs];
        double loss = start;
        for (int t = 1; t <= epochs; t++) {
            double f = floor.applyAsDouble(t);
            loss = f + (loss - f) * (1 - share.applyAsDouble(t));
            curve[t - 1] = loss;
        }
        return curve;
    }

    /** {@code x * x}, for the problems' quadratic terms. */
    static double square(double x) {
        return x * x;
    }

    static long fingerprint(JsonValue parameters) {
        long h = 1125899906842597L;
        for (char c : Json.writeAllowingNonFinite(parameters).toCharArray()) {
            h = 31 * h + c;
        }
        return h;
    }

    /**
     * The least value of {@code f} on {@code lo..hi}: a grid of {@code steps} equal steps, then a grid 100 times finer
     * over the two steps either side of the best point (for f* of a curve along one continuous parameter).
     */
    static double gridMinimum(double lo, double hi, int steps, DoubleUnaryOperator f) {
        double step = (hi - lo) / steps;
        double[] coarse = bestOnGrid(lo, hi, steps, f);
        double best = coarse[1];
        double bestX = coarse[0];
        for (int i = -200; i <= 200; i++) {
            double x = Math.min(hi, Math.max(lo, bestX + i * step / 100));
            best = Math.min(best, f.applyAsDouble(x));
        }
        return best;
    }

    /**
     * The least value of {@code f} on {@code lo..hi}, for a cheap f* where the grid of {@link #gridMinimum} costs too
     * much: a grid of {@code steps} equal steps, then a golden-section search to 1e-9 of the range within the step
     * either side of the best point (exact when {@code f} has one minimum there).
     */
    static double bracketedMinimum(double lo, double hi, int steps, DoubleUnaryOperator f) {
        double step = (hi - lo) / steps;
        double[] coarse = bestOnGrid(lo, hi, steps, f);
        double best = coarse[1];
        double bestX = coarse[0];
        double a = Math.max(lo, bestX - step);
        double b = Math.min(hi, bestX + step);
        double ratio = (Math.sqrt(5) - 1) / 2;
        double c = b - ratio * (b - a);
        double d = a + ratio * (b - a);
        double fc = f.applyAsDouble(c);
        double fd = f.applyAsDouble(d);
        while (b - a > 1e-9 * (hi - lo)) {
            if (fc < fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - ratio * (b - a);
                fc = f.applyAsDouble(c);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + ratio * (b - a);
                fd = f.applyAsDouble(d);
            }
        }
        return Math.min(best, Math.min(fc, fd));
    }

    /** The point of a grid of {@code steps} equal steps on {@code lo..hi} where {@code f} is least, and that value. */
    private static double[] bestOnGrid(double lo, double hi, int steps, DoubleUnaryOperator f) {
        double step = (hi - lo) / steps;
        double best = Double.POSITIVE_INFINITY;
        double bestX = lo;
        for (int i = 0; i <= steps; i++) {
            double x = lo + i * step;
            double v = f.applyAsDouble(x);
            if (v < best) {
                best = v;
                bestX = x;
            }
        }
        return new double[] {bestX, best};
    }
}
