package dev.tunerd.spi.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SafeTextTest {

    @Test
    void lineBreaksAndControlCharactersAreEscaped() {
        assertEquals("x\\n[2026-01-01] ERROR (y) FORGED\\r\\t\\u0000\\u001b[31m\\u2028\\u202e",
            SafeText.of("x\n[2026-01-01] ERROR (y) FORGED\r\t\u0000\u001b[31m\u2028\u202e"));
        assertEquals("Ab3dE caf\u00e9 \u4e2d", SafeText.of("Ab3dE caf\u00e9 \u4e2d"), "printable text is left alone");
        assertEquals("null", SafeText.of(null));
    }

    @Test
    void longValuesAreCutSayingHowMuchWasLeftOut() {
        String s = SafeText.of("b".repeat(2_000_000));
        assertEquals("b".repeat(200) + "... (1999800 more)", s);
        assertEquals("abc", SafeText.capped("abc", 3));
        assertEquals("ab... (1 more)", SafeText.capped("abc", 2));
        String pair = "\ud83d\ude00"; // one code point, two chars: never split
        assertEquals("a... (2 more)", SafeText.capped("a" + pair, 2));
        assertFalse(SafeText.needsEscaping("plain"));
        assertTrue(SafeText.needsEscaping("two\nlines"));
    }
}
