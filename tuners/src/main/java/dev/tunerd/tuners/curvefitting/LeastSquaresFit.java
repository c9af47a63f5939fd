package dev.tunerd.tuners.curvefitting;

import java.util.Arrays;
import java.util.Optional;

import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.ValueAndJacobianFunction;
import org.hipparchus.util.Pair;

/**
 * Fits one {@link CurveFamily} to a curve by least squares the way NNI does ({@code scipy.optimize.curve_fit} with no
 * bounds and no starting point, which runs MINPACK's {@code lmdif}): start at all ones, Levenberg-Marquardt with
 * step bound factor 100, relative tolerances 1.49012e-8 on the sum of squares and on the parameters, gradient
 * tolerance 0, a forward-difference Jacobian with step {@code sqrt(machine epsilon) * |p_j|} (or that epsilon when
 * {@code p_j = 0}), and failure once {@code 200 (n + 1)} function evaluations are spent (the Jacobian costs n). A fit
 * that fails as scipy's would (too many evaluations, tolerances too small, non-finite numbers in the Jacobian) yields
 * nothing, and the caller uses NNI's table values instead.
 *
 * <p>Hipparchus's optimiser is a translation of MINPACK's {@code lmder} and its helpers, so with the Jacobian and the
 * evaluation count supplied as {@code lmdif} computes them it follows scipy's iterations (the remaining differences
 * are the last bits of {@code exp}/{@code pow}). Not thread-safe: one instance per fit.
 */
final class LeastSquaresFit {
    /** scipy's default {@code ftol} and {@code xtol}. */
    private static final double TOLERANCE = 1.49012e-8;
    /** MINPACK's forward-difference step factor for {@code epsfcn} = machine epsilon. */
    private static final double DIFFERENCE_STEP = Math.sqrt(Math.ulp(1.0));

    private final CurveFamily family;
    private final double[] ys;
    private final int maxEvaluations;
    private int evaluations;
    private double[] lastPoint;
    private double[] lastResiduals;
    private double[] lastValues;

    private LeastSquaresFit(CurveFamily family, double[] ys) {
        this.family = family;
        this.ys = ys;
        this.maxEvaluations = 200 * (family.parameterCount() + 1);
    }

    /** The fitted parameters of {@code family} on {@code ys} (epochs 1..n), or empty when scipy would raise. */
    static Optional<double[]> fit(CurveFamily family, double[] ys) {
        return new LeastSquaresFit(family, ys).run();
    }

    private Optional<double[]> run() {
        if (ys.length < family.parameterCount()) {
            return Optional.empty(); // scipy: "Improper input", which NNI catches like a failed fit
        }
        double[] start = new double[family.parameterCount()];
        Arrays.fill(start, 1.0);
        LeastSquaresProblem problem = new LeastSquaresBuilder()
            .model(new CountingModel())
            .target(ys)
            .start(start)
            .lazyEvaluation(true)
            .maxEvaluations(Integer.MAX_VALUE)
            .maxIterations(Integer.MAX_VALUE)
            .build();
        LevenbergMarquardtOptimizer optimizer = new LevenbergMarquardtOptimizer()
            .withInitialStepBoundFactor(100)
            .withCostRelativeTolerance(TOLERANCE)
            .withParameterRelativeTolerance(TOLERANCE)
            .withOrthoTolerance(0);
        try {
            return Optional.of(optimizer.optimize(problem).getPoint().toArray());
        } catch (MathRuntimeException | EvaluationsExhausted e) {
            return Optional.empty();
        }
    }

    /** Residuals {@code f(x_i) - y_i} as MINPACK sees them. */
    private double[] residuals(double[] p) {
        double[] r = values(p);
        for (int i = 0; i < ys.length; i++) {
            r[i] -= ys[i];
        }
        return r;
    }

    private double[] values(double[] p) {
        double[] v = new double[ys.length];
        for (int i = 0; i < ys.length; i++) {
            v[i] = family.value(i + 1, p);
        }
        return v;
    }

    /** Values and a forward-difference Jacobian, counting evaluations as {@code lmdif} does. */
    private final class CountingModel implements ValueAndJacobianFunction {

        @Override
        public Pair<RealVector, RealMatrix> value(RealVector point) { // only used without lazy evaluation
            double[] p = point.toArray();
            return new Pair<>(computeValue(p), computeJacobian(p));
        }

        @Override
        public RealVector computeValue(double[] p) {
            // Hipparchus asks for the same point's values more than once; lmdif evaluates each point once
            if (lastPoint == null || !Arrays.equals(lastPoint, p)) {
                if (lastPoint != null && evaluations >= maxEvaluations) {
                    throw new EvaluationsExhausted();
                }
                lastPoint = p.clone();
                lastValues = values(p);
                lastResiduals = new double[ys.length];
                for (int i = 0; i < ys.length; i++) {
                    lastResiduals[i] = lastValues[i] - ys[i];
                }
                evaluations++;
            }
            return new ArrayRealVector(lastValues, true);
        }

        @Override
        public RealMatrix computeJacobian(double[] p) {
            if (evaluations >= maxEvaluations) {
                throw new EvaluationsExhausted();
            }
            double[] base = lastPoint != null && Arrays.equals(lastPoint, p) ? lastResiduals : residuals(p);
            double[][] jacobian = new double[ys.length][p.length];
            double[] shifted = p.clone();
            for (int j = 0; j < p.length; j++) {
                double h = DIFFERENCE_STEP * Math.abs(p[j]);
                if (h == 0) {
                    h = DIFFERENCE_STEP;
                }
                shifted[j] = p[j] + h;
                double[] moved = residuals(shifted);
                shifted[j] = p[j];
                for (int i = 0; i < ys.length; i++) {
                    jacobian[i][j] = (moved[i] - base[i]) / h;
                }
            }
            evaluations += p.length;
            return new Jacobian(jacobian);
        }
    }

    /**
     * The Jacobian as Hipparchus's optimiser uses it: it negates the matrix once per iteration with
     * {@code scalarMultiply(-1)}, which the general matrix does entry by entry through checked accessors (a sixth of a
     * fit's time when the JIT stops at C1, as the daemon's does); here over the rows directly. Same products, same bits.
     */
    private static final class Jacobian extends Array2DRowRealMatrix {
        private static final long serialVersionUID = 1L;

        Jacobian(double[][] rows) {
            super(rows, false);
        }

        @Override
        public RealMatrix scalarMultiply(double d) {
            double[][] rows = getDataRef();
            double[][] out = new double[rows.length][];
            for (int i = 0; i < rows.length; i++) {
                double[] row = rows[i];
                double[] scaled = new double[row.length];
                for (int j = 0; j < row.length; j++) {
                    scaled[j] = row[j] * d;
                }
                out[i] = scaled;
            }
            return new Array2DRowRealMatrix(out, false);
        }
    }

    /** scipy's {@code ier = 5}: the evaluation budget is spent. */
    private static final class EvaluationsExhausted extends RuntimeException {
        EvaluationsExhausted() {
            super(null, null, false, false);
        }
    }
}
