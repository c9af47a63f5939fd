package dev.tunerd.spi.json;

/**
 * An immutable JSON value that keeps what Python's {@code json} module keeps: integers apart from floats
 * ({@code 2} is not {@code 2.0}), object key order, and non-finite floats (NaN and infinities may arrive
 * in metrics; they are never written into outbound parameter records).
 *
 * <p>Every implementation is an immutable record and therefore thread-safe.
 */
public sealed interface JsonValue permits JsonNull, JsonBool, JsonInt, JsonFloat, JsonString, JsonArray, JsonObject {

    /** True for {@link JsonInt} and {@link JsonFloat} (and, as in Python, {@link JsonBool}). */
    default boolean isNumber() {
        return false;
    }

    /**
     * The numeric value as a double.
     *
     * @throws IllegalStateException when this value is not a number
     */
    default double asDouble() {
        throw new IllegalStateException("not a number: " + this);
    }

    /** A short name of the JSON type for messages: "null", "bool", "int", "float", "str", "list", "dict". */
    String typeName();
}
