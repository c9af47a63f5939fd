package dev.tunerd.simulator.problem;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.function.ToDoubleFunction;

/**
 * A textbook function over a box: parameters {@code x0 .. x(d-1)}, each an NNI {@code uniform} over its interval.
 * Immutable and thread-safe.
 */
public final class BoxFunctionProblem implements Problem {

    private final String name;
    private final String description;
    private final double[] lows;
    private final double[] highs;
    private final double optimum;
    private final double[] argmin;
    private final ToDoubleFunction<double[]> function;

    BoxFunctionProblem(String name, String description, double[] lows, double[] highs, double optimum,
                       double[] argmin, ToDoubleFunction<double[]> function) {
        this.name = name;
        this.description = description;
        this.lows = lows.clone();
        this.highs = highs.clone();
        this.optimum = optimum;
        this.argmin = argmin.clone();
        this.function = function;
    }

    /** A box problem with the same interval in every dimension. */
    static BoxFunctionProblem cube(String name, String description, int dims, double low, double high,
                                   double optimum, double argminCoordinate, ToDoubleFunction<double[]> function) {
        double[] lows = new double[dims];
        double[] highs = new double[dims];
        double[] argmin = new double[dims];
        java.util.Arrays.fill(lows, low);
        java.util.Arrays.fill(highs, high);
        java.util.Arrays.fill(argmin, argminCoordinate);
        return new BoxFunctionProblem(name, description, lows, highs, optimum, argmin, function);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    public int dimensions() {
        return lows.length;
    }

    /** The same problem with another known minimiser. */
    BoxFunctionProblem withArgmin(double... point) {
        return new BoxFunctionProblem(name, description, lows, highs, optimum, point, function);
    }

    /** A point where the function reaches f* (one of them when there are several). */
    public double[] argmin() {
        return argmin.clone();
    }

    @Override
    public JsonObject searchSpace() {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < lows.length; i++) {
            b.put("x" + i, JsonObject.builder()
                .put("_type", "uniform")
                .put("_value", JsonArray.of(JsonFloat.of(lows[i]), JsonFloat.of(highs[i])))
                .build());
        }
        return b.build();
    }

    @Override
    public double optimum() {
        return optimum;
    }

    @Override
    public int epochs() {
        return 1;
    }

    /** The function value at {@code x}, without range checks. */
    public double valueAt(double... x) {
        if (x.length != lows.length) {
            throw new IllegalArgumentException(name + " takes " + lows.length + " coordinates, got " + x.length);
        }
        return function.applyAsDouble(x);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, name + " parameters");
        double[] x = new double[lows.length];
        for (int i = 0; i < x.length; i++) {
            String key = "x" + i;
            x[i] = Params.number(p, key);
            if (!(x[i] >= lows[i] && x[i] <= highs[i])) {
                throw new IllegalArgumentException("parameter \"" + key + "\" = " + x[i] + " is outside its domain ["
                    + lows[i] + ", " + highs[i] + "] of " + name);
            }
        }
        return Trajectory.single(function.applyAsDouble(x));
    }
}
