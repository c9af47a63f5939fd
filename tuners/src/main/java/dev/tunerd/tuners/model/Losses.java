package dev.tunerd.tuners.model;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;

/**
 * Losses in snapshots: finite ones as JSON floats, non-finite ones as the strings {@code inf}, {@code -inf},
 * {@code nan} (JSON has no such numbers). Stateless and thread-safe.
 */
public final class Losses {
    private Losses() {
    }

    public static JsonValue toJson(double loss) {
        if (Double.isNaN(loss)) {
            return new JsonString("nan");
        }
        if (Double.isInfinite(loss)) {
            return new JsonString(loss > 0 ? "inf" : "-inf");
        }
        return JsonFloat.of(loss);
    }

    /** @throws IllegalArgumentException when the value is neither a number nor one of the three strings */
    public static double fromJson(JsonValue v) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v instanceof JsonString s) {
            switch (s.value()) {
                case "nan": return Double.NaN;
                case "inf": return Double.POSITIVE_INFINITY;
                case "-inf": return Double.NEGATIVE_INFINITY;
                default: break;
            }
        }
        throw new IllegalArgumentException("not a loss: " + v);
    }
}
