package dev.tunerd.report;

import dev.tunerd.simulator.report.Axis;
import dev.tunerd.simulator.report.Html;
import dev.tunerd.simulator.report.SvgPlot;
import java.util.ArrayList;
import java.util.List;

/**
 * Intermediate results against step, one line per trial: trials that ran to the end in blue, trials stopped early
 * (the assessor's {@code KI}: EARLY_STOPPED; or cancelled) in red with a cross where they stopped. Above
 * {@link #MAX_TRIALS} trials the stopped ones (up to half) and an even selection of the others are drawn. A curve of
 * more than {@link #MAX_BUCKETS} steps is drawn through the lowest and the highest value of each of {@link #MAX_BUCKETS}
 * runs of steps (the plot is narrower than that in pixels): a trial that reported 3,000,000 intermediate results made
 * a 39 MB page in 77 s before (issue 13, session 33). Stateless.
 */
final class IntermediateChart {

    static final int MAX_TRIALS = 300;
    /** The most runs of steps one curve is drawn through (two points each): more than the plot's width in pixels. */
    static final int MAX_BUCKETS = 1000;
    private static final String RAN = "#5b8bd0";
    private static final String STOPPED = "#d62728";

    private IntermediateChart() {
    }

    static String render(Experiment e) {
        List<ReportTrial> stopped = new ArrayList<>();
        List<ReportTrial> ran = new ArrayList<>();
        int steps = 1;
        List<Double> all = new ArrayList<>();
        for (ReportTrial t : e.trials()) {
            if (t.intermediateCount() == 0) {
                continue;
            }
            (t.stopped() ? stopped : ran).add(t);
            steps = Math.max(steps, t.intermediateCount());
            for (int i = 0; i < t.intermediateCount(); i++) {
                all.add(t.intermediateAt(i));
            }
        }
        int stoppedTotal = stopped.size();
        int ranTotal = ran.size();
        stopped = evenly(stopped, Math.min(stopped.size(), MAX_TRIALS / 2));
        ran = evenly(ran, MAX_TRIALS - stopped.size());
        double[] values = all.stream().mapToDouble(Double::doubleValue).toArray();
        boolean log = Axis.prefersLog(values, 1.5);
        SvgPlot plot = new SvgPlot("intermediate", "Intermediate results", new Axis(1, Math.max(2, steps), false),
            "step", Axis.fit(values, log), "intermediate result" + (log ? " (log scale)" : ""));
        StringBuilder sb = new StringBuilder("<g class='curves' fill='none'>");
        for (ReportTrial t : ran) {
            sb.append(curve(plot, t, RAN, false));
        }
        for (ReportTrial t : stopped) {
            sb.append(curve(plot, t, STOPPED, true));
        }
        plot.add(sb.append("</g>").toString());
        String svg = plot.close(List.of(new SvgPlot.Key("ran to the end (" + ranTotal + ")", RAN),
            new SvgPlot.Key("stopped early (" + stoppedTotal + ")", STOPPED)));
        int drawn = stopped.size() + ran.size();
        return svg + (drawn < stoppedTotal + ranTotal ? "<p class='note'>" + drawn + " of " + (stoppedTotal + ranTotal)
            + " trials drawn.</p>" : "");
    }

    private static String curve(SvgPlot plot, ReportTrial t, String colour, boolean stopped) {
        StringBuilder d = new StringBuilder();
        double[] last = {Double.NaN, Double.NaN, -1}; // x, y and step index of the last point drawn
        int count = t.intermediateCount();
        int bucket = Math.max(1, (count + MAX_BUCKETS - 1) / MAX_BUCKETS);
        for (int from = 0; from < count; from += bucket) {
            int to = Math.min(count, from + bucket);
            int low = -1;
            int high = -1;
            for (int i = from; i < to; i++) {
                double v = t.intermediateAt(i);
                if (plot.inside(i + 1, v)) {
                    low = low < 0 || v < t.intermediateAt(low) ? i : low;
                    high = high < 0 || v > t.intermediateAt(high) ? i : high;
                }
            }
            if (low >= 0) { // in step order, so the line goes where the curve went
                point(plot, t, d, last, Math.min(low, high));
                if (low != high) {
                    point(plot, t, d, last, Math.max(low, high));
                }
            }
        }
        for (int i = count - 1; i > last[2]; i--) { // the cross of a stopped trial goes at its last step
            if (plot.inside(i + 1, t.intermediateAt(i))) {
                point(plot, t, d, last, i);
                break;
            }
        }
        double lastX = last[0];
        double lastY = last[1];
        if (d.length() == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder(SvgPlot.fmt("<path d='%s' stroke='%s' stroke-opacity='%s'>",
            d.toString().trim(), colour, stopped ? "0.8" : "0.45"));
        out.append("<title>trial ").append(Html.text(t.id())).append(" (").append(Html.text(t.trialJobId()))
            .append("): ").append(Html.text(t.state())).append("</title></path>");
        if (stopped) {
            out.append(SvgPlot.fmt("<path class='stop' d='M%.1f %.1fl6 6m0 -6l-6 6' stroke='%s' stroke-width='1.6'/>",
                lastX - 3, lastY - 3, colour));
        }
        return out.toString();
    }

    private static void point(SvgPlot plot, ReportTrial t, StringBuilder d, double[] last, int i) {
        last[0] = plot.px(i + 1);
        last[1] = plot.py(t.intermediateAt(i));
        last[2] = i;
        d.append(d.length() == 0 ? "M" : "L").append(SvgPlot.fmt("%.1f %.1f ", last[0], last[1]));
    }

    private static List<ReportTrial> evenly(List<ReportTrial> trials, int count) {
        if (trials.size() <= count) {
            return trials;
        }
        List<ReportTrial> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(trials.get((int) ((long) i * trials.size() / count)));
        }
        return out;
    }
}
