package dev.tunerd.spi.json;

/** A JSON float ({@code 2.0}); may be NaN or infinite when it comes from a reported metric. */
public record JsonFloat(double value) implements JsonValue {

    public static JsonFloat of(double value) {
        return new JsonFloat(value);
    }

    public boolean isFinite() {
        return Double.isFinite(value);
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
        return "float";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonFloat other && Double.compare(value, other.value) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(value);
    }

    @Override
    public String toString() {
        return Double.toString(value);
    }
}
