package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.problem.TextbookFunctions;
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

    /** The nine problems, with the functions of the simulator (one definition for the daemon bench and this one). */
    public static Problem[] all() {
        return new Problem[] {
            new Problem("branin", new double[] {-5, 0}, new double[] {10, 15}, 0.397887, TextbookFunctions::branin),
            cube("goldstein", 2, -2, 2, 3, TextbookFunctions::goldsteinPrice),
            new Problem("camel6", new double[] {-3, -2}, new double[] {3, 2}, -1.0316285,
                TextbookFunctions::sixHumpCamel),
            cube("hartmann3", 3, 0, 1, -3.86278, TextbookFunctions::hartmann3),
            cube("hartmann6", 6, 0, 1, -3.32237, TextbookFunctions::hartmann6),
            cube("rosenbrock4", 4, -5, 10, 0, TextbookFunctions::rosenbrock),
            cube("ackley5", 5, -32.768, 32.768, 0, TextbookFunctions::ackley),
            cube("levy6", 6, -10, 10, 0, TextbookFunctions::levy),
            cube("styblinski5", 5, -5, 5, -39.16617 * 5, TextbookFunctions::styblinskiTang),
        };
    }

    private static Problem cube(String name, int d, double lo, double hi, double opt, ToDoubleFunction<double[]> f) {
        double[] l = new double[d];
        double[] h = new double[d];
        java.util.Arrays.fill(l, lo);
        java.util.Arrays.fill(h, hi);
        return new Problem(name, l, h, opt, f);
    }
}
