package dev.tunerd.spi.text;

/**
 * The one way a value from outside (a trial id, a parameter value, a key, a frame's content: anything the manager or
 * a user sent) is put into a log line or an {@code ER}: control characters and line breaks escaped, so the value can
 * never start a log line of its own, and the length capped, so a 5 MB trial id costs a log line of a few hundred
 * characters. Stateless; thread-safe.
 *
 * <p>Escaping: {@code \n}, {@code \r} and {@code \t} as in Java source, every other character below
 * U+0020, U+007F..U+009F, the Unicode line and paragraph separators (U+2028, U+2029), U+0085 and the bidirectional
 * overrides (U+202A..U+202E, U+2066..U+2069) as {@code \\uXXXX}. Capping counts characters of the original value and
 * ends with {@code "... (N more)"}, N being the characters left out.
 */
public final class SafeText {
    /** How many characters of an outside value a log line or {@code ER} quotes by default. */
    public static final int DEFAULT_CAP = 200;

    private SafeText() {
    }

    /** {@code value} escaped and capped at {@value #DEFAULT_CAP} characters; {@code "null"} for null. */
    public static String of(Object value) {
        return capped(value, DEFAULT_CAP);
    }

    /** {@code value} escaped and capped at {@code max} characters of the original; {@code "null"} for null. */
    public static String capped(Object value, int max) {
        if (value == null) {
            return "null";
        }
        String s = value.toString();
        int keep = Math.min(s.length(), Math.max(0, max));
        if (keep < s.length() && keep > 0 && Character.isHighSurrogate(s.charAt(keep - 1))) {
            keep--; // never split a surrogate pair
        }
        StringBuilder sb = new StringBuilder(Math.min(keep, 1024) + 24);
        escapeInto(sb, s, keep);
        if (keep < s.length()) {
            sb.append("... (").append(s.length() - keep).append(" more)");
        }
        return sb.toString();
    }

    /** {@code value} escaped, not capped: for text whose length is already bounded. */
    public static String escaped(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 8);
        escapeInto(sb, value, value.length());
        return sb.toString();
    }

    /** True when {@link #escaped} would change {@code value}. */
    public static boolean needsEscaping(CharSequence value) {
        for (int i = 0; i < value.length(); i++) {
            if (isUnsafe(value.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static void escapeInto(StringBuilder sb, String s, int end) {
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (!isUnsafe(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
    }

    private static boolean isUnsafe(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029'
            || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }
}
