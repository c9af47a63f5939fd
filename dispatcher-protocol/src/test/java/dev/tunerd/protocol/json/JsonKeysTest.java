package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tunerd.spi.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonKeysTest {

    private static String onlyKey(String json) {
        JsonObject o = (JsonObject) Json.parse(json);
        return o.keys().iterator().next();
    }

    @Test
    void protocolKeysAreTheSharedConstants() {
        String a = onlyKey("{\"parameter_id\": 1}");
        String b = onlyKey("{\"parameter_id\": 2}");
        assertEquals("parameter_id", a);
        assertSame(a, b);
    }

    @Test
    void shortKeysReadTwiceAreOneString() {
        String first = onlyKey("{\"learning_rate_xq\": 0.1}");
        String again = onlyKey("{\"learning_rate_xq\": 0.2}");
        assertEquals("learning_rate_xq", first);
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
