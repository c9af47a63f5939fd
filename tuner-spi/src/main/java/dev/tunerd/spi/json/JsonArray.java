package dev.tunerd.spi.json;

import java.util.List;

/** An immutable JSON array. */
public record JsonArray(List<JsonValue> values) implements JsonValue {

    public static final JsonArray EMPTY = new JsonArray(List.of());

    public JsonArray {
        values = List.copyOf(values);
    }

    public static JsonArray of(JsonValue... values) {
        return new JsonArray(List.of(values));
    }

    public int size() {
        return values.size();
    }

    public JsonValue get(int index) {
        return values.get(index);
    }

    @Override
    public String typeName() {
        return "list";
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
