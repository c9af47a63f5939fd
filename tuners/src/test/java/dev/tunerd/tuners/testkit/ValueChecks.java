package dev.tunerd.tuners.testkit;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterType;
import java.util.Map;

/**
 * Checks a generated parameter set against a flat search space, as NNI's {@code check_range} does and stricter:
 * choice values are options verbatim (so {@code 2.0} stays a float), randint values are JSON integers in
 * {@code [low, high)}, every other type gives JSON floats; bounds hold (log types with a relative 1e-12 slack for
 * {@code exp(log(high))}); q values strictly inside the bounds are multiples of q (1e-6); lognormal family values
 * are positive. Failures are {@link AssertionError}s that name the key and the value.
 */
public final class ValueChecks {
    private static final double EPS = 1e-6;

    private ValueChecks() {
    }

    /** Checks {@code parameters} (an object with exactly the space's keys). */
    public static void check(JsonObject space, JsonValue parameters) {
        if (!(parameters instanceof JsonObject params)) {
            throw new AssertionError("parameters must be an object, got " + parameters);
        }
        if (!params.keys().equals(space.keys())) {
            throw new AssertionError("parameters " + params.keys() + " do not have the space's keys " + space.keys());
        }
        for (Map.Entry<String, JsonValue> e : params.members().entrySet()) {
            JsonObject spec = (JsonObject) space.get(e.getKey());
            checkOne(e.getKey(), spec, e.getValue());
        }
    }

    static void checkOne(String key, JsonObject spec, JsonValue v) {
        ParameterType type = ParameterType.fromWire(((JsonString) spec.get("_type")).value());
        JsonArray args = (JsonArray) spec.get("_value");
        String what = key + " = " + v + " (" + spec + ")";
        if (type == ParameterType.CHOICE) {
            require(args.values().contains(v), what + ": not one of the options, verbatim");
            return;
        }
        double low = args.get(0).asDouble();
        double high = args.get(1).asDouble();
        if (type == ParameterType.RANDINT) {
            require(v instanceof JsonInt, what + ": randint must give a JSON integer");
            require(v.asDouble() >= low && (v.asDouble() < high), what + ": outside [low, high)");
            return;
        }
        require(v instanceof JsonFloat f && Double.isFinite(f.value()), what + ": must be a finite JSON float");
        double x = v.asDouble();
        if (!type.isNormal()) {
            double slack = type.isLog() ? Math.abs(high) * 1e-12 : 0;
            require(x >= low - slack && x <= high + slack, what + ": outside [low, high]");
        }
        if (type.isQuantized()) {
            double q = args.get(2).asDouble();
            boolean inside = type.isNormal() || (low + EPS < x && x < high - EPS);
            double multiple = x / q;
            require(!inside || Math.abs(Math.rint(multiple) - multiple) < EPS, what + ": not a multiple of q");
        }
        if (type == ParameterType.LOGNORMAL || type == ParameterType.QLOGNORMAL) {
            require(x >= 0, what + ": log-normal values are not negative");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
