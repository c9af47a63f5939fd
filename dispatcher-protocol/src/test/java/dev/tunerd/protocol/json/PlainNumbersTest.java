package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonValue;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PlainNumbersTest {

    /** What Jackson makes of the same number (inside an array, the fast path does not apply). */
    private static JsonValue viaJackson(String number) {
        return ((JsonArray) Json.parse("[" + number + "]")).get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0", "7", "123", "-42", "999999999999999999", "-999999999999999999", "0.1", "-0.0",
        "1e-05", "1E5", "2.5e+300", "1e400", "-1e-400", "0.30000000000000004", "4.9e-324", "1.7976931348623157e308",
        "123456789012345678901234567890.5"})
    void plainNumbersGiveWhatJacksonGives(String text) {
        JsonValue fast = PlainNumbers.parse(text);
        assertNotNull(fast, text);
        assertEquals(viaJackson(text), fast, text);
        assertEquals(viaJackson(text).getClass(), fast.getClass(), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " 1", "1 ", "+1", "01", "-01", ".5", "5.", "1e", "1e+", "-", "NaN", "Infinity",
        "-Infinity", "1.5.2", "0x10", "1_000", "\"1\"", "9223372036854775807", "99999999999999999999",
        "1234567890123456789012345678901234567890.5"})
    void everythingElseGoesToJackson(String text) {
        assertNull(PlainNumbers.parse(text), text);
    }

    @Test
    void randomMetricValuesParseAsJacksonParsesThem() {
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
            for (String text : new String[] {PythonFloats.repr(v), Double.toString(v), Long.toString((long) v)}) {
                assertEquals(viaJackson(text), Json.parse(text), text);
            }
        }
    }

    @Test
    void integersOutOfRangeStillFailAsBefore() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(JsonException.class,
            () -> Json.parse("99999999999999999999"));
        assertEquals("integer 99999999999999999999 is outside the 64-bit range", e.getMessage());
    }
}
