package dev.tunerd.simulator.report;

import java.util.List;
import java.util.Locale;

/**
 * One inline SVG chart with an x and a y {@link Axis}: frame, grid, tick labels, axis titles and a legend; callers
 * add their marks through {@link #px}, {@link #py} and {@link #add}. The element carries {@code class="chart"} and
 * {@code data-chart="<id>"} so that tests (and readers of the DOM) can find it. Not thread-safe; one chart per
 * instance.
 */
public final class SvgPlot {

    public static final int WIDTH = 760;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
    public static final int HEIGHT = 340;
    private static final int LEFT = 76;
    private static final int RIGHT = 16;
    private static final int TOP = 34;
    private static final int BOTTOM = 44;

    /** One legend entry. */
    public record Key(String name, String color) {
    }

    private final Axis x;
    private final Axis y;
    private final StringBuilder sb = new StringBuilder(1 << 14);

    public SvgPlot(String id, String title, Axis x, String xLabel, Axis y, String yLabel) {
        this.x = x;
        this.y = y;
        sb.append(fmt("<svg xmlns='http://www.w3.org/2000/svg' class='chart' data-chart='%s' width='%d' height='%d' "
            + "viewBox='0 0 %d %d' font-family='sans-serif' font-size='12'>", Html.escape(id), WIDTH, HEIGHT, WIDTH,
            HEIGHT));
        sb.append(fmt("<text x='%d' y='20' font-size='14' font-weight='bold'>%s</text>", LEFT, Html.text(title)));
        for (double t : y.ticks()) {
            double py = py(t);
            sb.append(fmt("<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#e4e4e4'/>", LEFT, py, WIDTH - RIGHT, py));
            sb.append(fmt("<text x='%d' y='%.1f' text-anchor='end' class='tick'>%s</text>", LEFT - 5, py + 4,
                Axis.label(t)));
        }
        for (double t : x.ticks()) {
            double px = px(t);
            sb.append(fmt("<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#efefef'/>", px, TOP, px, HEIGHT - BOTTOM));
            sb.append(fmt("<text x='%.1f' y='%d' text-anchor='middle' class='tick'>%s</text>", px, HEIGHT - BOTTOM + 16,
                Axis.label(t)));
        }
        sb.append(fmt("<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>", LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT,
            HEIGHT - BOTTOM));
        sb.append(fmt("<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>", LEFT, TOP, LEFT, HEIGHT - BOTTOM));
        sb.append(fmt("<text x='%d' y='%d' text-anchor='middle'>%s</text>", (WIDTH + LEFT) / 2, HEIGHT - 8,
            Html.text(xLabel)));
        sb.append(fmt("<text x='14' y='%d' transform='rotate(-90 14 %d)' text-anchor='middle'>%s</text>",
            (HEIGHT + TOP - BOTTOM) / 2, (HEIGHT + TOP - BOTTOM) / 2, Html.text(yLabel)));
    }

    public Axis xAxis() {
        return x;
    }

    public Axis yAxis() {
        return y;
    }

    /** The pixel column of {@code v}. */
    public double px(double v) {
        return LEFT + (WIDTH - LEFT - RIGHT) * x.fraction(v);
    }

    /** The pixel row of {@code v}. */
    public double py(double v) {
        return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * y.fraction(v);
    }

    /**
     * The pixel row of {@code v} held inside the y axis's range; a value the axis cannot place (0 or below on a log
     * axis, NaN) sits on the bottom edge.
     */
    public double pyInside(double v) {
        return py(y.accepts(v) ? Math.max(y.lo(), Math.min(y.hi(), v)) : y.lo());
    }

    /** The colour of the {@code i}-th series of a chart (ten distinct colours, then again from the first). */
    public static String colour(int i) {
        return COLOURS[Math.floorMod(i, COLOURS.length)];
    }

    /**
     * A band between {@code lower} and {@code upper} at {@code xs} (same lengths; values held inside the y axis as
     * {@link #pyInside}): {@code class="band"}, filled in {@code colour} at 15 % opacity, no outline.
     */
    public SvgPlot band(double[] xs, double[] lower, double[] upper, String colour) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            d.append(i == 0 ? "M" : "L").append(fmt("%.1f %.1f", px(xs[i]), pyInside(upper[i])));
        }
        for (int i = xs.length - 1; i >= 0; i--) {
            d.append(fmt("L%.1f %.1f", px(xs[i]), pyInside(lower[i])));
        }
        return add("<path class='band' d='" + d + "Z' fill='" + Html.escape(colour) + "' fill-opacity='0.15' "
            + "stroke='none'/>");
    }

    /**
     * A 2-pixel line through {@code ys} at {@code xs} (held inside the y axis as {@link #pyInside}) with
     * {@code class="<cssClass>"} and {@code title} (escaped and capped) as its tooltip.
     */
    public SvgPlot line(String cssClass, double[] xs, double[] ys, String colour, String title) {
        return line(cssClass, xs, ys, colour, "", title);
    }

    /**
     * {@link #line(String, double[], double[], String, String)} dashed as {@code dash} (an SVG dash array; "" for a
     * solid line).
     */
    public SvgPlot line(String cssClass, double[] xs, double[] ys, String colour, String dash, String title) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            d.append(i == 0 ? "M" : "L").append(fmt("%.1f %.1f", px(xs[i]), pyInside(ys[i])));
        }
        return add("<path class='" + Html.escape(cssClass) + "' d='" + d + "' fill='none' stroke='"
            + Html.escape(colour) + "' stroke-width='2'" + (dash.isEmpty() ? "" : " stroke-dasharray='"
            + Html.escape(dash) + "'") + "><title>" + Html.text(title) + "</title></path>");
    }

    /** Whether the point lies on both axes and inside their ranges. */
    public boolean inside(double vx, double vy) {
        return x.accepts(vx) && y.accepts(vy) && x.fraction(vx) >= -1e-9 && x.fraction(vx) <= 1 + 1e-9
            && y.fraction(vy) >= -1e-9 && y.fraction(vy) <= 1 + 1e-9;
    }

    /** Appends raw SVG markup (already escaped). */
    public SvgPlot add(String markup) {
        sb.append(markup);
        return this;
    }

    /** Plot width in pixels (for downsampling by pixel column). */
    public static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    /** Adds the legend (top right, one line per key) and closes the element. */
    public String close(List<Key> legend) {
        int lx = WIDTH - RIGHT - 190;
        if (!legend.isEmpty()) {
            sb.append(fmt("<rect x='%d' y='%d' width='186' height='%d' fill='white' fill-opacity='0.8'/>", lx - 4,
                TOP, 16 * legend.size() + 6));
        }
        for (int i = 0; i < legend.size(); i++) {
            int ly = TOP + 4 + 16 * i;
            sb.append(fmt("<rect x='%d' y='%d' width='10' height='10' fill='%s'/>", lx, ly,
                Html.escape(legend.get(i).color())));
            sb.append(fmt("<text x='%d' y='%d'>%s</text>", lx + 14, ly + 9, Html.text(legend.get(i).name())));
        }
        return sb.append("</svg>").toString();
    }

    public static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
