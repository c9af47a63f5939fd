package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/** Helpers for reported metric values. */
public final class Metrics {
    static final String INCORRECT = "Incorrect final result: the final result should be float/int, or a dict which"
        + " has a key named \"default\" whose value is float/int.";

    private Metrics() {
    }

    /** True when {@link #scalar} accepts {@code value}: a number, or an object whose {@code default} is one. */
    public static boolean isScalar(JsonValue value) {
        return value.isNumber() || value instanceof JsonObject obj && obj.get("default") != null
            && obj.get("default").isNumber();
    }

    /**
     * NNI's {@code extract_scalar_reward}: the value itself when it is a number (bool counts, NaN is allowed), or its
     * {@code default} member when that is a number.
     *
     * @throws IllegalArgumentException with NNI's message otherwise
     */
    public static double scalar(JsonValue value) {
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value instanceof JsonObject obj) {
            JsonValue dflt = obj.get("default");
            if (dflt != null && dflt.isNumber()) {
                return dflt.asDouble();
            }
        }
        throw new IllegalArgumentException(INCORRECT);
    }
}
