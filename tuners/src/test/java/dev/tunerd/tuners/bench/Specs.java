package dev.tunerd.tuners.bench;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.ParameterType;
import java.util.List;

/** Builds {@link ParameterSpec} records by hand, for kernels tested without a parsed search space. */
public final class Specs {
    private Specs() {
    }

    public static ParameterSpec uniform(String name, double low, double high) {
        return new ParameterSpec(name, ParameterType.UNIFORM, JsonArray.of(JsonFloat.of(low), JsonFloat.of(high)),
            List.of(name), -1, -1, false, 0, low, high, false, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, false);
    }

    public static ParameterSpec randint(String name, int lower, int upper) {
        return new ParameterSpec(name, ParameterType.RANDINT, JsonArray.of(JsonInt.of(lower), JsonInt.of(upper)),
            List.of(name), -1, -1, true, upper - lower, Double.NaN, Double.NaN, false, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, false);
    }

    public static ParameterSpec choice(String name, int size, int parentIndex, int parentBranch) {
        return new ParameterSpec(name, ParameterType.CHOICE, JsonArray.EMPTY, List.of(name), parentIndex,
            parentBranch, true, size, Double.NaN, Double.NaN, false, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, false);
    }

    public static ParameterSpec nestedUniform(String name, double low, double high, int parentIndex, int branch) {
        return new ParameterSpec(name, ParameterType.UNIFORM, JsonArray.of(JsonFloat.of(low), JsonFloat.of(high)),
            List.of(name), parentIndex, branch, false, 0, low, high, false, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, false);
    }

    public static ParameterSpec loguniform(String name, double low, double high) {
        return new ParameterSpec(name, ParameterType.LOGUNIFORM,
            JsonArray.of(JsonFloat.of(low), JsonFloat.of(high)), List.of(name), -1, -1, false, 0, Math.log(low),
            Math.log(high), false, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, true);
    }
}
