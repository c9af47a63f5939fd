package dev.tunerd.protocol.json;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads JSON text into {@link JsonValue}s the way Python's {@code json.loads} (and NNI's json_tricks) reads it, and
 * writes it the way {@code json.dumps} writes it.
 *
 * <ul>
 *   <li>Reading ({@link JsonReader}) keeps key order and integer/float distinction, accepts {@code NaN},
 *       {@code Infinity}, {@code -Infinity}, and {@code #}, {@code //} and block comments (json_tricks strips those).
 *       An integer outside the 64-bit range is an error naming it.</li>
 *   <li>Writing uses Python's separators ({@code ", "} and {@code ": "}), escapes every character outside printable
 *       ASCII as {@code \\uXXXX} ({@code ensure_ascii}), prints floats as Python's repr ({@link PythonFloats}). With
 *       {@link #write(JsonValue)} a non-finite float is an error (the manager's {@code JSON.parse} rejects it);
 *       {@link #writeAllowingNonFinite(JsonValue)} writes {@code NaN}/{@code Infinity} like Python.</li>
 * </ul>
 * Thread-safe.
 */
public final class Json {

    private Json() {
    }

    /**
     * Parses one JSON value; trailing text other than white space is an error.
     *
     * @throws JsonException naming the position and the problem
     */
    public static JsonValue parse(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8); // a lone surrogate, which UTF-8 cannot carry, reads as '?'
        return new JsonReader(utf8, 0, utf8.length).readDocument();
    }

    /**
     * As {@link #parse(String)}, from {@code length} bytes of UTF-8 at {@code offset} (a frame's payload as it came,
     * without a {@code String} made of it first). The bytes must be valid UTF-8; error offsets count characters.
     */
    public static JsonValue parseUtf8(byte[] utf8, int offset, int length) {
        return new JsonReader(utf8, offset, length).readDocument();
    }

    /** Parses text that must be a JSON object. */
    public static JsonObject parseObject(String text, String what) {
        JsonValue v = parse(text);
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new JsonException(what + " must be a JSON object, got " + v.typeName());
    }

    /**
     * Writes {@code value} as Python's {@code json.dumps} would.
     *
     * @throws JsonException when it contains NaN or an infinity
     */
    public static String write(JsonValue value) {
        StringBuilder sb = new StringBuilder(64);
        write(sb, value, false);
        return sb.toString();
    }

    /** As {@link #write(JsonValue)}, but writes NaN and infinities as Python does. */
    public static String writeAllowingNonFinite(JsonValue value) {
        StringBuilder sb = new StringBuilder(64);
        write(sb, value, true);
        return sb.toString();
    }

    /** Appends {@code value} to {@code out}; see {@link #write(JsonValue)}. */
    public static void write(StringBuilder out, JsonValue value, boolean allowNonFinite) {
        if (value instanceof JsonObject o) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                if (!first) {
                    out.append(", ");
                }
                first = false;
                writeString(out, e.getKey());
                out.append(": ");
                write(out, e.getValue(), allowNonFinite);
            }
            out.append('}');
        } else if (value instanceof JsonArray a) {
            out.append('[');
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                write(out, a.get(i), allowNonFinite);
            }
            out.append(']');
        } else if (value instanceof JsonString s) {
            writeString(out, s.value());
        } else if (value instanceof JsonFloat f) {
            if (!allowNonFinite && !f.isFinite()) {
                throw new JsonException("cannot write " + PythonFloats.repr(f.value())
                    + ": the manager does not accept non-finite numbers");
            }
            out.append(PythonFloats.repr(f.value()));
        } else {
            out.append(value.toString()); // null, true, false, integers
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Appends a JSON string literal with Python's ensure_ascii escaping. */
    public static void writeString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        out.append(c);
                    } else {
                        out.append("\\u").append(HEX[(c >> 12) & 15]).append(HEX[(c >> 8) & 15])
                            .append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
                    }
                }
            }
        }
        out.append('"');
    }
}
