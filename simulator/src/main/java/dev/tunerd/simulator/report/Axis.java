package dev.tunerd.simulator.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One chart axis: a data range, linear or base-10 logarithmic, with readable ticks: on a linear axis steps of
 * 1, 2 or 5 times a power of ten; on a log axis 1, 2 and 5 in every decade when the range spans at most three decades,
 * else powers of ten (every k-th one when there are more than eight). Immutable.
 *
 * @param lo  the low end, in data units (positive on a log axis)
 * @param hi  the high end, above {@code lo}
 * @param log whether the axis is logarithmic
 */
public record Axis(double lo, double hi, boolean log) {

    public Axis {
        if (!(hi > lo) || log && !(lo > 0)) {
            throw new IllegalArgumentException("bad axis range [" + lo + ", " + hi + "]" + (log ? " (log)" : ""));
        }
    }

    /**
     * An axis that holds the finite values of {@code values} (the positive ones on a log axis), widened to the
     * ticks around them. {@code log} is honoured only when some value is positive.
     */
    public static Axis fit(double[] values, boolean log) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (Double.isFinite(v) && (!log || v > 0)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) {
            return log ? new Axis(0.1, 10, true) : new Axis(0, 1, false);
        }
        if (log) {
            double a = Math.pow(10, Math.floor(Math.log10(lo) + 1e-9));
            double b = Math.pow(10, Math.ceil(Math.log10(hi) - 1e-9));
            return new Axis(a, b > a ? b : a * 10, true);
        }
        if (lo == hi) {
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        double step = niceStep((hi - lo) / 5);
        return new Axis(Math.floor(lo / step) * step, Math.ceil(hi / step) * step, false);
    }

    /**
     * Whether values are better shown on a log axis: all finite ones positive and spread over more than
     * {@code decades} decades.
     */
    public static boolean prefersLog(double[] values, double decades) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double v : values) {
            if (Double.isFinite(v)) {
                if (v <= 0) {
                    return false;
                }
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return hi > 0 && Math.log10(hi / lo) > decades;
    }

    /** Where {@code v} lies on the axis, 0 at {@code lo} and 1 at {@code hi} (outside for values out of range). */
    public double fraction(double v) {
        return log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
    }

    /** Whether {@code v} can be placed on this axis (finite, and positive on a log axis). */
    public boolean accepts(double v) {
        return Double.isFinite(v) && (!log || v > 0);
    }

    /** The tick values inside the range, in increasing order. */
    public List<Double> ticks() {
        List<Double> out = new ArrayList<>();
        if (!log) {
            double step = niceStep((hi - lo) / 5);
            for (long k = (long) Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) {
                out.add(clean(k * step));
            }
            return out;
        }
        int first = (int) Math.floor(Math.log10(lo) + 1e-9);
        int last = (int) Math.ceil(Math.log10(hi) - 1e-9);
        int decades = last - first;
        int every = decades <= 8 ? 1 : (decades + 7) / 8;
        int[] mantissas = decades <= 3 ? new int[] {1, 2, 5} : new int[] {1};
        for (int e = first; e <= last; e++) {
            if (Math.floorMod(e, every) != 0) {
                continue;
            }
            for (int m : mantissas) {
                double v = clean(m * Math.pow(10, e));
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    /** A short label for a tick value: plain decimals from 0.001 to 99,999, else {@code 2e-06} style. */
    public static String label(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e-3 && a < 1e5) {
            return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
        }
        String s = String.format(Locale.ROOT, "%.2e", v); // 2.00e-06
        String mantissa = s.substring(0, s.indexOf('e')).replaceAll("0+$", "").replaceAll("\\.$", "");
        int exponent = Integer.parseInt(s.substring(s.indexOf('e') + 1));
        return mantissa + "e" + exponent;
    }

    private static double niceStep(double raw) {
        if (!(raw > 0) || !Double.isFinite(raw)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }

    private static double clean(double v) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.12g", v));
    }
}
