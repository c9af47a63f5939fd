package dev.tunerd.report;

import dev.tunerd.simulator.report.Axis;
import dev.tunerd.simulator.report.Html;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Parallel coordinates: one vertical axis per parameter column (numbers on a linear or log axis, choices as evenly
 * spaced labelled categories, nested parameters as their own axes) and a last axis for the result; one line per
 * trial, coloured by its rank (dark blue best, yellow worst; grey without a result). An inactive nested parameter
 * breaks the line there. Above {@link #MAX_LINES} trials the best {@link #KEEP_BEST} and a seeded sample of the rest
 * are drawn. Stateless.
 */
final class ParallelCoordinates {

    static final int MAX_LINES = 1500;
    static final int KEEP_BEST = 300;
    private static final int HEIGHT = 380;
    private static final int TOP = 46;
    private static final int BOTTOM = 40;
    private static final int SIDE = 70;
    private static final int[][] PALETTE = {{44, 62, 145}, {33, 145, 140}, {94, 201, 98}, {242, 193, 46}};

    private ParallelCoordinates() {
    }

    /** One axis: where a trial's value sits on it, 0 (bottom) to 1 (top), NaN when absent. */
    private record Dimension(String name, double[] position, List<String[]> ticks) {
    }

    static String render(Experiment e, ParameterColumns columns) {
        List<Dimension> dims = new ArrayList<>();
        for (ParameterColumns.Column c : columns.columns()) {
            dims.add(c.numeric() ? numeric(c.name(), c.values()) : categorical(c));
        }
        double[] results = e.trials().stream().mapToDouble(ReportTrial::value).toArray();
        dims.add(numeric("result", results));
        int width = Math.max(760, Math.min(1600, 2 * SIDE + 120 * (dims.size() - 1)));
        double gap = dims.size() == 1 ? 0 : (width - 2.0 * SIDE) / (dims.size() - 1);
        List<Integer> chosen = choose(e);
        double[] rank = colourRank(e, chosen);
        StringBuilder sb = new StringBuilder(1 << 16).append(String.format(java.util.Locale.ROOT,
            "<svg xmlns='http://www.w3.org/2000/svg' class='chart' data-chart='parallel' width='%d' height='%d' "
                + "viewBox='0 0 %d %d' font-family='sans-serif' font-size='11'>", width, HEIGHT, width, HEIGHT));
        sb.append("<text x='10' y='18' font-size='14' font-weight='bold'>Parameters of each trial, coloured by result"
            + "</text>");
        sb.append("<g class='lines' fill='none' stroke-width='1.1'>");
        List<Integer> order = new ArrayList<>(chosen);
        order.sort(Comparator.comparingDouble((Integer i) -> Double.isNaN(rank[i]) ? 2 : -rank[i])); // best on top
        for (int row : order) {
            StringBuilder d = new StringBuilder();
            boolean gapBefore = true;
            for (int k = 0; k < dims.size(); k++) {
                double p = dims.get(k).position()[row];
                if (Double.isNaN(p)) {
                    gapBefore = true;
                    continue;
                }
                d.append(gapBefore ? 'M' : 'L').append(String.format(java.util.Locale.ROOT, "%.1f %.1f ",
                    SIDE + gap * k, y(p)));
                gapBefore = false;
            }
            if (d.length() > 0) {
                sb.append("<path d='").append(d.toString().trim()).append("' stroke='").append(colour(rank[row]))
                    .append(Double.isNaN(rank[row]) ? "' stroke-opacity='0.25'>" : "' stroke-opacity='0.55'>")
                    .append("<title>trial ").append(Html.text(e.trials().get(row).id())).append("</title></path>");
            }
        }
        sb.append("</g>");
        for (int k = 0; k < dims.size(); k++) {
            double x = SIDE + gap * k;
            Dimension dim = dims.get(k);
            sb.append(String.format(java.util.Locale.ROOT, "<line class='axis' x1='%.1f' y1='%d' x2='%.1f' y2='%d' "
                + "stroke='#333'/>", x, TOP, x, HEIGHT - BOTTOM));
            sb.append(String.format(java.util.Locale.ROOT, "<text x='%.1f' y='%d' text-anchor='middle' "
                + "font-weight='bold'>%s</text>", x, TOP - 12, Html.escape(Html.cap(dim.name(), 22))));
            for (String[] t : dim.ticks()) {
                double y = y(Double.parseDouble(t[0]));
                sb.append(String.format(java.util.Locale.ROOT, "<text x='%.1f' y='%.1f' font-size='10' "
                    + "stroke='white' stroke-width='3' paint-order='stroke'>%s</text>", x + 4, y + 3,
                    Html.escape(Html.cap(t[1], 18))));
            }
        }
        sb.append("</svg>");
        if (chosen.size() < e.trials().size()) {
            sb.append("<p class='note'>").append(chosen.size()).append(" of ").append(e.trials().size())
                .append(" trials drawn: the ").append(KEEP_BEST).append(" best and a random sample of the rest.</p>");
        }
        if (columns.dropped() > 0) {
            sb.append("<p class='note'>").append(columns.dropped()).append(" more parameters not shown.</p>");
        }
        return sb.toString();
    }

    private static double y(double position) {
        return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * position;
    }

    private static Dimension numeric(String name, double[] values) {
        boolean log = Axis.prefersLog(values, 2);
        Axis axis = Axis.fit(values, log);
        double[] pos = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            pos[i] = axis.accepts(values[i]) ? axis.fraction(values[i]) : Double.NaN;
        }
        List<String[]> ticks = new ArrayList<>();
        List<Double> t = axis.ticks();
        int step = Math.max(1, (t.size() + 5) / 6);
        for (int i = 0; i < t.size(); i += step) {
            ticks.add(new String[] {Double.toString(axis.fraction(t.get(i))), Axis.label(t.get(i))});
        }
        return new Dimension(name + (log ? " (log)" : ""), pos, ticks);
    }

    private static Dimension categorical(ParameterColumns.Column c) {
        int k = c.categories().size();
        double[] pos = new double[c.values().length];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = c.values()[i] < 0 ? Double.NaN : k == 1 ? 0.5 : c.values()[i] / (k - 1);
        }
        List<String[]> ticks = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            ticks.add(new String[] {Double.toString(k == 1 ? 0.5 : i / (double) (k - 1)), c.categories().get(i)});
        }
        return new Dimension(c.name(), pos, ticks);
    }

    /** The rows to draw: all, or the best KEEP_BEST plus a seeded sample of the others. */
    private static List<Integer> choose(Experiment e) {
        int n = e.trials().size();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        if (n <= MAX_LINES) {
            return all;
        }
        all.sort(Comparator.comparingDouble(i -> e.trials().get(i).hasValue() ? e.loss(e.trials().get(i).value())
            : Double.POSITIVE_INFINITY));
        List<Integer> out = new ArrayList<>(all.subList(0, KEEP_BEST));
        List<Integer> rest = new ArrayList<>(all.subList(KEEP_BEST, n));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < MAX_LINES - KEEP_BEST; i++) {
            int j = i + random.nextInt(rest.size() - i);
            Integer tmp = rest.get(i);
            rest.set(i, rest.get(j));
            rest.set(j, tmp);
            out.add(rest.get(i));
        }
        return out;
    }

    /** 0 for the best drawn result, 1 for the worst, NaN without a result (indexed by trial row). */
    private static double[] colourRank(Experiment e, List<Integer> rows) {
        double[] out = new double[e.trials().size()];
        java.util.Arrays.fill(out, Double.NaN);
        List<Integer> valued = new ArrayList<>(rows.stream().filter(i -> e.trials().get(i).hasValue()).toList());
        valued.sort(Comparator.comparingDouble(i -> e.loss(e.trials().get(i).value())));
        for (int k = 0; k < valued.size(); k++) {
            out[valued.get(k)] = valued.size() == 1 ? 0 : k / (double) (valued.size() - 1);
        }
        return out;
    }

    static String colour(double t) {
        if (Double.isNaN(t)) {
            return "#999999";
        }
        double s = Math.max(0, Math.min(1, t)) * (PALETTE.length - 1);
        int i = Math.min(PALETTE.length - 2, (int) s);
        double f = s - i;
        int[] a = PALETTE[i];
        int[] b = PALETTE[i + 1];
        return String.format(java.util.Locale.ROOT, "#%02x%02x%02x", Math.round(a[0] + (b[0] - a[0]) * f),
            Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f));
    }
}
