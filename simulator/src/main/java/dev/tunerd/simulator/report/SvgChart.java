package dev.tunerd.simulator.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts for the HTML report: lines (and dots) over trial numbers, on a linear or log y axis, and bars.
 * No scripts, no external resources. Stateless and thread-safe.
 */
public final class SvgChart {

    /** One data series; NaN and infinite points are skipped (and non-positive ones on a log axis). */
    public record Series(String name, String color, double[] values, boolean dots) {
    }

    private static final int W = 720;
    private static final int H = 320;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 30;
    private static final int BOTTOM = 40;

    private SvgChart() {
    }

    public static String lines(String title, String yLabel, boolean logY, List<Series> series) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (Series s : series) {
            n = Math.max(n, s.values().length);
            for (double v : s.values()) {
                if (plottable(v, logY)) {
                    double y = logY ? Math.log10(v) : v;
                    lo = Math.min(lo, y);
                    hi = Math.max(hi, y);
                }
            }
        }
        if (lo > hi) {
            lo = 0;
            hi = 1;
        } else if (logY) { // whole decades, so that the 1-2-5 ticks of Axis fall inside
            lo = Math.floor(lo + 1e-9);
            hi = Math.max(lo + 1, Math.ceil(hi - 1e-9));
        } else if (lo == hi) {
            lo -= 0.5;
            hi += 0.5;
        }
        StringBuilder sb = open(title);
        axes(sb, lo, hi, logY, n, yLabel);
        for (Series s : series) {
            StringBuilder path = new StringBuilder();
            double[] v = s.values();
            for (int i = 0; i < v.length; i++) {
                if (!plottable(v[i], logY)) {
                    continue;
                }
                double x = x(i + 1, n);
                double y = y(logY ? Math.log10(v[i]) : v[i], lo, hi);
                if (s.dots()) {
                    sb.append(fmt("<circle cx='%.1f' cy='%.1f' r='2' fill='%s' fill-opacity='0.5'/>", x, y, s.color()));
                } else {
                    path.append(path.length() == 0 ? "M" : "L").append(fmt("%.1f %.1f ", x, y));
                }
            }
            if (path.length() > 0) {
                sb.append(fmt("<path d='%s' fill='none' stroke='%s' stroke-width='2'/>", path.toString().trim(),
                    s.color()));
            }
        }
        legend(sb, series);
        return sb.append("</svg>").toString();
    }

    public static String bars(String title, String yLabel, int[] values, int max, String color) {
        StringBuilder sb = open(title);
        axes(sb, 0, Math.max(1, max), false, values.length, yLabel);
        double width = Math.max(1, (W - LEFT - RIGHT) / (double) Math.max(1, values.length) - 1);
        for (int i = 0; i < values.length; i++) {
            double top = y(values[i], 0, Math.max(1, max));
            sb.append(fmt("<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'/>",
                x(i + 1, values.length) - width / 2, top, width, H - BOTTOM - top, color));
        }
        return sb.append("</svg>").toString();
    }

    private static StringBuilder open(String title) {
        return new StringBuilder(fmt("<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            + "viewBox='0 0 %d %d' font-family='sans-serif' font-size='12'>", W, H, W, H))
            .append(fmt("<text x='%d' y='18' font-size='14' font-weight='bold'>%s</text>", LEFT, Html.escape(title)));
    }

    private static void axes(StringBuilder sb, double lo, double hi, boolean logY, int n, String yLabel) {
        sb.append(fmt("<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>", LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM));
        sb.append(fmt("<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>", LEFT, TOP, LEFT, H - BOTTOM));
        List<Double> ticks = logY ? new Axis(Math.pow(10, lo), Math.pow(10, hi), true).ticks()
            : Axis.fit(new double[] {lo, hi}, false).ticks().stream().filter(t -> t >= lo && t <= hi).toList();
        for (double t : ticks) {
            double y = y(logY ? Math.log10(t) : t, lo, hi);
            sb.append(fmt("<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#ddd'/>", LEFT, y, W - RIGHT, y));
            sb.append(fmt("<text x='%d' y='%.1f' text-anchor='end'>%s</text>", LEFT - 4, y + 4, Axis.label(t)));
        }
        for (int k = 0; k <= 4; k++) {
            int trial = Math.max(1, (int) Math.round(n * k / 4.0));
            sb.append(fmt("<text x='%.1f' y='%d' text-anchor='middle'>%d</text>", x(trial, n), H - BOTTOM + 16, trial));
        }
        sb.append(fmt("<text x='%d' y='%d' text-anchor='middle'>trial</text>", (W + LEFT) / 2, H - 6));
        sb.append(fmt("<text x='14' y='%d' transform='rotate(-90 14 %d)' text-anchor='middle'>%s</text>",
            H / 2, H / 2, Html.escape(yLabel)));
    }

    private static void legend(StringBuilder sb, List<Series> series) {
        int x = W - RIGHT - 160;
        for (int i = 0; i < series.size(); i++) {
            int y = TOP + 6 + 16 * i;
            sb.append(fmt("<rect x='%d' y='%d' width='10' height='10' fill='%s'/>", x, y, series.get(i).color()));
            sb.append(fmt("<text x='%d' y='%d'>%s</text>", x + 14, y + 9, Html.escape(series.get(i).name())));
        }
    }

    private static boolean plottable(double v, boolean logY) {
        return Double.isFinite(v) && (!logY || v > 0);
    }

    private static double x(int trial, int n) {
        return LEFT + (W - LEFT - RIGHT) * (n <= 1 ? 0.5 : (trial - 1) / (double) (n - 1));
    }

    private static double y(double v, double lo, double hi) {
        return H - BOTTOM - (H - BOTTOM - TOP) * (v - lo) / (hi - lo);
    }

    private static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
