package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.Map;

/**
 * Python's {@code ==} and truthiness for the objects {@code json.loads} produces, where they differ from
 * {@link JsonValue#equals}: {@code 1 == 1.0 == True} in Python. Used where NNI compares user values
 * ({@code list.index}, {@code in}) or tests {@code if not value}. Stateless and thread-safe.
 */
public final class PythonValues {

    private PythonValues() {
    }

    /** Python's {@code a == b}. */
    public static boolean equal(JsonValue a, JsonValue b) {
        if (a.isNumber() && b.isNumber()) {
            if (a instanceof JsonFloat || b instanceof JsonFloat) {
                return a.asDouble() == b.asDouble();
            }
            return asLong(a) == asLong(b);
        }
        if (a instanceof JsonArray x && b instanceof JsonArray y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equal(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof JsonObject x && b instanceof JsonObject y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<String, JsonValue> e : x.members().entrySet()) {
                JsonValue other = y.get(e.getKey());
                if (other == null || !equal(e.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Python's {@code bool(value)}: false for None, False, 0, 0.0, '', [], {}. */
    public static boolean truthy(JsonValue value) {
        if (value instanceof JsonNull) {
            return false;
        }
        if (value instanceof JsonString s) {
            return !s.value().isEmpty();
        }
        if (value instanceof JsonArray a) {
            return a.size() > 0;
        }
        if (value instanceof JsonObject o) {
            return o.size() > 0;
        }
        return value.asDouble() != 0; // NaN is truthy, as in Python
    }

    private static long asLong(JsonValue v) {
        return v instanceof JsonInt i ? i.value() : ((JsonBool) v).value() ? 1 : 0;
    }
}
