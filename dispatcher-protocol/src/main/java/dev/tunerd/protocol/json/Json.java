package dev.tunerd.protocol.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text into {@link JsonValue}s the way Python's {@code json.loads} (and NNI's json_tricks) reads it, and
 * writes it the way {@code json.dumps} writes it.
 *
 * <ul>
 *   <li>Reading keeps key order and integer/float distinction, accepts {@code NaN}, {@code Infinity},
 *       {@code -Infinity}, and {@code #} and {@code //} comments (json_tricks strips those). An integer outside the
 *       64-bit range is an error naming it.</li>
 *   <li>Writing uses Python's separators ({@code ", "} and {@code ": "}), escapes every character outside printable
 *       ASCII as {@code \\uXXXX} ({@code ensure_ascii}), prints floats as Python's repr ({@link PythonFloats}). With
 *       {@link #write(JsonValue)} a non-finite float is an error (the manager's {@code JSON.parse} rejects it);
 *       {@link #writeAllowingNonFinite(JsonValue)} writes {@code NaN}/{@code Infinity} like Python.</li>
 * </ul>
 * Thread-safe.
 */
public final class Json {

    private static final JsonFactory FACTORY = JsonFactory.builder()
        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
        .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
        .enable(JsonReadFeature.ALLOW_YAML_COMMENTS)
        // correctly rounded like Double.parseDouble, several times faster on 17-digit metric values
        .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .streamReadConstraints(StreamReadConstraints.builder()
            .maxStringLength(Integer.MAX_VALUE)
            .maxNestingDepth(1000)
            .maxNumberLength(1000)
            .build())
        .build();

    private Json() {
    }

    /**
     * Parses one JSON value; trailing text other than white space is an error.
     *
     * @throws JsonException naming the position and the problem
     */
    public static JsonValue parse(String text) {
        JsonValue number = PlainNumbers.parse(text);
        if (number != null) {
            return number;
        }
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonException("expected a JSON value, got empty text");
            }
            JsonValue value = read(p, first);
            JsonToken rest = p.nextToken();
            if (rest != null) {
                throw new JsonException("unexpected text after the JSON value at character "
                    + p.currentTokenLocation().getCharOffset());
            }
            return value;
        } catch (JsonParseException e) {
            throw new JsonException("invalid JSON: " + e.getOriginalMessage() + " at character "
                + e.getLocation().getCharOffset(), e);
        } catch (IOException e) {
            throw new JsonException("invalid JSON: " + e.getMessage(), e);
        }
    }

    /** Parses text that must be a JSON object. */
    public static JsonObject parseObject(String text, String what) {
        JsonValue v = parse(text);
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new JsonException(what + " must be a JSON object, got " + v.typeName());
    }

    private static JsonValue read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                JsonObject.Builder members = JsonObject.builder();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    members.put(name, read(p, p.nextToken()));
                }
                return members.build();
            }
            case START_ARRAY: {
                List<JsonValue> values = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    values.add(read(p, e));
                }
                return new JsonArray(values);
            }
            case VALUE_STRING:
                return JsonString.of(p.getText());
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw new JsonException("integer " + p.getText() + " is outside the 64-bit range");
                }
                return JsonInt.of(p.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return JsonFloat.of(p.getDoubleValue());
            case VALUE_TRUE:
                return JsonBool.TRUE;
            case VALUE_FALSE:
                return JsonBool.FALSE;
            case VALUE_NULL:
                return JsonNull.INSTANCE;
            default:
                throw new JsonException("unexpected JSON token " + t);
        }
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
