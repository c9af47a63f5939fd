package dev.tunerd.tuners.common;

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
    private final Steps steps;
    private double[] lowerOf;
    private double[] upperOf;
    /** Evaluations of f by the last {@link #minimise} (what a run cost). */
    private int evaluations;

    /** A function with its gradient. */
    @FunctionalInterface
    public interface Objective {
        /** Returns f(x) and writes its gradient into {@code gradient}; may return +inf or NaN where undefined. */
        double evaluate(double[] x, double[] gradient);
    }

    /**
     * A function whose gradient can be had after its value, from what the value left behind: the line search asks for
     * the gradient only at the points it accepts (a trial point it rejects needs f alone). Each value and gradient
     * must be exactly those of {@link #evaluate}, so that a run is the same bit for bit either way.
     */
    public interface Deferred extends Objective {
        /** f(x) (+inf or NaN where undefined), keeping what the gradient at x needs. */
        double value(double[] x);

        /** Writes the gradient at the point of the last {@link #value} into {@code gradient}. */
        void gradient(double[] gradient);

        @Override
        default double evaluate(double[] x, double[] gradient) {
            double v = value(x);
            gradient(gradient);
            return v;
        }
    }

    /**
     * How the line search starts and when a run that no longer gains stops. Immutable.
     *
     * @param firstStep    0: the first trial step of every iteration is the full one (1), also before any curvature
     *                     pair exists, where the direction is the steepest descent {@code -g} at its raw scale; c > 0:
     *                     while no pair is stored (the first iteration, or after a reset), the first trial step is
     *                     {@code min(1, c / max|d_i|)}, a move of at most c in any coordinate, so that a large
     *                     gradient is not taken for a distance (later iterations scale by the pairs' curvature)
     * @param flatTolerance the run stops after {@code flatIterations} accepted steps in a row that each lowered f by at
     *                     most this times {@code max(1, |f|)}
     * @param flatIterations such steps in a row that stop the run (at least 1)
     */
    public record Steps(double firstStep, double flatTolerance, int flatIterations) {
        /** The unit first step and a stop after two steps that gain at most 1e-10 (sessions 10-21). */
        public static final Steps USUAL = new Steps(0, 1e-10, 2);

        public Steps {
            if (!(firstStep >= 0 && firstStep < 1e6) || !(flatTolerance >= 0 && flatTolerance < 1)
                || flatIterations < 1) {
                throw new IllegalArgumentException("L-BFGS steps: firstStep must be in [0, 1e6), flatTolerance in "
                    + "[0, 1) and flatIterations >= 1: " + firstStep + ", " + flatTolerance + ", " + flatIterations);
            }
        }

        /** These steps with a first step of at most {@code c} in any coordinate (0: the unit step). */
        public Steps withFirstStep(double c) {
            return new Steps(c, flatTolerance, flatIterations);
        }

        /** These steps stopping after {@code iterations} steps in a row that gain at most {@code tolerance}. */
        public Steps withFlatStop(double tolerance, int iterations) {
            return new Steps(firstStep, tolerance, iterations);
        }
    }

    public BoundedLbfgs(int maxIterations, double gradientTolerance) {
        this(maxIterations, gradientTolerance, Steps.USUAL);
    }

    /** As above, with the first step and the stop on a flat run as {@code steps} says. */
    public BoundedLbfgs(int maxIterations, double gradientTolerance, Steps steps) {
        this.maxIterations = maxIterations;
        this.gradientTolerance = gradientTolerance;
        this.steps = steps;
    }

    /**
     * Minimises {@code f} from {@code x} (changed in place into the best point found) within [lower, upper].
     *
     * @return the function value at the returned {@code x} (+inf when it was never finite)
     */
    public double minimise(Objective f, double[] x, double[] lower, double[] upper) {
        lowerOf = lower;
        upperOf = upper;
        evaluations = 0;
        int n = x.length;
        project(x, lower, upper);
        double[] g = new double[n];
        evaluations++;
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
            double step = firstStep(d, stored);
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
                fNew = value(f, xNew, gNew);
                if (Double.isFinite(fNew) && fNew <= fx + ARMIJO * decrease && finiteGradient(f, gNew)) {
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
            stalls = fx - fNew <= steps.flatTolerance() * Math.max(1.0, Math.abs(fx)) ? stalls + 1 : 0;
            System.arraycopy(xNew, 0, x, 0, n);
            System.arraycopy(gNew, 0, g, 0, n);
            fx = fNew;
            if (stalls >= steps.flatIterations()) {
                break;
            }
        }
        return fx;
    }

    /** Evaluations of f by the last {@link #minimise} (each with its gradient, or its value alone when deferred). */
    public int evaluations() {
        return evaluations;
    }

    /** f at a trial point; its gradient too unless {@code f} defers it ({@link #finiteGradient} then has it). */
    private double value(Objective f, double[] x, double[] gradient) {
        evaluations++;
        return f instanceof Deferred deferred ? deferred.value(x) : f.evaluate(x, gradient);
    }

    /** Whether the gradient at the last trial point is finite, asking a deferring {@code f} for it first. */
    private static boolean finiteGradient(Objective f, double[] gradient) {
        if (f instanceof Deferred deferred) {
            deferred.gradient(gradient);
        }
        return allFinite(gradient);
    }

    /** The line search's first trial step along {@code d} (see {@link Steps#firstStep}). */
    private double firstStep(double[] d, int stored) {
        if (steps.firstStep() == 0 || stored > 0) {
            return 1.0;
        }
        double largest = 0;
        for (double v : d) {
            largest = Math.max(largest, Math.abs(v));
        }
        return largest > steps.firstStep() ? steps.firstStep() / largest : 1.0;
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
            double fTry = value(f, xTry, gTry);
            if (!(Double.isFinite(fTry) && fTry <= fx + ARMIJO * decrease && fTry < fBest
                && finiteGradient(f, gTry))) {
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
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
