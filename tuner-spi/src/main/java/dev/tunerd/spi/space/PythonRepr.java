package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;

/**
 * Renders a {@link JsonValue} the way Python's {@code repr()} and {@code str()} render the object {@code json.loads}
 * would have produced ({@code {'_type': 'normal', '_value': [0, 0.5]}}, {@code True}, {@code None}), so that
 * validation messages read exactly as NNI's. Also gives Python's type names. Stateless and thread-safe.
 */
public final class PythonRepr {

    private PythonRepr() {
    }

    /** Python's {@code repr()} of the value. */
    public static String repr(JsonValue value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }

    /** Python's {@code str()}: as {@link #repr} except that a string is shown without quotes. */
    public static String str(JsonValue value) {
        return value instanceof JsonString s ? s.value() : repr(value);
    }

    /** {@code type(x).__name__}: dict, list, str, int, float, bool, NoneType. */
    public static String typeName(JsonValue value) {
        return value instanceof JsonNull ? "NoneType" : value.typeName();
    }

    /** Python's {@code repr(float)}: the shortest digits that read back to the same double. */
    public static String repr(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0.0" : "0.0";
        }
        BigDecimal shortest = shortest(v);
        String sign = v < 0 ? "-" : "";
        BigDecimal abs = shortest.abs().stripTrailingZeros();
        String digits = abs.unscaledValue().toString();
        int decpt = digits.length() - abs.scale(); // value = 0.DIGITS x 10^decpt
        if (decpt > -4 && decpt <= 16) {
            return sign + positional(digits, decpt);
        }
        String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
        int exp = decpt - 1;
        return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }

    private static BigDecimal shortest(double v) {
        BigDecimal exact = new BigDecimal(v);
        for (int p = 1; p < 17; p++) {
            BigDecimal candidate = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == v) {
                return candidate;
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
    }

    private static String positional(String digits, int decpt) {
        if (decpt <= 0) {
            return "0." + "0".repeat(-decpt) + digits;
        }
        if (decpt >= digits.length()) {
            return digits + "0".repeat(decpt - digits.length()) + ".0";
        }
        return digits.substring(0, decpt) + "." + digits.substring(decpt);
    }

    private static void append(StringBuilder out, JsonValue value) {
        if (value instanceof JsonObject o) {
            out.append('{');
            String sep = "";
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                out.append(sep);
                appendString(out, e.getKey());
                out.append(": ");
                append(out, e.getValue());
                sep = ", ";
            }
            out.append('}');
        } else if (value instanceof JsonArray a) {
            out.append('[');
            for (int i = 0; i < a.size(); i++) {
                out.append(i > 0 ? ", " : "");
                append(out, a.get(i));
            }
            out.append(']');
        } else if (value instanceof JsonString s) {
            appendString(out, s.value());
        } else if (value instanceof JsonFloat f) {
            out.append(repr(f.value()));
        } else if (value instanceof JsonInt i) {
            out.append(i.value());
        } else if (value instanceof JsonBool b) {
            out.append(b.value() ? "True" : "False");
        } else {
            out.append("None");
        }
    }

    /** Python's string repr: single quotes unless the text has a single quote and no double quote. */
    private static void appendString(StringBuilder out, String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        out.append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp < 0x20 || cp == 0x7f) {
                out.append(String.format("\\x%02x", cp));
            } else if (!Character.isDefined(cp) || Character.isISOControl(cp) || Character.isSurrogate((char) cp)
                && cp <= 0xffff) {
                out.append(cp <= 0xff ? String.format("\\x%02x", cp)
                    : cp <= 0xffff ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        out.append(quote);
    }
}
