package dev.tunerd.tuners.common;

import java.util.Arrays;

/**
 * Minimisation of a smooth function inside a box, in the manner of L-BFGS-B: limited-memory BFGS directions on the
 * variables that are not held at a bound, a projected backtracking (Armijo) line search, and the projected gradient
 * as the stopping test. It is the simple projected variant, not Byrd, Lu, Nocedal and Zhu's generalised Cauchy point
 * and subspace minimisation: for the small, smooth problems of the model-based tuners (a GP's log marginal likelihood
 * in a few dozen log-parameters, an acquisition function in the unit cube) it finds the same local optima at a
 * fraction of the code. Neither EJML nor Hipparchus has a bounded quasi-Newton optimiser. Not thread-safe: one
 * instance per caller; reusable.
 */
public final class BoundedLbfgs {
    private static final int MEMORY = 8;
    private static final double ARMIJO = 1e-4;
    private final int maxIterations;
    private final double gradientTolerance;
    private double[] lowerOf;
    private double[] upperOf;

    /** A function with its gradient. */
    @FunctionalInterface
    public interface Objective {
        /** Returns f(x) and writes its gradient into {@code gradient}; may return +inf or NaN where undefined. */
        double evaluate(double[] x, double[] gradient);
    }

    public BoundedLbfgs(int maxIterations, double gradientTolerance) {
        this.maxIterations = maxIterations;
        this.gradientTolerance = gradientTolerance;
    }

    /**
     * Minimises {@code f} from {@code x} (changed in place into the best point found) within [lower, upper].
     *
     * @return the function value at the returned {@code x} (+inf when it was never finite)
     */
    public double minimise(Objective f, double[] x, double[] lower, double[] upper) {
        lowerOf = lower;
        upperOf = upper;
        int n = x.length;
        project(x, lower, upper);
        double[] g = new double[n];
        double fx = f.evaluate(x, g);
        if (!Double.isFinite(fx) || !allFinite(g)) {
            return Double.isFinite(fx) ? fx : Double.POSITIVE_INFINITY;
        }
        double[][] s = new double[MEMORY][n];
        double[][] y = new double[MEMORY][n];
        double[] rho = new double[MEMORY];
        int stored = 0;
        int head = 0;
        double[] d = new double[n];
        double[] xNew = new double[n];
        double[] gNew = new double[n];
        double[] alpha = new double[MEMORY];
        double[] xTry = new double[n];
        double[] gTry = new double[n];
        int stalls = 0;
        for (int iter = 0; iter < maxIterations; iter++) {
            boolean[] free = freeVariables(x, g, lower, upper);
            double pgMax = 0;
            for (int i = 0; i < n; i++) {
                if (free[i]) {
                    pgMax = Math.max(pgMax, Math.abs(g[i]));
                }
            }
            if (pgMax < gradientTolerance) {
                break;
            }
            direction(g, free, s, y, rho, stored, head, alpha, d);
            double slope = dot(d, g);
            if (!(slope < 0)) {
                for (int i = 0; i < n; i++) {
                    d[i] = free[i] ? -g[i] : 0;
                }
                stored = 0;
            }
            double step = 1.0;
            double fNew = Double.NaN;
            boolean accepted = false;
            for (int trial = 0; trial < 30; trial++) {
                for (int i = 0; i < n; i++) {
                    xNew[i] = x[i] + step * d[i];
                }
                project(xNew, lower, upper);
                double decrease = 0;
                for (int i = 0; i < n; i++) {
                    decrease += g[i] * (xNew[i] - x[i]);
                }
                fNew = f.evaluate(xNew, gNew);
                if (Double.isFinite(fNew) && allFinite(gNew) && fNew <= fx + ARMIJO * decrease) {
                    accepted = true;
                    break;
                }
                step *= 0.5;
            }
            if (!accepted) {
                break;
            }
            fNew = expand(f, x, g, d, step, slope, fx, fNew, xNew, gNew, xTry, gTry);
            double sy = 0;
            double[] sNext = s[head];
            double[] yNext = y[head];
            for (int i = 0; i < n; i++) {
                sNext[i] = xNew[i] - x[i];
                yNext[i] = gNew[i] - g[i];
                sy += sNext[i] * yNext[i];
            }
            if (sy > 1e-12) {
                rho[head] = 1.0 / sy;
                head = (head + 1) % MEMORY;
                stored = Math.min(stored + 1, MEMORY);
            }
            stalls = fx - fNew <= 1e-10 * Math.max(1.0, Math.abs(fx)) ? stalls + 1 : 0;
            System.arraycopy(xNew, 0, x, 0, n);
            System.arraycopy(gNew, 0, g, 0, n);
            fx = fNew;
            if (stalls >= 2) {
                break;
            }
        }
        return fx;
    }

