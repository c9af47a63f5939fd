package dev.tunerd.report;

import dev.tunerd.simulator.report.Axis;
import dev.tunerd.simulator.report.Html;
import dev.tunerd.simulator.report.Numbers;
import dev.tunerd.simulator.report.SvgPlot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The best result so far against trial number and against time, with every trial's result as a dot. The y axis is
 * logarithmic when all results are positive and span more than 1.5 decades. Above {@link #MAX_DOTS} results, the
 * dots are thinned per pixel column to the lowest and highest result there (plus every trial that improved the
 * best), which keeps the envelope and the improvements exact; the chart says how many were drawn. Stateless.
 */
final class ProgressCharts {

    static final int MAX_DOTS = 3000;
    private static final String DOT = "#8fb3de";
    private static final String BEST = "#1f4e9c";

    private ProgressCharts() {
    }

    static String byTrial(Experiment e) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < e.trials().size(); i++) {
            if (e.trials().get(i).hasValue()) {
                points.add(new double[] {i + 1, e.trials().get(i).value()});
            }
        }
        return chart(e, "best-by-trial", "Best result so far, by trial", "trial number",
            new Axis(Math.min(1, e.trials().size()), Math.max(2, e.trials().size()), false), points);
    }

    static String byTime(Experiment e) {
        List<double[]> points = new ArrayList<>();
        double end = 0;
        for (ReportTrial t : e.trials()) {
            if (t.hasValue() && Double.isFinite(t.endSeconds())) {
                points.add(new double[] {t.endSeconds(), t.value()});
                end = Math.max(end, t.endSeconds());
            }
        }
        points.sort(Comparator.comparingDouble(p -> p[0]));
        return chart(e, "best-by-time", "Best result so far, by time", "seconds since the start",
            Axis.fit(new double[] {0, end > 0 ? end : 1}, false), points);
    }

    private static String chart(Experiment e, String id, String title, String xLabel, Axis x, List<double[]> points) {
        double[] values = points.stream().mapToDouble(p -> p[1]).toArray();
        boolean log = Axis.prefersLog(values, 1.5);
        SvgPlot plot = new SvgPlot(id, title, x, xLabel, Axis.fit(values, log),
            "result" + (log ? " (log scale)" : "") + (e.minimize() ? ", lower is better" : ", higher is better"));
        boolean[] improved = new boolean[points.size()];
        double best = Double.NaN;
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            double v = points.get(i)[1];
            if (Double.isNaN(best) || e.loss(v) < e.loss(best)) {
                improved[i] = true;
                double px = plot.px(points.get(i)[0]);
                line.append(Double.isNaN(best) ? SvgPlot.fmt("M%.1f %.1f", px, plot.py(v))
                    : SvgPlot.fmt("H%.1fV%.1f", px, plot.py(v)));
                best = v;
            }
        }
        boolean[] drawn = thin(points, improved, plot);
        int count = 0;
        StringBuilder dots = new StringBuilder("<g class='dots' fill='" + DOT + "'>");
        for (int i = 0; i < points.size(); i++) {
            if (drawn[i] && plot.inside(points.get(i)[0], points.get(i)[1])) {
                dots.append(SvgPlot.fmt("<circle cx='%.1f' cy='%.1f' r='2.2'/>", plot.px(points.get(i)[0]),
                    plot.py(points.get(i)[1])));
                count++;
            }
        }
        plot.add(dots.append("</g>").toString());
        if (!points.isEmpty()) {
            line.append(SvgPlot.fmt("H%.1f", plot.px(points.get(points.size() - 1)[0])));
            plot.add("<path class='best' d='" + line + "' fill='none' stroke='" + BEST + "' stroke-width='2'/>");
        }
        String legend = "every trial's result" + (count < points.size() ? " (" + count + " of " + points.size()
            + " drawn)" : "");
        return plot.close(List.of(new SvgPlot.Key(legend, DOT), new SvgPlot.Key("best so far: "
            + (Double.isNaN(best) ? "none" : Numbers.format(best)), BEST))) + caption(points.size(), count);
    }

    private static String caption(int total, int drawn) {
        return drawn < total ? "<p class='note'>" + Html.escape(total + " results; " + drawn + " drawn: per pixel "
            + "column the lowest and the highest, and every improvement.") + "</p>" : "";
    }

    /** Which points to draw: all up to MAX_DOTS, else per pixel column the extremes plus the improvements. */
    private static boolean[] thin(List<double[]> points, boolean[] improved, SvgPlot plot) {
        boolean[] keep = new boolean[points.size()];
        if (points.size() <= MAX_DOTS) {
            Arrays.fill(keep, true);
            return keep;
        }
        int columns = SvgPlot.plotWidth() + 1;
        int[] lo = new int[columns];
        int[] hi = new int[columns];
        Arrays.fill(lo, -1);
        Arrays.fill(hi, -1);
        for (int i = 0; i < points.size(); i++) {
            int c = (int) Math.max(0, Math.min(columns - 1, Math.round(plot.xAxis().fraction(points.get(i)[0])
                * (columns - 1))));
            double v = points.get(i)[1];
            if (lo[c] < 0 || v < points.get(lo[c])[1]) {
                lo[c] = i;
            }
            if (hi[c] < 0 || v > points.get(hi[c])[1]) {
                hi[c] = i;
            }
            keep[i] = improved[i];
        }
        for (int c = 0; c < columns; c++) {
            if (lo[c] >= 0) {
                keep[lo[c]] = true;
                keep[hi[c]] = true;
            }
        }
        return keep;
    }
}
