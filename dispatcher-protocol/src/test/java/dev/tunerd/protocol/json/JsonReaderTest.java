package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonReader} against an independent oracle: Jackson's streaming parser configured for Python's extensions
 * (the parser tunerd used before), on random documents, random numbers and metric values; and its own errors.
 */
class JsonReaderTest {

    private static final JsonFactory JACKSON = JsonFactory.builder()
        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
        .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
        .enable(JsonReadFeature.ALLOW_YAML_COMMENTS)
        .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .build();

    /** The oracle: Jackson's tokens turned into the same value model. */
    private static JsonValue viaJackson(String text) {
        try (JsonParser p = JACKSON.createParser(text)) {
            JsonValue v = jacksonValue(p, p.nextToken());
            assertEquals(null, p.nextToken(), "the oracle saw trailing text in " + text);
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonValue jacksonValue(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                JsonObject.Builder b = JsonObject.builder();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    b.put(name, jacksonValue(p, p.nextToken()));
                }
                return b.build();
            }
            case START_ARRAY: {
                List<JsonValue> values = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    values.add(jacksonValue(p, e));
                }
                return new JsonArray(values);
            }
            case VALUE_STRING:
                return JsonString.of(p.getText());
            case VALUE_NUMBER_INT:
                return JsonInt.of(p.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return JsonFloat.of(p.getDoubleValue());
            case VALUE_TRUE:
                return JsonBool.TRUE;
            case VALUE_FALSE:
                return JsonBool.FALSE;
            default:
                return JsonNull.INSTANCE;
        }
    }

    /** Equal values, and the same Java types all the way down (an int is never read as a float or back). */
    private static void assertSameValue(JsonValue expected, JsonValue actual, String text) {
        assertEquals(expected, actual, text);
        assertEquals(expected.getClass(), actual.getClass(), text);
        if (expected instanceof JsonArray a) {
            for (int i = 0; i < a.size(); i++) {
                assertSameValue(a.get(i), ((JsonArray) actual).get(i), text);
            }
        } else if (expected instanceof JsonObject o) {
            assertEquals(List.copyOf(o.keys()), List.copyOf(((JsonObject) actual).keys()), text);
            for (String k : o.keys()) {
                assertSameValue(o.get(k), ((JsonObject) actual).get(k), text);
            }
        } else if (expected instanceof JsonFloat f) {
            assertEquals(Double.doubleToRawLongBits(f.value()), Double.doubleToRawLongBits(actual.asDouble()), text);
        }
    }

    @Test
    void randomDocumentsReadAsTheOracleReadsThem() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 3_000; i++) {
            StringBuilder sb = new StringBuilder();
            randomValue(random, sb, 0);
            String text = sb.toString();
            assertSameValue(viaJackson(text), Json.parse(text), text);
        }
    }

    @Test
    void randomNumbersAndMetricValuesReadAsTheOracleReadsThem() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            double v = switch (i % 4) {
                case 0 -> random.nextDouble();
                case 1 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-320, 308));
                case 2 -> Double.longBitsToDouble(random.nextLong());
                default -> random.nextInt(-1000, 1000) / 8.0;
            };
            if (!Double.isFinite(v)) {
                continue;
            }
            for (String text : new String[] {PythonFloats.repr(v), Double.toString(v), Long.toString((long) v),
                Long.toString(random.nextLong())}) {
                assertSameValue(viaJackson(text), Json.parse(text), text);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0", "7", "-42", "999999999999999999", "-999999999999999999", "9223372036854775807",
        "-9223372036854775808", "0.1", "-0.0", "1e-05", "1E5", "2.5e+300", "1e400", "-1e-400", "0.30000000000000004",
        "4.9e-324", "1.7976931348623157e308", "123456789012345678901234567890.5", "[]", "{}", "[[], {}]",
        "{\"a\": {\"b\": [1, 2.0, \"3\", null, true, false]}}", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\"",
        " # c\n [1, // two\n 2 /* three */, 3]  ",
        "{\"ty\\u0070e\": 1, \"value\": 2, \"valu\": 3, \"values\": 4}"})
    void edgeCasesReadAsTheOracleReadsThem(String text) {
        assertSameValue(viaJackson(text), Json.parse(text), text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "``|expected a JSON value, got empty text",
        "` # only a comment`|expected a JSON value, got empty text",
        "01|invalid JSON: a number may not have leading zeros at character 0",
        "[-]|invalid JSON: a number needs digits after '-' at character 1",
        "1.|invalid JSON: a number needs digits after its decimal point at character 0",
        "1e+|invalid JSON: a number needs digits in its exponent at character 0",
        "+1|invalid JSON: unexpected character '+', expected a value at character 0",
        ".5|invalid JSON: unexpected character '.', expected a value at character 0",
        "[1,]|invalid JSON: unexpected character ']', expected a value at character 3",
        "{\"a\": 1,}|invalid JSON: expected a property name in double quotes, got '}' at character 8",
        "{'a': 1}|invalid JSON: expected a property name in double quotes, got ''' at character 1",
        "{\"a\" 1}|invalid JSON: expected ':' after a property name, got '1' at character 5",
        "[1 2]|invalid JSON: expected ',' or ']' in an array, got '2' at character 3",
        "[1, 2|invalid JSON: unexpected end of input in an array, expected ',' or ']' at character 5",
        "\"abc|invalid JSON: unterminated string starting at character 0",
        "\"a\\x\"|invalid JSON: invalid escape \\x in a string at character 2",
        "\"\\u12\"|invalid JSON: \\u escape needs four hex digits at character 1",
        "tru|invalid JSON: unexpected character 't', expected a value at character 0",
        "+Infinity|invalid JSON: unexpected character '+', expected a value at character 0",
        "-NaN|invalid JSON: a number needs digits after '-' at character 0",
        "{\"a\": 1} x|unexpected text after the JSON value at character 9",
        "[1] /* open|invalid JSON: unterminated /* comment at character 4",
        "99999999999999999999|integer 99999999999999999999 is outside the 64-bit range",
        "-9223372036854775809|integer -9223372036854775809 is outside the 64-bit range"})
    void rejectsWhatPythonRejectsNamingTheProblemAndWhere(String text, String message) {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void rawControlCharactersInStringsAreRejectedAsPythonDoes() {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse("\"a\tb\""));
        assertEquals("invalid JSON: unescaped control character U+0009 in a string at character 2", e.getMessage());
    }

    /** The reader reads UTF-8 bytes; what its errors say still counts characters of the text, as Python does. */
    @Test
    void errorOffsetsAndCharactersBeyondAsciiAreTheText() {
        assertEquals("invalid JSON: unexpected character 'x', expected a value at character 6",
            assertThrows(JsonException.class, () -> Json.parse("[\"\u00e9\", x]")).getMessage());
        assertEquals("invalid JSON: unexpected character 'x', expected a value at character 7",
            assertThrows(JsonException.class, () -> Json.parse("[\"\ud83d\ude00\", x]")).getMessage());
        assertEquals("invalid JSON: unexpected character U+00E9, expected a value at character 1",
            assertThrows(JsonException.class, () -> Json.parse("[\u00e9]")).getMessage());
        assertEquals("invalid JSON: unexpected character U+4E2D, expected a value at character 3",
            assertThrows(JsonException.class, () -> Json.parse("[1,\u4e2d]")).getMessage());
        assertEquals("unexpected text after the JSON value at character 5",
            assertThrows(JsonException.class, () -> Json.parse("\"\u00e9\u00e9\" \u00e9")).getMessage());
    }

    @Test
    void aSliceOfBytesReadsAsTheTextItHolds() {
        String text = "{\"trial_job_id\": \"caf\u00e9 \ud83d\ude00\", \"v\": [1.5, \"a\\tb\"]}";
        byte[] framed = ("ME" + text + "tail").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int length = text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertSameValue(Json.parse(text), Json.parseUtf8(framed, 2, length), text);
        assertEquals(JsonString.of("caf\u00e9 \ud83d\ude00"),
            ((JsonObject) Json.parseUtf8(framed, 2, length)).get("trial_job_id"));
    }

    @Test
    void nestingIsLimited() {
        String ok = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
        assertEquals(JsonArray.class, Json.parse(ok).getClass());
        String deep = "[".repeat(JsonReader.MAX_DEPTH + 1) + "]".repeat(JsonReader.MAX_DEPTH + 1);
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(deep));
        assertTrue(e.getMessage().contains("nesting deeper than 1000 levels"), e.getMessage());
    }

    @Test
    void aRepeatedKeyKeepsItsFirstPositionAndItsLastValue() {
        JsonObject o = (JsonObject) Json.parse("{\"a\": 1, \"b\": 2, \"a\": 3}");
        assertEquals(List.of("a", "b"), List.copyOf(o.keys()));
        assertEquals(JsonInt.of(3), o.get("a"));
    }

    private static void randomValue(SplittableRandom r, StringBuilder sb, int depth) {
        int kind = r.nextInt(depth > 4 ? 6 : 8);
        switch (kind) {
            case 0 -> sb.append(r.nextBoolean() ? "true" : r.nextBoolean() ? "false" : "null");
            case 1 -> sb.append(r.nextLong(-1_000_000_000_000L, 1_000_000_000_000L));
            case 2 -> sb.append(r.nextBoolean() ? PythonFloats.repr(r.nextDouble() * 1e6 - 5e5)
                : r.nextInt(3) == 0 ? "NaN" : r.nextBoolean() ? "Infinity" : "-Infinity");
            case 3, 4 -> randomString(r, sb);
            case 5 -> sb.append(r.nextInt(1000)).append('e').append(r.nextInt(-20, 20));
            case 6 -> {
                sb.append('[');
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    space(r, sb);
                    randomValue(r, sb, depth + 1);
                    space(r, sb);
                    if (i < n - 1) {
                        sb.append(',');
                    }
                }
                sb.append(']');
            }
            default -> {
                sb.append('{');
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    space(r, sb);
                    randomString(r, sb);
                    space(r, sb);
                    sb.append(':');
                    space(r, sb);
                    randomValue(r, sb, depth + 1);
                    if (i < n - 1) {
                        sb.append(',');
                    }
                }
                sb.append('}');
            }
        }
    }

    private static void space(SplittableRandom r, StringBuilder sb) {
        switch (r.nextInt(8)) {
            case 0 -> sb.append(' ');
            case 1 -> sb.append("\n\t ");
            case 2 -> sb.append(" // line comment\n");
            case 3 -> sb.append(" /* block */ ");
            case 4 -> sb.append("# hash comment\r\n");
            default -> {
            }
        }
    }

    private static void randomString(SplittableRandom r, StringBuilder sb) {
        sb.append('"');
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0 -> sb.append(new String[] {"\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"}[r.nextInt(8)]);
                case 1 -> sb.append(String.format("\\u%04x", r.nextInt(0x10000)));
                case 2 -> sb.append((char) r.nextInt(0xa0, 0xd7ff));
                default -> sb.append((char) r.nextInt(0x23, 0x5b)); // printable ASCII without '"' and '\\'
            }
        }
        sb.append('"');
    }
}
