package dev.tunerd.spi.json;

/** JSON {@code true}/{@code false}. Counts as a number, as Python's bool is an int. */
public enum JsonBool implements JsonValue {
    FALSE, TRUE;

    public static JsonBool of(boolean value) {
        return value ? TRUE : FALSE;
    }

    public boolean value() {
        return this == TRUE;
    }

    @Override
    public boolean isNumber() {
        return true;
    }

    @Override
    public double asDouble() {
        return value() ? 1.0 : 0.0;
    }

    @Override
    public String typeName() {
        return "bool";
    }

    @Override
    public String toString() {
        return value() ? "true" : "false";
    }
}
