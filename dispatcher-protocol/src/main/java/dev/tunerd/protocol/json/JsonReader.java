package dev.tunerd.protocol.json;

import com.fasterxml.jackson.core.io.doubleparser.JavaDoubleParser;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.charset.StandardCharsets;
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
 * the parse; this reader reads the text in place and builds the values as it goes.
 *
 * <p>It reads UTF-8 bytes, not a {@link String}: a frame's payload is parsed where the frame decoder left it, with
 * no string made of the whole content, and a byte array is read several times faster than {@code String.charAt}
 * by the C1-compiled code the daemon runs (profiled: a fifth of the reader thread's time went to {@code charAt}).
 * Everything structural in JSON is ASCII; bytes above it can only stand inside strings (or comments), where a
 * string holding any is decoded from UTF-8 as a whole. The bytes must be valid UTF-8 (a decoded frame's are, and so
 * are a {@code String}'s, encoded by {@link Json#parse}).
 *
 * <p>Errors are {@link JsonException}s that name the problem and the character offset (0-based, in UTF-16 units, as
 * in the text given to {@link Json#parse}). Not thread-safe: one instance reads one text ({@link Json} creates it).
 */
final class JsonReader {

    static final int MAX_DEPTH = 1000;
    private static final int MAX_LONG_DIGITS = 18; // every 18-digit decimal fits a long
    private static final byte[] NEGATIVE_INFINITY = "-Infinity".getBytes(StandardCharsets.US_ASCII);

    private final byte[] bytes;
    private final int begin;
    private final int end;
    private int pos;
    private int depth;

    /** Reads {@code length} bytes of valid UTF-8 from {@code offset}. */
    JsonReader(byte[] utf8, int offset, int length) {
        this.bytes = utf8;
        this.begin = offset;
        this.end = offset + length;
        this.pos = offset;
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
            throw new JsonException("unexpected text after the JSON value at character " + charOffset(pos));
        }
        return value;
    }

    private JsonValue readValue() {
        if (pos >= end) {
            throw error("unexpected end of input, expected a value");
        }
        int c = bytes[pos];
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
                if (startsWith(NEGATIVE_INFINITY, pos)) {
                    pos += NEGATIVE_INFINITY.length;
                    return JsonFloat.of(Double.NEGATIVE_INFINITY);
                }
                return readNumber();
            default:
                if (c >= '0' && c <= '9') {
                    return readNumber();
                }
                throw error("unexpected character " + describeAt(pos) + ", expected a value");
        }
    }

    private JsonObject readObject() {
        enter();
        pos++; // '{'
        skipSpace();
        if (pos < end && bytes[pos] == '}') {
            pos++;
            depth--;
            return JsonObject.EMPTY;
        }
        JsonObject.Builder members = JsonObject.builder();
        while (true) {
            skipSpace();
            if (pos >= end || bytes[pos] != '"') {
                throw error(pos >= end ? "unexpected end of input, expected a property name"
                    : "expected a property name in double quotes, got " + describeAt(pos));
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
        if (pos < end && bytes[pos] == ']') {
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
        int c = bytes[pos++];
        if (c == close) {
            return true;
        }
        if (c == ',') {
            return false;
        }
        pos--;
        throw error("expected ',' or '" + close + "' " + where + ", got " + describeAt(pos));
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
    }

    /**
     * The string whose opening quote was just consumed; leaves {@code pos} after the closing quote. A property name
     * ({@code key}) of plain ASCII comes from {@link JsonKeys}; any other string of plain ASCII (nearly all) is made
     * from its bytes directly; one with escapes or other characters takes {@link #readComplexString}.
     */
    private String readString(boolean key) {
        int start = pos;
        while (pos < end) {
            int c = bytes[pos];
            if (c == '"') {
                String value = key ? JsonKeys.key(bytes, start, pos)
                    : new String(bytes, start, pos - start, StandardCharsets.ISO_8859_1);
                pos++;
                return value;
            }
            if (c == '\\' || c < 0) { // an escape, or a byte of a character beyond ASCII
                return readComplexString(start);
            }
            if (c < 0x20) {
                throw error("unescaped control character " + describeAt(pos) + " in a string");
            }
            pos++;
        }
        throw errorAt(start - 1, "unterminated string starting");
    }

    /** The rest of a string from {@code pos} (the string began at {@code start}), with escapes and UTF-8 decoded. */
    private String readComplexString(int start) {
        StringBuilder sb = new StringBuilder(pos - start + 16);
        appendAscii(sb, start, pos);
        while (pos < end) {
            int c = bytes[pos];
            if (c == '"') {
                pos++;
                return sb.toString();
            }
            if (c == '\\') {
                sb.append(readEscape());
            } else if (c < 0) {
                int run = pos;
                while (pos < end && bytes[pos] < 0) {
                    pos++;
                }
                sb.append(new String(bytes, run, pos - run, StandardCharsets.UTF_8));
            } else if (c < 0x20) {
                throw error("unescaped control character " + describeAt(pos) + " in a string");
            } else {
                sb.append((char) c);
                pos++;
            }
        }
        throw errorAt(start - 1, "unterminated string starting");
    }

    private void appendAscii(StringBuilder sb, int from, int to) {
        for (int i = from; i < to; i++) {
            sb.append((char) bytes[i]);
        }
    }

    /** The character of the escape at {@code pos} (its backslash); leaves {@code pos} after it. */
    private char readEscape() {
        if (pos + 1 >= end) {
            throw error("unterminated escape in a string");
        }
        int e = bytes[pos + 1];
        pos += 2;
        switch (e) {
            case '"':
            case '\\':
            case '/':
                return (char) e;
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
                throw errorAt(pos - 2, "invalid escape \\" + (e >= 0x20 && e < 0x7f ? String.valueOf((char) e)
                    : describeAt(pos - 1)) + " in a string");
        }
    }

    private char hexEscape() {
        if (pos + 4 > end) {
            throw errorAt(pos - 2, "\\u escape needs four hex digits");
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int d = bytes[pos + i] < 0 ? -1 : Character.digit((char) bytes[pos + i], 16);
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
        if (bytes[pos] == '-') {
            pos++;
        }
        int intStart = pos;
        if (pos >= end || !isDigit(bytes[pos])) {
            throw errorAt(start, "a number needs digits after '-'");
        }
        if (bytes[pos] == '0') {
            pos++;
            if (pos < end && isDigit(bytes[pos])) {
                throw errorAt(start, "a number may not have leading zeros");
            }
        } else {
            pos = digits(pos);
        }
        int intEnd = pos;
        boolean isFloat = false;
        if (pos < end && bytes[pos] == '.') {
            int fraction = pos + 1;
            pos = digits(fraction);
            if (pos == fraction) {
                throw errorAt(start, "a number needs digits after its decimal point");
            }
            isFloat = true;
        }
        if (pos < end && (bytes[pos] == 'e' || bytes[pos] == 'E')) {
            pos++;
            if (pos < end && (bytes[pos] == '+' || bytes[pos] == '-')) {
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
            return JsonFloat.of(JavaDoubleParser.parseDouble(bytes, start, pos - start));
        }
        if (intEnd - intStart <= MAX_LONG_DIGITS) {
            long v = 0;
            for (int i = intStart; i < intEnd; i++) {
                v = v * 10 + (bytes[i] - '0');
            }
            return JsonInt.of(start == intStart ? v : -v);
        }
        String literal = new String(bytes, start, pos - start, StandardCharsets.ISO_8859_1);
        try {
            return JsonInt.of(Long.parseLong(literal));
        } catch (NumberFormatException e) {
            throw new JsonException("integer " + literal + " is outside the 64-bit range");
        }
    }

    private int digits(int from) {
        int i = from;
        while (i < end && isDigit(bytes[i])) {
            i++;
        }
        return i;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private boolean startsWith(byte[] word, int at) {
        return end - at >= word.length && JsonKeys.regionEquals(bytes, at, word);
    }

    private void literal(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (pos + i >= end || bytes[pos + i] != word.charAt(i)) {
                throw error("unexpected character " + describeAt(pos) + ", expected a value");
            }
        }
        pos += word.length();
    }

    private void expect(char c, String where) {
        if (pos >= end) {
            throw error("unexpected end of input, expected '" + c + "' " + where);
        }
        if (bytes[pos] != c) {
            throw error("expected '" + c + "' " + where + ", got " + describeAt(pos));
        }
        pos++;
    }

    /** Skips white space (space, tab, newline, carriage return) and comments. */
    private void skipSpace() {
        while (pos < end) {
            int c = bytes[pos];
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                pos++;
            } else if (c == '#') {
                skipLine();
            } else if (c == '/' && pos + 1 < end && bytes[pos + 1] == '/') {
                skipLine();
            } else if (c == '/' && pos + 1 < end && bytes[pos + 1] == '*') {
                int close = indexOfCommentEnd(pos + 2);
                if (close < 0) {
                    throw error("unterminated /* comment");
                }
                pos = close + 2;
            } else {
                return;
            }
        }
    }

    private int indexOfCommentEnd(int from) {
        for (int i = from; i + 1 < end; i++) {
            if (bytes[i] == '*' && bytes[i + 1] == '/') {
                return i;
            }
        }
        return -1;
    }

    private void skipLine() {
        while (pos < end && bytes[pos] != '\n' && bytes[pos] != '\r') {
            pos++;
        }
    }

    /** The character at byte {@code at} as an error message shows it: quoted when printable ASCII, else U+XXXX. */
    private String describeAt(int at) {
        int c = bytes[at] & 0xff;
        if (c >= 0x20 && c < 0x7f) {
            return "'" + (char) c + "'";
        }
        if (c >= 0x80) { // the first UTF-16 unit of the character this UTF-8 sequence encodes
            int length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
            String decoded = new String(bytes, at, Math.min(length, end - at), StandardCharsets.UTF_8);
            c = decoded.isEmpty() ? c : decoded.charAt(0);
        }
        return String.format("U+%04X", c);
    }

    /** The offset of byte {@code at} in UTF-16 units from the start of the text (for messages only). */
    private int charOffset(int at) {
        int units = 0;
        for (int i = begin; i < at; i++) {
            int b = bytes[i] & 0xff;
            if ((b & 0xc0) != 0x80) { // not a continuation byte: a new character
                units += b >= 0xf0 ? 2 : 1; // four bytes encode a character beyond the BMP: a surrogate pair
            }
        }
        return units;
    }

    private JsonException error(String problem) {
        return errorAt(pos, problem);
    }

    private JsonException errorAt(int at, String problem) {
        return new JsonException("invalid JSON: " + problem + " at character " + charOffset(at));
    }
}
