package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Expected texts are what CPython 3.11's {@code json.dumps} prints for the same values. */
class JsonTest {

    @Test
    void writesLikePythonJsonDumps() {
        JsonObject value = JsonObject.builder()
            .put("a", 1).put("b", 2.0).put("c", "\u00e9")
            .put("d", new JsonArray(List.of(JsonBool.TRUE, JsonBool.FALSE, JsonNull.INSTANCE)))
            .put("e", JsonObject.EMPTY).put("f", new JsonArray(List.of()))
            .put("g", 1e-05).put("h", 1e16).put("i", -0.0).put("j", 0.1)
            .build();
        assertEquals("{\"a\": 1, \"b\": 2.0, \"c\": \"\\u00e9\", \"d\": [true, false, null], \"e\": {}, \"f\": [],"
            + " \"g\": 1e-05, \"h\": 1e+16, \"i\": -0.0, \"j\": 0.1}", Json.write(value));
    }

    @Test
    void escapesStringsLikeEnsureAscii() {
        String s = "\"\\\n\r\t\b\f\u0001\u007f/\u00e9\u2603\ud83d\ude00";
        assertEquals("\"\\\"\\\\\\n\\r\\t\\b\\f\\u0001\\u007f/\\u00e9\\u2603\\ud83d\\ude00\"",
            Json.write(JsonString.of(s)));
    }

    @Test
    void keepsKeyOrderBothWays() {
        String text = "{\"z\": 1, \"a\": {\"m\": 2, \"b\": 3}, \"k\": [3, 1, 2]}";
        JsonObject o = Json.parseObject(text, "test");
        assertEquals(List.of("z", "a", "k"), List.copyOf(o.keys()));
        assertEquals(text, Json.write(o));
    }

    @Test
    void duplicateKeysKeepTheFirstPositionAndTheLastValueLikePython() {
        assertEquals("{\"a\": 3, \"b\": 2}", Json.write(Json.parse("{\"a\":1,\"b\":2,\"a\":3}")));
    }

    @Test
    void keepsIntegersApartFromFloats() {
        assertEquals(JsonInt.of(2), Json.parse("2"));
        assertEquals(JsonFloat.of(2.0), Json.parse("2.0"));
        assertEquals(JsonFloat.of(1000.0), Json.parse("1e3"));
        assertEquals(JsonInt.of(0), Json.parse("-0"));
        assertEquals(JsonInt.of(Long.MIN_VALUE), Json.parse("-9223372036854775808"));
        assertEquals("[2, 2.0, 1000.0, 5e-324]", Json.write(Json.parse("[2, 2.0, 1e3, 5e-324]")));
    }

    @Test
    void integersBeyond64BitsAreRejectedNamingThem() {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse("[18446744073709551616]"));
        assertTrue(e.getMessage().contains("18446744073709551616"), e.getMessage());
    }

    @Test
    void reRendersRecordedPythonOutputIdentically() {
        String tr = "{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\":"
            + " 0.6476210866555346, \"y\": 1}, \"parameter_index\": 0}";
        assertEquals(tr, Json.write(Json.parse(tr)));
        String compact = "{\"parameter_id\":0,\"value\":\"0.10793684777592244\"}";
        assertEquals("{\"parameter_id\": 0, \"value\": \"0.10793684777592244\"}", Json.write(Json.parse(compact)));
    }

    @Test
    void readsNonFiniteNumbersAsPythonDoes() {
        JsonArray a = (JsonArray) Json.parse("[NaN, Infinity, -Infinity]");
        assertTrue(Double.isNaN(a.get(0).asDouble()));
        assertEquals(Double.POSITIVE_INFINITY, a.get(1).asDouble());
        assertEquals(Double.NEGATIVE_INFINITY, a.get(2).asDouble());
        assertInstanceOf(JsonFloat.class, a.get(0));
        assertEquals("[NaN, Infinity, -Infinity]", Json.writeAllowingNonFinite(a));
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void refusesToWriteNonFiniteNumbers(double d) {
        JsonValue v = JsonObject.builder().put("value", d).build();
        JsonException e = assertThrows(JsonException.class, () -> Json.write(v));
        assertTrue(e.getMessage().contains("cannot write " + (Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity")),
            e.getMessage());
    }

    @Test
    void acceptsCommentsAsJsonTricksDoes() {
        assertEquals(Json.parse("{\"a\": 1, \"b\": 2}"),
            Json.parse("# leading comment\n{\"a\": 1, // one\n \"b\": /* two */ 2}\n"));
    }

    @Test
    void acceptsSurroundingWhiteSpace() {
        assertEquals(JsonInt.of(1), Json.parse("  \n1\t "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "{\"a\": 1} x", "[1, 2", "{'a': 1}", "01", "[1,]", "\"a\nb\""})
    void rejectsWhatPythonRejects(String text) {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(text));
        assertTrue(e.getMessage().contains("JSON"), e.getMessage());
    }

    @Test
    void parseObjectNamesWhatWasExpected() {
        JsonException e = assertThrows(JsonException.class, () -> Json.parseObject("[1]", "search space"));
        assertEquals("search space must be a JSON object, got list", e.getMessage());
    }

    @Test
    void decodesUnicodeEscapes() {
        assertEquals(JsonString.of("\u00e9\ud83d\ude00"), Json.parse("\"\\u00e9\\ud83d\\ude00\""));
        assertEquals(JsonString.of("\u00e9"), Json.parse("\"\\u00E9\""));
    }
}
