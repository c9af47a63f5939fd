package dev.tunerd.tuners.tpe.bench;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import java.util.function.ToDoubleFunction;

/**
 * The nine test functions of docs/BENCHMARKS.md section 1 (all minimised, every parameter uniform over its domain).
 *
 * @param name    as in BENCHMARKS.md
 * @param low     lower bound per dimension
 * @param high    upper bound per dimension
 * @param optimum the known minimum f*
 * @param f       the function
 */
public record Problem(String name, double[] low, double[] high, double optimum, ToDoubleFunction<double[]> f)
    implements BenchProblem {

    public int dims() {
        return low.length;
    }

    public double value(double[] x) {
        return f.applyAsDouble(x);
    }

    /** Uniform parameters are their own internal values. */
    @Override
    public double evaluate(double[] internal) {
        return f.applyAsDouble(internal);
    }

    /** One {@code uniform} parameter {@code x0, x1, ...} per dimension. */
    @Override
    public SearchSpace space() {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < low.length; i++) {
            b.put("x" + i, JsonObject.builder().put("_type", "uniform")
                .put("_value", JsonArray.of(JsonFloat.of(low[i]), JsonFloat.of(high[i]))).build());
        }
        return SearchSpace.parse(b.build(), SearchSpace.ALL_TYPES);
    }

    public static Problem[] all() {
        return new Problem[] {
            new Problem("branin", new double[] {-5, 0}, new double[] {10, 15}, 0.397887, Problem::branin),
            cube("goldstein", 2, -2, 2, 3, Problem::goldstein),
            new Problem("camel6", new double[] {-3, -2}, new double[] {3, 2}, -1.0316285, Problem::camel6),
            cube("hartmann3", 3, 0, 1, -3.86278, x -> hartmann(x, H3_A, H3_P)),
            cube("hartmann6", 6, 0, 1, -3.32237, x -> hartmann(x, H6_A, H6_P)),
            cube("rosenbrock4", 4, -5, 10, 0, Problem::rosenbrock),
            cube("ackley5", 5, -32.768, 32.768, 0, Problem::ackley),
            cube("levy6", 6, -10, 10, 0, Problem::levy),
            cube("styblinski5", 5, -5, 5, -39.16617 * 5, Problem::styblinski),
        };
    }

    private static Problem cube(String name, int d, double lo, double hi, double opt, ToDoubleFunction<double[]> f) {
        double[] l = new double[d];
        double[] h = new double[d];
        java.util.Arrays.fill(l, lo);
        java.util.Arrays.fill(h, hi);
        return new Problem(name, l, h, opt, f);
    }

    static double branin(double[] x) {
        double b = 5.1 / (4 * Math.PI * Math.PI);
        double c = 5 / Math.PI;
        double t = 1 / (8 * Math.PI);
        double u = x[1] - b * x[0] * x[0] + c * x[0] - 6;
        return u * u + 10 * (1 - t) * Math.cos(x[0]) + 10;
    }

    static double goldstein(double[] v) {
        double x = v[0];
        double y = v[1];
        double a = 1 + Math.pow(x + y + 1, 2) * (19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y);
        double b = 30 + Math.pow(2 * x - 3 * y, 2) * (18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y);
        return a * b;
    }

    static double camel6(double[] v) {
        double x = v[0];
        double y = v[1];
        return (4 - 2.1 * x * x + Math.pow(x, 4) / 3) * x * x + x * y + (-4 + 4 * y * y) * y * y;
    }

    private static final double[] ALPHA = {1.0, 1.2, 3.0, 3.2};
    private static final double[][] H3_A = {{3, 10, 30}, {0.1, 10, 35}, {3, 10, 30}, {0.1, 10, 35}};
    private static final double[][] H3_P = {{0.3689, 0.1170, 0.2673}, {0.4699, 0.4387, 0.7470},
        {0.1091, 0.8732, 0.5547}, {0.0381, 0.5743, 0.8828}};
    private static final double[][] H6_A = {{10, 3, 17, 3.5, 1.7, 8}, {0.05, 10, 17, 0.1, 8, 14},
        {3, 3.5, 1.7, 10, 17, 8}, {17, 8, 0.05, 10, 0.1, 14}};
    private static final double[][] H6_P = {{0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886},
        {0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991}, {0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650},
        {0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381}};

    static double hartmann(double[] x, double[][] a, double[][] p) {
        double s = 0;
        for (int i = 0; i < 4; i++) {
            double inner = 0;
            for (int j = 0; j < x.length; j++) {
                double d = x[j] - p[i][j];
                inner += a[i][j] * d * d;
            }
            s += ALPHA[i] * Math.exp(-inner);
        }
        return -s;
    }

    static double rosenbrock(double[] x) {
        double s = 0;
        for (int i = 0; i + 1 < x.length; i++) {
            s += 100 * Math.pow(x[i + 1] - x[i] * x[i], 2) + Math.pow(x[i] - 1, 2);
        }
        return s;
    }

    static double ackley(double[] x) {
        double sq = 0;
        double cs = 0;
        for (double v : x) {
            sq += v * v;
            cs += Math.cos(2 * Math.PI * v);
        }
        int d = x.length;
        return -20 * Math.exp(-0.2 * Math.sqrt(sq / d)) - Math.exp(cs / d) + 20 + Math.E;
    }

    static double levy(double[] x) {
        int d = x.length;
        double[] w = new double[d];
        for (int i = 0; i < d; i++) {
            w[i] = 1 + (x[i] - 1) / 4;
        }
        double s = Math.pow(Math.sin(Math.PI * w[0]), 2);
        for (int i = 0; i < d - 1; i++) {
            s += Math.pow(w[i] - 1, 2) * (1 + 10 * Math.pow(Math.sin(Math.PI * w[i] + 1), 2));
        }
        s += Math.pow(w[d - 1] - 1, 2) * (1 + Math.pow(Math.sin(2 * Math.PI * w[d - 1]), 2));
        return s;
    }

    static double styblinski(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v * v * v - 16 * v * v + 5 * v;
        }
        return s / 2;
    }
}