    /**
     * While the slope along {@code d} at the accepted point is still at least 0.9 of the initial one (the curvature
     * condition of Wolfe fails: the step was too short to learn curvature from), doubles the step as long as the
     * function keeps decreasing enough; the accepted point stays in {@code xNew}/{@code gNew}.
     */
    private double expand(Objective f, double[] x, double[] g, double[] d, double step, double slope, double fx,
                          double fNew, double[] xNew, double[] gNew, double[] xTry, double[] gTry) {
        int n = x.length;
        double t = step;
        double fBest = fNew;
        for (int k = 0; k < 10 && slope < 0; k++) {
            double along = 0;
            for (int i = 0; i < n; i++) {
                along += gNew[i] * d[i];
            }
            if (along > 0.9 * slope) {
                break;
            }
            t *= 2;
            double decrease = 0;
            for (int i = 0; i < n; i++) {
                xTry[i] = x[i] + t * d[i];
            }
            project(xTry, lowerOf, upperOf);
            for (int i = 0; i < n; i++) {
                decrease += g[i] * (xTry[i] - x[i]);
            }
            double fTry = f.evaluate(xTry, gTry);
            if (!(Double.isFinite(fTry) && allFinite(gTry) && fTry <= fx + ARMIJO * decrease && fTry < fBest)) {
                break;
            }
            fBest = fTry;
            System.arraycopy(xTry, 0, xNew, 0, n);
            System.arraycopy(gTry, 0, gNew, 0, n);
        }
        return fBest;
    }

    /** The two-loop recursion on the free variables; d = -H g. */
    private static void direction(double[] g, boolean[] free, double[][] s, double[][] y, double[] rho, int stored,
                                  int head, double[] alpha, double[] d) {
        int n = g.length;
        for (int i = 0; i < n; i++) {
            d[i] = free[i] ? -g[i] : 0;
        }
        for (int k = 0; k < stored; k++) {
            int j = Math.floorMod(head - 1 - k, MEMORY);
            alpha[j] = rho[j] * maskedDot(s[j], d, free);
            axpy(-alpha[j], y[j], d, free);
        }
        if (stored > 0) {
            int last = Math.floorMod(head - 1, MEMORY);
            double yy = maskedDot(y[last], y[last], free);
            double gamma = yy > 0 ? 1.0 / (rho[last] * yy) : 1.0;
            for (int i = 0; i < n; i++) {
                d[i] *= gamma;
            }
        }
        for (int k = stored - 1; k >= 0; k--) {
            int j = Math.floorMod(head - 1 - k, MEMORY);
            double beta = rho[j] * maskedDot(y[j], d, free);
            axpy(alpha[j] - beta, s[j], d, free);
        }
    }

    private static boolean[] freeVariables(double[] x, double[] g, double[] lower, double[] upper) {
        boolean[] free = new boolean[x.length];
        for (int i = 0; i < x.length; i++) {
            boolean atLow = x[i] <= lower[i] && g[i] > 0;
            boolean atHigh = x[i] >= upper[i] && g[i] < 0;
            free[i] = upper[i] > lower[i] && !atLow && !atHigh;
        }
        return free;
    }

    private static double maskedDot(double[] a, double[] b, boolean[] mask) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            if (mask[i]) {
                sum += a[i] * b[i];
            }
        }
        return sum;
    }

    private static void axpy(double a, double[] x, double[] y, boolean[] mask) {
        for (int i = 0; i < x.length; i++) {
            if (mask[i]) {
                y[i] += a * x[i];
            }
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    private static void project(double[] x, double[] lower, double[] upper) {
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.min(upper[i], Math.max(lower[i], x[i]));
        }
    }

    private static boolean allFinite(double[] v) {
        return Arrays.stream(v).allMatch(Double::isFinite);
    }
}
