package dev.tunerd.simulator.problem;

/**
 * The textbook test functions of BENCHMARKS.md section 1, as pure static functions of a point. Definitions follow
 * the usual references (Surjanovic and Bingham's "Virtual Library of Simulation Experiments"); all are minimised.
 * Stateless and thread-safe.
 */
public final class TextbookFunctions {

    private static final double[] HARTMANN_ALPHA = {1.0, 1.2, 3.0, 3.2};
    private static final double[][] HARTMANN3_A = {
        {3.0, 10, 30}, {0.1, 10, 35}, {3.0, 10, 30}, {0.1, 10, 35}};
    private static final double[][] HARTMANN3_P = scaled(1e-4, new double[][] {
        {3689, 1170, 2673}, {4699, 4387, 7470}, {1091, 8732, 5547}, {381, 5743, 8828}});
    private static final double[][] HARTMANN6_A = {
        {10, 3, 17, 3.5, 1.7, 8}, {0.05, 10, 17, 0.1, 8, 14}, {3, 3.5, 1.7, 10, 17, 8}, {17, 8, 0.05, 10, 0.1, 14}};
    private static final double[][] HARTMANN6_P = scaled(1e-4, new double[][] {
        {1312, 1696, 5569, 124, 8283, 5886}, {2329, 4135, 8307, 3736, 1004, 9991},
        {2348, 1451, 3522, 2883, 3047, 6650}, {4047, 8828, 8732, 5743, 1091, 381}});

    private TextbookFunctions() {
    }

    public static double branin(double[] x) {
        double b = 5.1 / (4 * Math.PI * Math.PI);
        double c = 5 / Math.PI;
        double t = 1 / (8 * Math.PI);
        double term = x[1] - b * x[0] * x[0] + c * x[0] - 6;
        return term * term + 10 * (1 - t) * Math.cos(x[0]) + 10;
    }

    public static double goldsteinPrice(double[] x) {
        double a = x[0];
        double b = x[1];
        double first = 1 + sq(a + b + 1) * (19 - 14 * a + 3 * a * a - 14 * b + 6 * a * b + 3 * b * b);
        double second = 30 + sq(2 * a - 3 * b) * (18 - 32 * a + 12 * a * a + 48 * b - 36 * a * b + 27 * b * b);
        return first * second;
    }

    public static double sixHumpCamel(double[] x) {
        double a = x[0];
        double b = x[1];
        return (4 - 2.1 * a * a + a * a * a * a / 3) * a * a + a * b + (-4 + 4 * b * b) * b * b;
    }

    public static double hartmann3(double[] x) {
        return hartmann(x, HARTMANN3_A, HARTMANN3_P);
    }

    public static double hartmann6(double[] x) {
        return hartmann(x, HARTMANN6_A, HARTMANN6_P);
    }

    public static double rosenbrock(double[] x) {
        double sum = 0;
        for (int i = 0; i + 1 < x.length; i++) {
            sum += 100 * sq(x[i + 1] - x[i] * x[i]) + sq(x[i] - 1);
        }
        return sum;
    }

    public static double ackley(double[] x) {
        double squares = 0;
        double cosines = 0;
        for (double v : x) {
            squares += v * v;
            cosines += Math.cos(2 * Math.PI * v);
        }
        int d = x.length;
        return -20 * Math.exp(-0.2 * Math.sqrt(squares / d)) - Math.exp(cosines / d) + 20 + Math.E;
    }

    public static double levy(double[] x) {
        int d = x.length;
        double[] w = new double[d];
        for (int i = 0; i < d; i++) {
            w[i] = 1 + (x[i] - 1) / 4;
        }
        double sum = sq(Math.sin(Math.PI * w[0]));
        for (int i = 0; i + 1 < d; i++) {
            sum += sq(w[i] - 1) * (1 + 10 * sq(Math.sin(Math.PI * w[i] + 1)));
        }
        return sum + sq(w[d - 1] - 1) * (1 + sq(Math.sin(2 * Math.PI * w[d - 1])));
    }

    public static double styblinskiTang(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v * v * v * v - 16 * v * v + 5 * v;
        }
        return sum / 2;
    }

    private static double hartmann(double[] x, double[][] a, double[][] p) {
        double sum = 0;
        for (int i = 0; i < 4; i++) {
            double inner = 0;
            for (int j = 0; j < x.length; j++) {
                inner += a[i][j] * sq(x[j] - p[i][j]);
            }
            sum += HARTMANN_ALPHA[i] * Math.exp(-inner);
        }
        return -sum;
    }

    private static double sq(double v) {
        return v * v;
    }

    private static double[][] scaled(double factor, double[][] m) {
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            out[i] = new double[m[i].length];
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * factor;
            }
        }
        return out;
    }
}
