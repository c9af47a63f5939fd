package dev.tunerd.spi.json;

/** A JSON integer ({@code 2}), kept apart from {@link JsonFloat} ({@code 2.0}). */
public record JsonInt(long value) implements JsonValue {

    public static JsonInt of(long value) {
        return new JsonInt(value);
    }

    @Override
    public boolean isNumber() {
        return true;
    }

    @Override
    public double asDouble() {
        return value;
    }

    @Override
    public String typeName() {
        return "int";
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
