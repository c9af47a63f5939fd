package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tunerd.spi.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonKeysTest {

    private static String onlyKey(String json) {
        JsonObject o = (JsonObject) Json.parse(json);
        return o.keys().iterator().next();
    }

    /** A protocol key comes back as the shared constant; any other short key from the shared cache. */
    @ParameterizedTest
    @ValueSource(strings = {"parameter_id", "learning_rate_xq"})
    void aShortKeyReadTwiceIsOneString(String name) {
        String first = onlyKey("{\"" + name + "\": 0.1}");
        String again = onlyKey("{\"" + name + "\": 0.2}");
        assertEquals(name, first);
        assertSame(first, again);
    }

    @Test
    void keysLongerThanTheCachedLengthAreReadButNotShared() {
        String name = "k".repeat(33);
        String first = onlyKey("{\"" + name + "\": 1}");
        String again = onlyKey("{\"" + name + "\": 1}");
        assertEquals(name, first);
        assertNotSame(first, again);
    }

    @Test
    void aKeyThatCollidesInItsSlotIsStillReadExactly() {
        // whatever slot two keys share, each read returns its own text
        for (int i = 0; i < 5000; i++) {
            String name = "p" + i;
            byte[] bytes = ("x" + name + "y").getBytes(StandardCharsets.US_ASCII);
            assertEquals(name, JsonKeys.key(bytes, 1, 1 + name.length()));
        }
    }
}
