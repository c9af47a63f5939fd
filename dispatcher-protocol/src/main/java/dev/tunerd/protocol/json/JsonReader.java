package dev.tunerd.protocol.json;

import com.fasterxml.jackson.core.io.NumberInput;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass of recursive descent from JSON text straight to {@link JsonValue}s, with Python's {@code json.loads}
 * rules: the JSON grammar (no leading zeros, no trailing commas, no single quotes, no raw control characters in
 * strings), plus {@code NaN}, {@code Infinity} and {@code -Infinity}, plus the comments NNI's json_tricks strips
 * ({@code #} and {@code //} to the end of the line, {@code /* ... *}{@code /}) wherever white space may stand.
 * Integers are {@link JsonInt}s (an integer outside the 64-bit range is an error naming it); anything with a fraction
 * or an exponent is a correctly rounded {@link JsonFloat} (jackson-core's fast double parser). Objects keep their
 * key order; a repeated key keeps its first position and its last value, as a Python dict does. Nesting is limited to
 * {@value #MAX_DEPTH} levels (Python's recursion limit is of that order).
 *
 * <p>Why not Jackson's streaming parser: every command's content is parsed here, and for the small objects of the
 * protocol (a metric is about 110 characters) setting up a parser, its symbol table and text buffers cost more than
 * the parse; this reader reads the {@link String} in place and builds the values as it goes.
 *
 * <p>Errors are {@link JsonException}s that name the problem and the character offset (0-based). Not thread-safe:
 * one instance reads one text ({@link Json#parse} creates it).
 */
final class JsonReader {

    static final int MAX_DEPTH = 1000;
    private static final int MAX_LONG_DIGITS = 18; // every 18-digit decimal fits a long
    /** Names of the members of the commands (ME, EN, TR, IN), read once per command or more. */
    private static final String[] KNOWN_KEYS = {"parameter_id", "trial_job_id", "type", "sequence", "value", "event",
        "hyper_params", "parameters", "parameter", "parameter_source", "parameter_index", "_type", "_value", "_name",
        "default"};

    private final String text;
    private final int end;
    private int pos;
    private int depth;

    JsonReader(String text) {
        this.text = text;
        this.end = text.length();
    }

    /** Reads the whole text as one JSON value; only white space and comments may follow it. */
    JsonValue readDocument() {
        skipSpace();
        if (pos >= end) {
            throw new JsonException("expected a JSON value, got empty text");
        }
        JsonValue value = readValue();
        skipSpace();
        if (pos < end) {
            throw new JsonException("unexpected text after the JSON value at character " + pos);
        }
        return value;
    }

    private JsonValue readValue() {
        if (pos >= end) {
            throw error("unexpected end of input, expected a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return readObject();
            case '[':
                return readArray();
            case '"':
                pos++;
                return JsonString.of(readString(false));
            case 't':
                literal("true");
                return JsonBool.TRUE;
            case 'f':
                literal("false");
                return JsonBool.FALSE;
            case 'n':
                literal("null");
                return JsonNull.INSTANCE;
            case 'N':
                literal("NaN");
                return JsonFloat.of(Double.NaN);
            case 'I':
                literal("Infinity");
                return JsonFloat.of(Double.POSITIVE_INFINITY);
            case '-':
                if (text.startsWith("-Infinity", pos)) {
                    pos += "-Infinity".length();
                    return JsonFloat.of(Double.NEGATIVE_INFINITY);
                }
                return readNumber();
            default:
                if (c >= '0' && c <= '9') {
                    return readNumber();
                }
                throw error("unexpected character " + describe(c) + ", expected a value");
        }
    }

    private JsonObject readObject() {
        enter();
        pos++; // '{'
        skipSpace();
        if (pos < end && text.charAt(pos) == '}') {
            pos++;
            depth--;
            return JsonObject.EMPTY;
        }
        JsonObject.Builder members = JsonObject.builder();
        while (true) {
            skipSpace();
            if (pos >= end || text.charAt(pos) != '"') {
                throw error(pos >= end ? "unexpected end of input, expected a property name"
                    : "expected a property name in double quotes, got " + describe(text.charAt(pos)));
            }
            pos++;
            String key = readString(true);
            skipSpace();
            expect(':', "after a property name");
            skipSpace();
            members.put(key, readValue());
            skipSpace();
            if (endOfContainer('}', "in an object")) {
                depth--;
                return members.build();
            }
        }
    }

    private JsonArray readArray() {
        enter();
        pos++; // '['
        skipSpace();
        List<JsonValue> values = new ArrayList<>();
        if (pos < end && text.charAt(pos) == ']') {
            pos++;
            depth--;
            return new JsonArray(values);
        }
        while (true) {
            skipSpace();
            values.add(readValue());
            skipSpace();
            if (endOfContainer(']', "in an array")) {
                depth--;
                return new JsonArray(values);
            }
        }
    }

    /** After a member or element: true at the closing bracket (consumed), false at a comma (consumed). */
    private boolean endOfContainer(char close, String where) {
        if (pos >= end) {
            throw error("unexpected end of input " + where + ", expected ',' or '" + close + "'");
        }
        char c = text.charAt(pos++);
        if (c == close) {
            return true;
        }
        if (c == ',') {
            return false;
        }
        pos--;
        throw error("expected ',' or '" + close + "' " + where + ", got " + describe(c));
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
    }

    /**
     * The string whose opening quote was just consumed; leaves {@code pos} after the closing quote. A property name
     * ({@code key}) that is one of the protocol's own comes back as the one shared {@code String}: no copy, and its
     * hash code already computed for the map it goes into.
     */
    private String readString(boolean key) {
        int start = pos;
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == '"') {
                String known = key ? knownKey(start, pos) : null;
                String value = known != null ? known : text.substring(start, pos);
                pos++;
                return value;
            }
            if (c == '\\') {
                return readEscapedString(start);
            }
            if (c < 0x20) {
                throw error("unescaped control character " + describe(c) + " in a string");
            }
            pos++;
        }
        throw errorAt(start - 1, "unterminated string starting");
    }

    private String knownKey(int start, int close) {
        int length = close - start;
        for (String known : KNOWN_KEYS) {
            if (known.length() == length && text.regionMatches(start, known, 0, length)) {
                return known;
            }
        }
        return null;
    }

    private String readEscapedString(int start) {
        StringBuilder sb = new StringBuilder(pos - start + 16).append(text, start, pos);
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return sb.toString();
            }
            if (c == '\\') {
                sb.append(readEscape());
            } else if (c < 0x20) {
                throw error("unescaped control character " + describe(c) + " in a string");
            } else {
                sb.append(c);
                pos++;
            }
        }
        throw errorAt(start - 1, "unterminated string starting");
    }

    /** The character of the escape at {@code pos} (its backslash); leaves {@code pos} after it. */
    private char readEscape() {
        if (pos + 1 >= end) {
            throw error("unterminated escape in a string");
        }
        char e = text.charAt(pos + 1);
        pos += 2;
        switch (e) {
            case '"':
            case '\\':
            case '/':
                return e;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                return hexEscape();
            default:
                throw errorAt(pos - 2, "invalid escape \\" + (e >= 0x20 && e < 0x7f ? String.valueOf(e) : describe(e))
                    + " in a string");
        }
    }

    private char hexEscape() {
        if (pos + 4 > end) {
            throw errorAt(pos - 2, "\\u escape needs four hex digits");
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int d = Character.digit(text.charAt(pos + i), 16);
            if (d < 0) {
                throw errorAt(pos - 2, "\\u escape needs four hex digits");
            }
            v = v << 4 | d;
        }
        pos += 4;
        return (char) v;
    }

    private JsonValue readNumber() {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
        }
        int intStart = pos;
        if (pos >= end || !isDigit(text.charAt(pos))) {
            throw errorAt(start, "a number needs digits after '-'");
        }
        if (text.charAt(pos) == '0') {
            pos++;
            if (pos < end && isDigit(text.charAt(pos))) {
                throw errorAt(start, "a number may not have leading zeros");
            }
        } else {
            pos = digits(pos);
        }
        int intEnd = pos;
        boolean isFloat = false;
        if (pos < end && text.charAt(pos) == '.') {
            int fraction = pos + 1;
            pos = digits(fraction);
            if (pos == fraction) {
                throw errorAt(start, "a number needs digits after its decimal point");
            }
            isFloat = true;
        }
        if (pos < end && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < end && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            int exponent = pos;
            pos = digits(exponent);
            if (pos == exponent) {
                throw errorAt(start, "a number needs digits in its exponent");
            }
            isFloat = true;
        }
        if (isFloat) {
            return JsonFloat.of(NumberInput.parseDouble(text.substring(start, pos), true));
        }
        if (intEnd - intStart <= MAX_LONG_DIGITS) {
            long v = 0;
            for (int i = intStart; i < intEnd; i++) {
                v = v * 10 + (text.charAt(i) - '0');
            }
            return JsonInt.of(start == intStart ? v : -v);
        }
        String literal = text.substring(start, pos);
        try {
            return JsonInt.of(Long.parseLong(literal));
        } catch (NumberFormatException e) {
            throw new JsonException("integer " + literal + " is outside the 64-bit range");
        }
    }

    private int digits(int from) {
        int i = from;
        while (i < end && isDigit(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void literal(String word) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected character " + describe(text.charAt(pos)) + ", expected a value");
        }
        pos += word.length();
    }

    private void expect(char c, String where) {
        if (pos >= end) {
            throw error("unexpected end of input, expected '" + c + "' " + where);
        }
        if (text.charAt(pos) != c) {
            throw error("expected '" + c + "' " + where + ", got " + describe(text.charAt(pos)));
        }
        pos++;
    }

    /** Skips white space (space, tab, newline, carriage return) and comments. */
    private void skipSpace() {
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                pos++;
            } else if (c == '#') {
                skipLine();
            } else if (c == '/' && pos + 1 < end && text.charAt(pos + 1) == '/') {
                skipLine();
            } else if (c == '/' && pos + 1 < end && text.charAt(pos + 1) == '*') {
                int close = text.indexOf("*/", pos + 2);
                if (close < 0) {
                    throw error("unterminated /* comment");
                }
                pos = close + 2;
            } else {
                return;
            }
        }
    }

    private void skipLine() {
        while (pos < end && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
            pos++;
        }
    }

    private static String describe(char c) {
        if (c >= 0x20 && c < 0x7f) {
            return "'" + c + "'";
        }
        return String.format("U+%04X", (int) c);
    }

    private JsonException error(String problem) {
        return errorAt(pos, problem);
    }

    private JsonException errorAt(int at, String problem) {
        return new JsonException("invalid JSON: " + problem + " at character " + at);
    }
}
