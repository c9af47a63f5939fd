package dev.tunerd.protocol.json;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Formats doubles exactly as Python's {@code repr(float)} does: the shortest digits that read back to the same
 * double, positional notation for decimal exponents from -4 to 15 ({@code 0.0001}, {@code 5.0},
 * {@code 1000000000000000.0}) and scientific otherwise ({@code 1e-05}, {@code 1e+16}, {@code 1.5e-07}).
 * Thread-safe.
 */
public final class PythonFloats {

    private PythonFloats() {
    }

    /** The Python repr of a finite double; {@code NaN}, {@code Infinity}, {@code -Infinity} otherwise (json.dumps). */
    public static String repr(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0) {
            return (1 / v < 0) ? "-0.0" : "0.0";
        }
        StringBuilder out = new StringBuilder(24);
        if (v < 0) {
            out.append('-');
            v = -v;
        }
        Decimal d = shortest(v);
        // value = 0.DIGITS x 10^decpt
        int decpt = d.exponent + d.digits.length();
        if (decpt > -4 && decpt <= 16) {
            positional(out, d.digits, decpt);
        } else {
            scientific(out, d.digits, decpt - 1);
        }
        return out.toString();
    }

    private static void positional(StringBuilder out, String digits, int decpt) {
        if (decpt <= 0) {
            out.append("0.");
            out.append("0".repeat(-decpt));
            out.append(digits);
        } else if (decpt >= digits.length()) {
            out.append(digits).append("0".repeat(decpt - digits.length())).append(".0");
        } else {
            out.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
    }

    private static void scientific(StringBuilder out, String digits, int exp) {
        out.append(digits.charAt(0));
        if (digits.length() > 1) {
            out.append('.').append(digits, 1, digits.length());
        }
        out.append('e').append(exp < 0 ? '-' : '+');
        int a = Math.abs(exp);
        if (a < 10) {
            out.append('0');
        }
        out.append(a);
    }

    /** Digits without trailing zeros and the power of ten of the last digit: value = DIGITS x 10^exponent. */
    private record Decimal(String digits, int exponent) {
    }

    private static Decimal shortest(double v) {
        String s = DoubleToDecimal.toString(v); // e.g. "123.456", "1.0E-5", "4.9E-324"
        int e = s.indexOf('E');
        int exp10 = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
        String mantissa = e < 0 ? s : s.substring(0, e);
        int dot = mantissa.indexOf('.');
        String intPart = mantissa.substring(0, dot);
        String frac = mantissa.substring(dot + 1);
        String all = intPart + frac;
        int exponent = exp10 - frac.length();
        int lead = 0;
        while (lead < all.length() - 1 && all.charAt(lead) == '0') {
            lead++;
        }
        all = all.substring(lead);
        int end = all.length();
        while (end > 1 && all.charAt(end - 1) == '0') {
            end--;
        }
        exponent += all.length() - end;
        all = all.substring(0, end);
        if (all.length() == 2) {
            // Java's algorithm never gives fewer than two digits; Python may (5e-324, not 4.9e-324).
            BigDecimal one = new BigDecimal(v).round(new MathContext(1, RoundingMode.HALF_EVEN));
            if (one.doubleValue() == v) {
                BigDecimal stripped = one.stripTrailingZeros();
                return new Decimal(stripped.unscaledValue().toString(), -stripped.scale());
            }
        }
        return new Decimal(all, exponent);
    }
}
