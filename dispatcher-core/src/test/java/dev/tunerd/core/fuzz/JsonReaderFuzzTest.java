package dev.tunerd.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.json.JsonValue;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target: the hand-written JSON reader of dispatcher-protocol (Python's {@code json.loads} rules). Any valid UTF-8
 * text may only parse or fail with {@link JsonException}; a parsed value written back (NaN allowed) must parse to an
 * equal value and write the same text again. Replayed from {@code JsonReaderFuzzTestInputs/} in every build.
 */
class JsonReaderFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void anyTextParsesOrFailsWithAJsonError(byte[] input) {
        if (!isUtf8(input)) {
            return; // the frame decoder refuses invalid UTF-8 before the reader ever sees it
        }
        JsonValue value;
        try {
            value = Json.parseUtf8(input, 0, input.length);
        } catch (JsonException expected) {
            return;
        }
        String written = Json.writeAllowingNonFinite(value);
        JsonValue again = Json.parse(written);
        assertEquals(written, Json.writeAllowingNonFinite(again), "writing is stable through a round trip");
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
