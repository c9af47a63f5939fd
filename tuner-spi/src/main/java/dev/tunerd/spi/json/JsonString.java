package dev.tunerd.spi.json;

import java.util.Objects;

/** A JSON string. */
public record JsonString(String value) implements JsonValue {

    public JsonString {
        Objects.requireNonNull(value, "value");
    }

    public static JsonString of(String value) {
        return new JsonString(value);
    }

    @Override
    public String typeName() {
        return "str";
    }

    @Override
    public String toString() {
        return '"' + value + '"';
    }
}
