package dev.tunerd.spi.json;

/** JSON {@code null} (Python {@code None}). */
public enum JsonNull implements JsonValue {
    INSTANCE;

    @Override
    public String typeName() {
        return "null";
    }

    @Override
    public String toString() {
        return "null";
    }
}
