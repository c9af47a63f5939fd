package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/** Small JSON builders for tests. */
final class Jsonish {
    private Jsonish() {
    }

    static JsonArray list(double... values) {
        List<JsonValue> out = new ArrayList<>();
        for (double v : values) {
            out.add(JsonFloat.of(v));
        }
        return new JsonArray(out);
    }
}
