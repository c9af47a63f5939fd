package dev.tunerd.report;

import dev.tunerd.simulator.report.Axis;
import dev.tunerd.simulator.report.Html;
import dev.tunerd.simulator.report.SvgPlot;
import java.util.ArrayList;
import java.util.List;

/**
 * Intermediate results against step, one line per trial: trials that ran to the end in blue, trials stopped early
 * (the assessor's {@code KI}: EARLY_STOPPED; or cancelled) in red with a cross where they stopped. Above
 * {@link #MAX_TRIALS} trials the stopped ones (up to half) and an even selection of the others are drawn.
 * Stateless.
 */
final class IntermediateChart {

    static final int MAX_TRIALS = 300;
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
        double lastX = Double.NaN;
        double lastY = Double.NaN;
        for (int i = 0; i < t.intermediateCount(); i++) {
            double v = t.intermediateAt(i);
            if (!plot.inside(i + 1, v)) {
                continue;
            }
            lastX = plot.px(i + 1);
            lastY = plot.py(v);
            d.append(d.length() == 0 ? "M" : "L").append(SvgPlot.fmt("%.1f %.1f ", lastX, lastY));
        }
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
