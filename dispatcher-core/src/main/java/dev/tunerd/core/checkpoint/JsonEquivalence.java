package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.Map;

/**
 * Equality of JSON values as they survive a round trip through the manager: numbers compare by value ({@code 1} and
 * {@code 1.0} are the same, as JavaScript's {@code JSON.stringify} turns one into the other; NaN equals NaN), objects
 * ignore key order. Stateless; thread-safe.
 */
final class JsonEquivalence {
    private JsonEquivalence() {
    }

    static boolean same(JsonValue a, JsonValue b) {
        if (a.isNumber() && b.isNumber()) {
            if (a instanceof JsonInt x && b instanceof JsonInt y) {
                return x.value() == y.value();
            }
            return Double.compare(a.asDouble(), b.asDouble()) == 0
                || (a.asDouble() == 0.0 && b.asDouble() == 0.0);
        }
        if (a instanceof JsonObject x && b instanceof JsonObject y) {
            return sameMembers(x, y);
        }
        if (a instanceof JsonArray x && b instanceof JsonArray y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static boolean sameMembers(JsonObject x, JsonObject y) {
        if (x.size() != y.size()) {
            return false;
        }
        for (Map.Entry<String, JsonValue> e : x.members().entrySet()) {
            JsonValue other = y.get(e.getKey());
            if (other == null || !same(e.getValue(), other)) {
                return false;
            }
        }
        return true;
    }
}
