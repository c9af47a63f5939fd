package dev.tunerd.protocol.json;

import com.fasterxml.jackson.core.io.NumberInput;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonValue;

/**
 * The fast path of {@link Json#parse} for text that is one plain JSON number and nothing else: a metric's
 * {@code value} ({@code "0.8234..."}, parsed a second time for every {@code ME}) is almost always one. Accepts exactly
 * the JSON grammar {@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}, up to 40 characters and, for integers, up
 * to 18 digits; anything else (white space, NaN, comments, long or malformed numbers) returns null and goes through
 * Jackson, which decides and words the errors. The values are the ones Jackson gives: an integer literal is a
 * {@link JsonInt}, anything with a fraction or exponent a correctly rounded {@link JsonFloat}. Stateless, thread-safe.
 */
final class PlainNumbers {

    private static final int MAX_LENGTH = 40;
    private static final int MAX_INTEGER_DIGITS = 18;

    private PlainNumbers() {
    }

    /** The number, or null when {@code text} is not one plain JSON number (then Jackson parses it). */
    static JsonValue parse(String text) {
        int n = text.length();
        if (n == 0 || n > MAX_LENGTH) {
            return null;
        }
        int i = text.charAt(0) == '-' ? 1 : 0;
        int intStart = i;
        i = digits(text, i);
        int intDigits = i - intStart;
        if (intDigits == 0 || (intDigits > 1 && text.charAt(intStart) == '0')) {
            return null;
        }
        boolean isFloat = false;
        if (i < n && text.charAt(i) == '.') {
            int fracStart = i + 1;
            i = digits(text, fracStart);
            if (i == fracStart) {
                return null;
            }
            isFloat = true;
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            int expStart = i;
            i = digits(text, expStart);
            if (i == expStart) {
                return null;
            }
            isFloat = true;
        }
        if (i != n) {
            return null;
        }
        if (isFloat) {
            return JsonFloat.of(NumberInput.parseDouble(text, true));
        }
        return intDigits > MAX_INTEGER_DIGITS ? null : JsonInt.of(Long.parseLong(text));
    }

    private static int digits(String text, int from) {
        int i = from;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
